//! The `layout` binary as a user runs it: snapshots of `print`, `explain`,
//! errors and `--help` (accept changes with `cargo insta review` after
//! reading them), the batch and JSON protocols, and the SVG checked as XML.
//!
//! Every command runs with `NO_COLOR` set and `--color never` where colour
//! could appear, so the snapshots do not depend on the terminal.

mod common;

use common::{fails, layout, ok};

/// The README's seed layout and coordinate.
const SEED: &str = "((2,4),(3,5)):((3,6),(1,24))";
const SEED_CRD2IDX: &str = "crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))";

#[test]
fn eval_prints_the_readme_answer() {
    assert_eq!(ok(&["eval", SEED_CRD2IDX]), "129\n");
}

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

#[test]
fn svg_is_valid_xml_with_one_rect_per_cell() {
    let svg = ok(&["print", "--svg", "-", "zipped_divide((4,6):(1,4), (2,3))"]);
    let doc = roxmltree::Document::parse(&svg).expect("SVG parses as XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    // Two panels, A (4×6) and the result (6×4), 24 cells each.
    assert_eq!(class("panel"), 2);
    assert_eq!(class("cell"), 48);
    assert_eq!(class("offset"), 48);
    assert_eq!(class("col"), 6 + 4);
    assert_eq!(class("row"), 4 + 6);
    assert!(class("tile-edge") > 0);
    // Four tiles: four different fills among the cells of A.
    let mut fills: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    fills.sort_unstable();
    fills.dedup();
    assert_eq!(fills.len(), 4, "{fills:?}");
}

#[test]
fn svg_of_a_by_mode_product_has_a_colour_per_copy() {
    let svg = ok(&[
        "print",
        "--svg",
        "-",
        "logical_product((2,2):(1,2), <3:1,2:1>)",
    ]);
    let doc = roxmltree::Document::parse(&svg).expect("SVG parses as XML");
    let class = |c: &str| {
        doc.descendants()
            .filter(|n| n.attribute("class") == Some(c))
            .count()
    };
    // A product draws only the result: ((2,3),(2,2)), 6 rows × 4 columns.
    assert_eq!(class("panel"), 1);
    assert_eq!(class("cell"), 24);
    assert!(class("tile-edge") > 0);
    // 3 × 2 copies of A, one fill each.
    let mut fills: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .filter_map(|n| n.attribute("fill"))
        .collect();
    fills.sort_unstable();
    fills.dedup();
    assert_eq!(fills.len(), 6, "{fills:?}");
}

#[test]
fn svg_and_html_files() {
    let dir = std::env::temp_dir().join(format!("layout-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, html) = (dir.join("seed.svg"), dir.join("seed.html"));
    let out = layout()
        .args(["print", "--svg"])
        .arg(&svg)
        .arg("--html")
        .arg(&html)
        .arg(SEED)
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .count();
    assert_eq!(cells, 120);
    let html = std::fs::read_to_string(&html).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn svg_escapes_tilers() {
    let svg = ok(&["print", "--svg", "-", "composition((4,6):(1,4), <2:1,3:2>)"]);
    roxmltree::Document::parse(&svg).expect("`<…>` is escaped");
    assert!(svg.contains("&lt;2:1,3:2&gt;"));
}
