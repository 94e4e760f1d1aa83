//! Where a command's text goes: stdout, or the files `--svg`/`--html` name
//! (`-` meaning stdout), with a note on stderr of each file written.

use std::path::PathBuf;

use crate::report::Failure;

/// Each text to its file (`-`: returned, for stdout), noting each file written.
pub fn write_outputs(outputs: [(Option<PathBuf>, String); 2]) -> Result<String, Failure> {
    let mut stdout = String::new();
    for (path, text) in outputs {
        let Some(path) = path else { continue };
        stdout.push_str(&write_to(&path, &text)?);
    }
    Ok(stdout)
}

/// `text` written to `path`, or returned for stdout when `path` is `-`.
pub fn write_to(path: &std::path::Path, text: &str) -> Result<String, Failure> {
    if path.as_os_str() == "-" {
        return Ok(text.to_string());
    }
    std::fs::write(path, text)
        .map_err(|e| Failure::new(format!("cannot write {}: {e}", path.display()), None))?;
    eprintln!("wrote {}", path.display());
    Ok(String::new())
}
