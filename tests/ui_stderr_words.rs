//! What no reviewed compile-fail message (`ui-tests/*/*.stderr`, pinned by
//! `tests/ui.rs`) may show a user: a path through the crate's hidden
//! module (`__private`: a check's trait or type is re-exported in
//! `typed::checks` so that rustc prints its name alone), or rustc's list
//! of "the following other types implement trait …" (the impls of a check
//! are `#[diagnostic::do_not_recommend]`; the message says what fits). A
//! new ui case that shows either fails here with the file and the line.

use std::fs;

#[test]
fn no_ui_message_shows_a_private_path_or_a_list_of_impls() {
    let mut found = Vec::new();
    let mut files = 0;
    for category in fs::read_dir("ui-tests").unwrap() {
        let category = category.unwrap().path();
        if !category.is_dir() {
            continue;
        }
        for file in fs::read_dir(&category).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_none_or(|e| e != "stderr") {
                continue;
            }
            files += 1;
            let text = fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                if line.contains("__private")
                    || line.contains("the following other types implement")
                {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(files > 100, "only {files} .stderr files under ui-tests");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
