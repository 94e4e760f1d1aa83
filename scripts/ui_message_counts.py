#!/usr/bin/env python3
"""Count what the reviewed compile-fail messages (`ui-tests/*/*.stderr`) show.

Prints, over every `.stderr` the ui test pins:
  errors        the number of `error...:` lines (one per diagnostic)
  long          messages (the text after `error: ` / `error[EXXXX]: `) over 250 characters
  over_200      messages over 200 characters (long ones included)
  help          help lines (`help:` or `= help:`), rustc's or ours
  bound_notes   rustc's "note: required by a bound in ..." notes
and with `-v` each long message, help line and bound note with its file.

Run from the workspace root: `python3 scripts/ui_message_counts.py [-v]`.
`tests/ui_stderr_words.rs` holds the same limits as a test.
"""
import glob
import re
import sys

LONG = 250
OVER = 200


def main():
    verbose = "-v" in sys.argv[1:]
    counts = {"errors": 0, "long": 0, "over_200": 0, "help": 0, "bound_notes": 0}
    for path in sorted(glob.glob("ui-tests/*/*.stderr")):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                kind = None
                if line.startswith("error"):
                    counts["errors"] += 1
                    message = re.sub(r"^error(\[E\d+\])?: ", "", line)
                    if len(message) > OVER:
                        counts["over_200"] += 1
                    if len(message) > LONG:
                        kind = "long"
                elif re.match(r"^\s*(= )?help:", line):
                    kind = "help"
                elif line.startswith("note: required by a bound"):
                    kind = "bound_notes"
                if kind:
                    counts[kind] += 1
                    if verbose:
                        print(f"{kind}\t{path}:{n}\t{line[:160]}")
    print(" ".join(f"{k}={v}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
