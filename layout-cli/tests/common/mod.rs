//! How the CLI tests run the `layout` binary: without colour, so output is
//! the same on every terminal.

#![allow(dead_code)] // each test file uses its own part of this

use assert_cmd::cargo::cargo_bin_cmd;

/// The README's seed layout.
pub const SEED: &str = "((2,4),(3,5)):((3,6),(1,24))";

/// The `layout` binary, colour off.
pub fn layout() -> assert_cmd::Command {
    let mut cmd = cargo_bin_cmd!("layout");
    cmd.env("NO_COLOR", "1").env_remove("COLORTERM");
    cmd
}

/// Run, expecting success; stdout.
pub fn ok(args: &[&str]) -> String {
    let out = layout().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Run, expecting exit status 1 and nothing on stdout; stderr.
pub fn fails(args: &[&str]) -> String {
    let out = layout().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?} should fail");
    assert!(out.stdout.is_empty(), "{args:?} wrote to stdout");
    String::from_utf8(out.stderr).unwrap()
}
