//! `layout eval`: one expression (result or caret error), or a batch from
//! stdin (one line out per line in), either as canonical text or as JSON.

use std::io::{self, BufRead, BufWriter, Write};

use layout_core::{Error, IntTuple, Layout, Tiler, Value};
use serde_json::{Value as Json, json};

use crate::report;

/// Layouts up to this size get their whole `map` (every offset) in JSON.
pub const MAP_LIMIT: i64 = 1024;

/// Batch mode: one result line per input line, errors included, in order.
/// Text lines are the canonical value or `error: at START..END: message`;
/// JSON lines are the objects of [`json_result`].
///
/// Lines are read as bytes into one reused buffer, so a line that is not
/// UTF-8 is one more `error:` line (naming the bad byte) rather than the end
/// of the batch, and no line costs an allocation of its own. A line ends at
/// `\n`, and a `\r` before it is dropped, as [`BufRead::lines`] does.
pub fn lines(mut input: impl BufRead, output: impl Write, as_json: bool) -> io::Result<()> {
    let mut out = BufWriter::new(output);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return out.flush();
        }
        let bytes = strip_line_end(&buf);
        let line = match std::str::from_utf8(bytes) {
            Ok(line) => line,
            Err(invalid) => {
                write_not_utf8(&mut out, bytes, &invalid, as_json)?;
                continue;
            }
        };
        let result = layout_core::evaluate(line);
        if as_json {
            writeln!(out, "{}", json_result(line, &result))?;
        } else {
            match result {
                Ok(value) => writeln!(out, "{value}")?,
                Err(error) => writeln!(out, "{}", report::one_line(&error))?,
            }
        }
    }
}

/// A line without its `\n` or `\r\n`.
fn strip_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The error line for a line that is not UTF-8: the byte range of the first
/// bad byte (as core errors give spans), its value, and its column counted
/// in characters from 1, as a caret would place it.
fn write_not_utf8(
    out: &mut impl Write,
    bytes: &[u8],
    invalid: &std::str::Utf8Error,
    as_json: bool,
) -> io::Result<()> {
    let start = invalid.valid_up_to();
    let valid = std::str::from_utf8(&bytes[..start]).unwrap_or_default();
    let column = valid.chars().count() + 1;
    let message = format!(
        "the line is not valid UTF-8: byte 0x{:02X} at column {column}",
        bytes[start]
    );
    if as_json {
        let json = json!({
            "expr": String::from_utf8_lossy(bytes),
            "error": { "message": message, "start": start, "end": start + 1 },
        });
        writeln!(out, "{json}")
    } else {
        writeln!(out, "error: at {start}..{}: {message}", start + 1)
    }
}

/// `{"expr": …, "value": {…}}` or `{"expr": …, "error": {"message", "start", "end"}}`.
pub fn json_result(src: &str, result: &Result<Value, Error>) -> Json {
    match result {
        Ok(value) => json!({ "expr": src, "value": json_value(value) }),
        Err(error) => {
            let span = error.span();
            json!({
                "expr": src,
                "error": {
                    "message": error.to_string(),
                    "start": span.map(|s| s.start),
                    "end": span.map(|s| s.end),
                }
            })
        }
    }
}

/// A value for scripts: its kind, its canonical text, and its numbers.
pub fn json_value(value: &Value) -> Json {
    let text = value.to_string();
    match value {
        Value::IntTuple(t @ IntTuple::Int(_)) => {
            json!({ "kind": "integer", "text": text, "value": int_tuple(t) })
        }
        Value::IntTuple(t) => json!({ "kind": "tuple", "text": text, "value": int_tuple(t) }),
        Value::Layout(l) => layout(l),
        Value::View(v) => {
            let mut j = layout(v.layout());
            j["kind"] = json!("view");
            j["text"] = json!(text);
            j["base"] = json!(v.base());
            if v.layout().size() <= MAP_LIMIT {
                j["map"] = json!(v.offsets().collect::<Vec<_>>());
            }
            j
        }
        Value::Tiler(t) => tiler(t),
        Value::Table(t) => json!({ "kind": "table", "text": text, "value": t.as_slice() }),
        Value::Major(_) | Value::TensorLayout(_) => json!({ "kind": "tag", "text": text }),
        Value::Swizzle(s) => json!({
            "kind": "swizzle", "text": text, "bits": s.bits(), "base": s.base(), "shift": s.shift(),
        }),
        Value::Composed(c) => {
            let mut j = json!({
                "kind": "composed", "text": text, "outer": c.outer().to_string(),
                "offset": c.offset(), "inner": layout(c.inner()),
                "size": c.size(), "cosize": c.cosize(),
            });
            if c.size() <= MAP_LIMIT {
                if let Ok(map) = c.offsets() {
                    j["map"] = json!(map);
                }
            }
            j
        }
        // `Value` is non-exhaustive: a new kind still reports its text.
        _ => json!({ "kind": "other", "text": text }),
    }
}

fn tiler(t: &Tiler) -> Json {
    match t {
        Tiler::Layout(l) => layout(l),
        Tiler::ByMode(modes) => json!({
            "kind": "tiler",
            "text": t.to_string(),
            "modes": modes.iter().map(tiler).collect::<Vec<_>>(),
        }),
    }
}

fn layout(l: &Layout) -> Json {
    let mut j = json!({
        "kind": "layout",
        "text": l.to_string(),
        "shape": int_tuple(l.shape()),
        "stride": int_tuple(l.stride()),
        "rank": l.rank(),
        "depth": l.depth(),
        "size": l.size(),
        "cosize": l.cosize(),
    });
    if l.size() <= MAP_LIMIT {
        j["map"] = json!(l.offsets().collect::<Vec<_>>());
    }
    j
}

/// An integer as a number, a tuple as a (nested) array.
fn int_tuple(t: &IntTuple) -> Json {
    match t {
        IntTuple::Int(n) => json!(n),
        IntTuple::Tuple(v) => Json::Array(v.iter().map(int_tuple).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batch_keeps_one_line_per_input_line() {
        let input = "size(8:1)\n(4,8):(1\n\ncrd2idx((1,2,3), (3,4,5):(20,5,1))\n";
        let mut out = Vec::new();
        lines(input.as_bytes(), &mut out, false).unwrap();
        let lines: Vec<&str> = std::str::from_utf8(&out).unwrap().lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "8");
        assert_eq!(lines[1], "error: at 6..7: `(` is never closed");
        assert!(lines[2].starts_with("error: "), "{}", lines[2]);
        assert_eq!(lines[3], "33");
    }

    #[test]
    fn json_batch_is_one_object_per_line() {
        let mut out = Vec::new();
        lines("(2,2):(1,2)\n(\n".as_bytes(), &mut out, true).unwrap();
        let lines: Vec<Json> = std::str::from_utf8(&out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["value"]["map"], json!([0, 1, 2, 3]));
        assert_eq!(lines[1]["error"]["start"], json!(0));
    }
}
