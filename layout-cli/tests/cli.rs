//! The `layout` binary as a user runs it: snapshots of `print`, `explain`,
//! errors and `--help` (accept changes with `cargo insta review` after
//! reading them) and the JSON protocol; the batch protocol is in batch.rs,
//! the SVG and HTML files in svg.rs.
//!
//! Every command runs with `NO_COLOR` set and `--color never` where colour
//! could appear, so the snapshots do not depend on the terminal.

mod common;

use common::{SEED, fails, layout, ok};

/// The README's seed coordinate of [`SEED`].
const SEED_CRD2IDX: &str = "crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))";

#[test]
fn eval_prints_the_readme_answer() {
    assert_eq!(ok(&["eval", SEED_CRD2IDX]), "129\n");
}

#[test]
fn eval_json_has_the_numbers() {
    let out = ok(&["eval", "--json", SEED]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let value = &v["value"];
    assert_eq!(value["kind"], "layout");
    assert_eq!(value["shape"], serde_json::json!([[2, 4], [3, 5]]));
    assert_eq!(value["stride"], serde_json::json!([[3, 6], [1, 24]]));
    assert_eq!(
        (value["size"].as_i64(), value["cosize"].as_i64()),
        (Some(120), Some(120))
    );
    assert_eq!(value["map"].as_array().unwrap().len(), 120);
    insta::assert_snapshot!("eval_json_small", ok(&["eval", "--json", "(2,2):(1,2)"]));
}

#[test]
fn eval_json_reports_errors_as_json() {
    let out = layout()
        .args(["eval", "--json", "(4,8):(1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["start"], 6);
    assert_eq!(v["error"]["end"], 7);
}

#[test]
fn print_seed_layout() {
    insta::assert_snapshot!("print_seed", ok(&["print", "--color", "never", SEED]));
}

#[test]
fn print_rank_1_and_rank_3() {
    insta::assert_snapshot!("print_rank1", ok(&["print", "8:2"]));
    insta::assert_snapshot!("print_rank3", ok(&["print", "(2,3,4):(12,4,1)"]));
}

#[test]
fn print_divide_shows_the_tiles() {
    let args = ["print", "logical_divide((4,2,3):(2,1,8), 4:2)"];
    insta::assert_snapshot!("print_logical_divide", ok(&args));
    let args = ["print", "zipped_divide((4,6):(1,4), (2,3))"];
    insta::assert_snapshot!("print_zipped_divide", ok(&args));
}

#[test]
fn print_product_shows_the_copies() {
    let args = ["print", "blocked_product((2,2):(1,2), (2,3):(3,1))"];
    insta::assert_snapshot!("print_blocked_product", ok(&args));
    let args = ["print", "raked_product((2,2):(1,2), (2,3):(3,1))"];
    insta::assert_snapshot!("print_raked_product", ok(&args));
}

/// A by-mode tiler multiplies each mode apart; the copies still show.
#[test]
fn print_by_mode_product_shows_the_copies() {
    let args = ["print", "logical_product((2,2):(1,2), <2:1,2:1>)"];
    insta::assert_snapshot!("print_logical_product_by_mode", ok(&args));
    let args = ["print", "zipped_product((2,2):(1,2), (2,2))"];
    insta::assert_snapshot!("print_zipped_product", ok(&args));
    let args = ["print", "flat_product((2,2):(1,2), <3:1,2:1>)"];
    insta::assert_snapshot!("print_flat_product", ok(&args));
}

#[test]
fn print_32_by_32_stays_compact() {
    let out = ok(&["print", "(32,32):(32,1)"]);
    let widest = out.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 170, "{widest} columns");
    assert!(out.lines().count() <= 40, "{} lines", out.lines().count());
    assert!(out.contains("1023"));
}

#[test]
fn print_non_layouts_plainly() {
    assert_eq!(ok(&["print", "size(8:1)"]), "8\n");
}

#[test]
fn print_colours_only_when_asked() {
    let plain = ok(&["print", "4:1"]);
    assert!(!plain.contains('\x1b'));
    let coloured = ok(&["print", "--color", "always", "4:1"]);
    assert!(coloured.contains("\x1b["), "{coloured}");
    // `always` beats NO_COLOR (set by `layout()`); `auto` through a pipe does not colour.
    assert!(!ok(&["print", "--color", "auto", "4:1"]).contains('\x1b'));
}

#[test]
fn explain_seed_crd2idx() {
    let out = ok(&["explain", SEED_CRD2IDX]);
    assert!(out.contains("((1,5),(0,4))"), "{out}");
    assert!(out.contains("1·3 + 5·6 + 0·1 + 4·24"), "{out}");
    insta::assert_snapshot!("explain_crd2idx", out);
}

#[test]
fn explain_algebra() {
    for (name, expr) in [
        ("explain_coalesce", "coalesce((2,(1,6)):(1,(6,2)))"),
        (
            "explain_composition",
            "composition((6,2):(8,2), (4,3):(3,1))",
        ),
        ("explain_complement", "complement((2,2):(1,6), 24)"),
        (
            "explain_logical_divide",
            "logical_divide((4,2,3):(2,1,8), 4:2)",
        ),
        ("explain_zipped_divide", "zipped_divide((4,6):(1,4), (2,3))"),
        (
            "explain_logical_product",
            "logical_product((2,2):(4,1), 6:1)",
        ),
        ("explain_nested", "crd2idx(idx2crd(5,(2,3)), (2,3):(3,1))"),
        ("explain_layout", SEED),
    ] {
        insta::assert_snapshot!(name, ok(&["explain", expr]));
    }
}

/// Composition's steps are the core's refinement: A's modes, B's leaves,
/// each leaf's pieces, then the proof (or the refusal and its witness).
#[test]
fn explain_composition_refinement() {
    let divisible = ok(&["explain", "composition((4,8):(8,1), (2,4):(1,8))"]);
    assert!(
        divisible.contains("exact by divisibility: (2,4):(8,2)"),
        "{divisible}"
    );
    insta::assert_snapshot!("explain_composition_divisible", divisible);
    let checked = ok(&["explain", "composition((8,5):(4,2), 4:5)"]);
    assert!(
        checked.contains("mode 0: 2 values, step 5; mode 1: 2 values, step 1"),
        "{checked}"
    );
    assert!(
        checked.contains("at all 4 indices of B: (2,2):(20,10)"),
        "{checked}"
    );
    insta::assert_snapshot!("explain_composition_checked", checked);
}

/// A refused composition: its steps on stdout, ending on the refusal with
/// the witness index, and the usual error report on stderr (exit status 1).
#[test]
fn explain_refused_composition_shows_its_steps() {
    let src = "composition((8,2):(1,100), (2,7):(7,1))";
    let out = layout().args(["explain", src]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stdout.contains("refused: composition is not admissible: A(B(3)) = 100"),
        "{stdout}"
    );
    assert!(
        stderr.starts_with("error: composition is not admissible: A(B(3)) = 100"),
        "{stderr}"
    );
    // Any other failing expression still explains nothing.
    fails(&["explain", "composition((4,2):(1,8), 3:(2,1))"]);
    insta::assert_snapshot!("explain_composition_refused", stdout);
    insta::assert_snapshot!("explain_composition_refused_error", stderr);
}

#[test]
fn explain_seeds() {
    for (name, expr) in [
        ("explain_broadcast", "broadcast((2,1,4),(3,1),(0,1,1,1))"),
        ("explain_broadcast_to", "broadcast_to((3,1):(1,1),(2,3,4))"),
        ("explain_real_axis", "real_axis(-1,4)"),
        ("explain_idx2crd_right", "idx2crd(5,(2,3),LayoutRight)"),
        ("explain_idx2crd_stride", "idx2crd(10,(2,3,4),(1,1,1))"),
        ("explain_descriptor", "descriptor((2,3,4),ColumnMajor)"),
        (
            "explain_descriptor_strides",
            "descriptor((2,3,4),(100,0,0),RowMajor)",
        ),
        ("explain_diagonal", "diagonal((2,3,3):(9,3,1),-1,1,2)"),
        ("explain_table", "table(diagonal((3,4):(4,1),1))"),
        ("explain_stripes", "stripes((2,3,4):(12,4,1),1)"),
        ("explain_slice_axis", "slice_axis((2,3,4):(12,4,1),1,2)"),
        ("explain_block", "block((5,4):(4,1),(2,3),5)"),
        ("explain_positions", "positions((2,4):(4,1),(1,2))"),
    ] {
        let out = ok(&["explain", expr]);
        assert!(!out.contains("no step-by-step"), "{out}");
        insta::assert_snapshot!(name, out);
    }
}

/// The partitions: the step's projection, the thread's coordinate, the
/// zipped divide and its slice (the views are CuTe C++'s, golden data).
#[test]
fn explain_partitions() {
    for (name, expr) in [
        (
            "explain_local_tile_step",
            "local_tile((16,8):(1,16), (4,2,4), (1,0,_), (1,X,1))",
        ),
        (
            "explain_local_partition_step",
            "local_partition((8,32):(1,8), (2,16,1):(16,1,0), 17, (1,X,1))",
        ),
        (
            "explain_outer_partition",
            "outer_partition((8,4):(1,8), (2,2), (1,0))",
        ),
        // Thread 17 named by its coordinate: the same view as above.
        (
            "explain_local_partition_coordinate",
            "local_partition((8,32):(1,8), (2,16,1):(16,1,0), (1,1,0), (1,X,1))",
        ),
    ] {
        let out = ok(&["explain", expr]);
        assert!(out.contains("zipped_divide"), "{out}");
        insta::assert_snapshot!(name, out);
    }
}

#[test]
fn errors_point_at_the_token() {
    for (name, args) in [
        ("error_unknown_function", ["eval", "crd2ix(1, 8:1)"]),
        (
            "error_not_admissible",
            ["print", "composition((4,2):(1,8), 3:2)"],
        ),
        ("error_unclosed", ["explain", "(4,8):(1"]),
    ] {
        insta::assert_snapshot!(name, fails(&args));
    }
}

#[test]
fn print_refuses_huge_layouts() {
    let err = fails(&["print", "(1024,1024):(1,1024)"]);
    assert!(err.contains("at most 65536"), "{err}");
}

#[test]
fn help_for_every_subcommand() {
    insta::assert_snapshot!("help", ok(&["--help"]));
    for sub in ["eval", "print", "explain", "completions", "man"] {
        insta::assert_snapshot!(format!("help_{sub}"), ok(&[sub, "--help"]));
    }
    assert!(ok(&["--version"]).starts_with("layout "));
}

#[test]
fn completions_and_man_page() {
    assert!(ok(&["completions", "bash"]).contains("layout"));
    // The expression argument completes the registry's function names in
    // every shell (clap_complete offers a positional's values to bash and
    // zsh; the CLI adds them to fish, elvish and powershell).
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = ok(&["completions", shell]);
        for f in layout_core::FUNCTIONS {
            assert!(script.contains(f.name), "{shell}: no `{}`", f.name);
        }
    }
    let fish = ok(&["completions", "fish"]);
    let elvish = ok(&["completions", "elvish"]);
    let powershell = ok(&["completions", "powershell"]);
    for sub in ["eval", "print", "explain"] {
        let line = format!(
            "complete -c layout -n \"__fish_layout_using_subcommand {sub}\" -a 'logical_divide' -d '"
        );
        assert!(fish.contains(&line), "fish: no `logical_divide` for {sub}");
        // The condition the appended lines use is defined by clap_complete's part.
        assert!(fish.contains("function __fish_layout_using_subcommand"));
        // Every name is a candidate in the subcommand's own block (before
        // the next block begins), not only somewhere in the script.
        for (script, header, candidate) in [
            (&elvish, format!("&'layout;{sub}'= {{"), "cand '{}' '"),
            (
                &powershell,
                format!("'layout;{sub}' {{"),
                "[CompletionResult]::new('{}', '{}', [CompletionResultType]::ParameterValue, '",
            ),
        ] {
            let start = script
                .find(&header)
                .unwrap_or_else(|| panic!("no {header}"));
            let block = &script[start..];
            let block = &block[..block[header.len()..].find("'layout;").unwrap() + header.len()];
            for f in layout_core::FUNCTIONS {
                let wanted = candidate.replace("{}", f.name);
                assert!(block.contains(&wanted), "{header}: no `{}`", f.name);
            }
        }
    }
    // `--help` says every shell completes function names.
    let help = ok(&["completions", "--help"]);
    assert!(help.contains("function names in every shell"), "{help}");
    assert!(ok(&["man"]).contains(".TH layout"));
}
