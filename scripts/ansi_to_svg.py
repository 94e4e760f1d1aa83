#!/usr/bin/env python3
"""Turn a terminal capture with ANSI colours (`tmux capture-pane -p -e`) into
an SVG of monospace text, so `rsvg-convert` can make a PNG screenshot of it.

Understands what `layout` and a shell prompt emit: SGR reset, bold, dim,
the 8/16 basic colours, 256-colour and 24-bit foregrounds and backgrounds.

    python3 scripts/ansi_to_svg.py < capture.ans > terminal.svg
"""

import re
import sys
from html import escape

FONT_SIZE = 14
CHAR_W = 8.43  # DejaVu Sans Mono advances 0.602 em
LINE_H = 17
PAD = 12
FG = "#e8e8e8"
BG = "#1e1e1e"

BASIC = [
    "#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
    "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff",
]


def color256(n):
    """The xterm 256-colour palette."""
    if n < 16:
        return BASIC[n]
    if n < 232:
        n -= 16
        levels = [0, 95, 135, 175, 215, 255]
        r, g, b = levels[n // 36], levels[(n // 6) % 6], levels[n % 6]
        return f"#{r:02x}{g:02x}{b:02x}"
    v = 8 + 10 * (n - 232)
    return f"#{v:02x}{v:02x}{v:02x}"


def apply_sgr(params, state):
    codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(codes):
        c = codes[i]
        if c == 0:
            state.update(fg=None, bg=None, bold=False, dim=False)
        elif c == 1:
            state["bold"] = True
        elif c == 2:
            state["dim"] = True
        elif c in (22,):
            state.update(bold=False, dim=False)
        elif 30 <= c <= 37:
            state["fg"] = BASIC[c - 30]
        elif 90 <= c <= 97:
            state["fg"] = BASIC[c - 90 + 8]
        elif 40 <= c <= 47:
            state["bg"] = BASIC[c - 40]
        elif 100 <= c <= 107:
            state["bg"] = BASIC[c - 100 + 8]
        elif c == 39:
            state["fg"] = None
        elif c == 49:
            state["bg"] = None
        elif c in (38, 48) and i + 1 < len(codes):
            key = "fg" if c == 38 else "bg"
            if codes[i + 1] == 5 and i + 2 < len(codes):
                state[key] = color256(codes[i + 2])
                i += 2
            elif codes[i + 1] == 2 and i + 4 < len(codes):
                r, g, b = codes[i + 2 : i + 5]
                state[key] = f"#{r:02x}{g:02x}{b:02x}"
                i += 4
        i += 1


def parse(line):
    """Runs of (text, style) for one line."""
    state = dict(fg=None, bg=None, bold=False, dim=False)
    runs = []
    for part in re.split(r"(\x1b\[[0-9;]*m)", line):
        m = re.fullmatch(r"\x1b\[([0-9;]*)m", part)
        if m:
            apply_sgr(m.group(1), state)
        elif part:
            runs.append((part, dict(state)))
    return runs


def main():
    lines = sys.stdin.read().rstrip("\n").split("\n")
    while lines and not re.sub(r"\x1b\[[0-9;]*m", "", lines[-1]).strip():
        lines.pop()
    parsed = [parse(l) for l in lines]
    cols = max((sum(len(t) for t, _ in runs) for runs in parsed), default=1)
    width = int(2 * PAD + cols * CHAR_W) + 1
    height = 2 * PAD + len(lines) * LINE_H
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="DejaVu Sans Mono, monospace" font-size="{FONT_SIZE}">',
        f'<rect width="100%" height="100%" rx="6" fill="{BG}"/>',
    ]
    for row, runs in enumerate(parsed):
        x, y = 0, PAD + row * LINE_H
        for text, st in runs:
            x0 = PAD + x * CHAR_W
            w = len(text) * CHAR_W
            if st["bg"]:
                out.append(
                    f'<rect x="{x0:.2f}" y="{y}" width="{w + 0.5:.2f}" height="{LINE_H}" fill="{st["bg"]}"/>'
                )
            fg = st["fg"] or FG
            attrs = ' font-weight="bold"' if st["bold"] else ""
            attrs += ' opacity="0.6"' if st["dim"] else ""
            if text.strip():
                out.append(
                    f'<text x="{x0:.2f}" y="{y + LINE_H - 4}" fill="{fg}"{attrs} '
                    f'xml:space="preserve" textLength="{w:.2f}">{escape(text)}</text>'
                )
            x += len(text)
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
