//! `layout eval` as a batch: one line in, one line out, whatever the line
//! holds (invalid UTF-8, NUL and control bytes, megabyte lines), in text
//! and JSON.

mod common;

use common::layout;

#[test]
fn batch_eval_keeps_its_one_line_protocol() {
    let out = layout()
        .arg("eval")
        .write_stdin("size(8:1)\n(4,8):(1\ncoalesce((2,4):(1,2))\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "8\nerror: at 6..7: `(` is never closed\n8:1\n"
    );
}

/// Run `layout eval` (batch) on raw bytes; stdout, after checking it succeeded.
fn batch(args: &[&str], input: Vec<u8>) -> String {
    let out = layout()
        .arg("eval")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "batch failed: {stderr}");
    assert!(out.stderr.is_empty(), "batch wrote to stderr: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn batch_reports_invalid_utf8_per_line_and_goes_on() {
    // A lone continuation byte, a truncated `€` after a valid `é`, a byte
    // that never occurs in UTF-8, and a final line with no newline.
    let input = b"size(8:1)\n\x80(4,8)\n\xc3\xa9\xe2\x82\n8:1\r\nab\xff\n(2,2):(1,2)".to_vec();
    assert_eq!(
        batch(&[], input),
        "8\n\
         error: at 0..1: the line is not valid UTF-8: byte 0x80 at column 1\n\
         error: at 2..3: the line is not valid UTF-8: byte 0xE2 at column 2\n\
         8:1\n\
         error: at 2..3: the line is not valid UTF-8: byte 0xFF at column 3\n\
         (2,2):(1,2)\n"
    );
}

#[test]
fn json_batch_reports_invalid_utf8_as_an_error_object() {
    let out = batch(&["--json"], b"\xfe8:1\n8:1\n".to_vec());
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["expr"], "\u{FFFD}8:1");
    assert_eq!(
        lines[0]["error"]["message"],
        "the line is not valid UTF-8: byte 0xFE at column 1"
    );
    assert_eq!(
        (&lines[0]["error"]["start"], &lines[0]["error"]["end"]),
        (&0.into(), &1.into())
    );
    assert_eq!(lines[1]["value"]["text"], "8:1");
}

#[test]
fn batch_escapes_nul_and_control_bytes_in_its_errors() {
    let out = batch(&[], b"8\x00:1\n\x00\n8:\x1b1\n8:1\n".to_vec());
    assert_eq!(
        out,
        "error: at 1..2: unexpected character `\\0`\n\
         error: at 0..1: unexpected character `\\0`\n\
         error: at 2..3: unexpected character `\\u{1b}`\n\
         8:1\n"
    );
}

#[test]
fn batch_survives_megabyte_lines() {
    const MB: usize = 1 << 20;
    let mut input = Vec::new();
    // Deep nesting is refused at the limit, not by overflowing the stack.
    input.extend(std::iter::repeat_n(b'(', MB));
    input.push(b'\n');
    // A long valid line is read whole: a megabyte of blanks, then `size`.
    input.extend(std::iter::repeat_n(b' ', MB));
    input.extend(b"size(8:1)\n");
    // A long tuple evaluates; its text is as long.
    let ones = vec!["1"; MB / 2].join(",");
    input.extend(format!("({ones})\n").bytes());
    // A megabyte of junk is one error, and the next line still works.
    input.extend(std::iter::repeat_n(b'\xff', MB));
    input.extend(b"\ncrd2idx((1,2,3), (3,4,5):(20,5,1))\n");
    let out = batch(&[], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "one output line per input line");
    assert_eq!(
        lines[0],
        "error: at 128..129: brackets nest more than 128 deep"
    );
    assert_eq!(lines[1], "8");
    assert_eq!(lines[2], format!("({ones})"));
    assert_eq!(
        lines[3],
        "error: at 0..1: the line is not valid UTF-8: byte 0xFF at column 1"
    );
    assert_eq!(lines[4], "33");
}

#[test]
fn a_megabyte_token_gives_a_short_error_line() {
    const MB: usize = 1 << 20;
    let mut input = Vec::new();
    for line in [
        "1".repeat(MB),
        "a".repeat(MB),
        format!("{}(1)", "f".repeat(MB)),
        format!("size(4:1) {}", "b".repeat(MB)),
    ] {
        input.extend(line.bytes());
        input.push(b'\n');
    }
    input.extend(b"size(4:1)\n");
    let out = batch(&[], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "one output line per input line");
    let start = "a".repeat(32);
    assert_eq!(
        lines[1],
        format!("error: at 0..{MB}: unknown name `{start}…` ({MB} characters)")
    );
    for line in &lines[..4] {
        assert!(line.starts_with("error: at "), "{line}");
        assert!(line.len() < 160, "{} bytes: {}", line.len(), &line[..80]);
    }
    assert_eq!(lines[4], "4");
}
