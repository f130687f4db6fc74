#!/usr/bin/env python3
"""Issue 36, point 5: the lower bound of the bytes a frame change needs, and what was sent.

    scripts/bytes-bound.py BEFORE AFTER SENT [--json]

BEFORE and AFTER are `tmux capture-pane -p -e -N` of the pane before and after the change; SENT
is what the pane's program wrote meanwhile (`tmux pipe-pane -o`). A cell changed when its
character or its look (colours, attributes) differs. The bound is the UTF-8 text of the changed
cells plus, for each run of changed cells on a row, the shortest way to put the cursor at its
start, given where the previous run left it:

- CUP `ESC [ row ; col H` (`ESC [ row H` at column 1, `ESC [ H` at the top left) from anywhere
  (the first run always: where the cursor was before is not known);
- on the same row: CHA `ESC [ col G`, CUF `ESC [ n C` (`ESC [ C` for one), CUB likewise, CR
  to column 1, or the unchanged cells in between written again when that is shorter (their
  text only: a lower bound, whatever their colours);
- in the same column: VPA `ESC [ row d`, CUD `ESC [ n B` (`ESC [ B`), LF one row down;
- CR LF to the start of the next row.

The cheapest that applies is counted (all are in tmux's and xterm's terminfo or ECMA-48 and
understood by tmux); no colour change is counted, so the bound is below anything a terminal
could be sent. SENT is split into text, cursor moves, SGR (colours and attributes) and other
controls. Prints one line: `sent bound ratio cells runs rows text_bytes move_bytes` and the
split of SENT, or a JSON object with --json.
"""
import json
import re
import sys
import unicodedata

SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def width(char):
    if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def apply_sgr(style, params):
    fg, bg, attrs = style
    attrs = set(attrs)
    parts = [p for p in params.replace(":", ";").split(";")] if params else ["0"]
    i = 0
    while i < len(parts):
        p = int(parts[i] or 0)
        if p == 0:
            fg, bg, attrs = None, None, set()
        elif p in (38, 48):
            if i + 1 < len(parts) and parts[i + 1] == "5":
                value, i = "5;" + parts[i + 2], i + 2
            else:
                value, i = "2;" + ";".join(parts[i + 2:i + 5]), i + 4
            if p == 38:
                fg = value
            else:
                bg = value
        elif 30 <= p <= 37 or 90 <= p <= 97:
            fg = str(p)
        elif p == 39:
            fg = None
        elif 40 <= p <= 47 or 100 <= p <= 107:
            bg = str(p)
        elif p == 49:
            bg = None
        elif p == 22:
            attrs -= {1, 2}
        elif 23 <= p <= 29:
            attrs.discard(p - 20)
        else:
            attrs.add(p)
        i += 1
    return (fg, bg, frozenset(attrs))


def grid(path):
    """Rows of cells (character, style); a wide character's second cell is (None, style)."""
    rows = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    style = (None, None, frozenset())
    for line in text.split("\n"):
        cells = []
        position = 0
        while position < len(line):
            match = SGR.match(line, position)
            if match:
                style = apply_sgr(style, match.group(1))
                position = match.end()
                continue
            char = line[position]
            position += 1
            w = width(char)
            if w == 0 and cells:
                previous, look = cells[-1] if cells[-1][0] is not None else cells[-2]
                index = len(cells) - 1 if cells[-1][0] is not None else len(cells) - 2
                cells[index] = (previous + char, look)
                continue
            cells.append((char, style))
            if w == 2:
                cells.append((None, style))
        rows.append(cells)
    if rows and not rows[-1]:
        rows.pop()
    return rows


def digits(n):
    return len(str(n))


def move_cost(at, to, gap_text):
    """Bytes of the cheapest single move from `at` (row, col, 1-based; None: unknown) to `to`."""
    row, col = to
    cup = 3 if (row, col) == (1, 1) else (3 + digits(row) if col == 1 else 4 + digits(row) + digits(col))
    if at is None:
        return cup
    r0, c0 = at
    options = [cup]
    if row == r0:
        if col == c0:
            return 0
        options.append(3 if col == 1 else 3 + digits(col))          # CHA
        n = abs(col - c0)
        options.append(3 if n == 1 else 3 + digits(n))               # CUF / CUB
        if col == 1:
            options.append(1)                                         # CR
        if gap_text is not None:
            options.append(len(gap_text.encode("utf-8")))             # the cells in between again
    if col == c0:
        options.append(3 + digits(row))                               # VPA
        n = abs(row - r0)
        options.append(3 if n == 1 else 3 + digits(n))               # CUD / CUU
        if row == r0 + 1:
            options.append(1)                                         # LF
    if row == r0 + 1 and col == 1:
        options.append(2)                                             # CR LF
    return min(options)


def bound(before, after):
    height = max(len(before), len(after))
    width_ = max([len(r) for r in before + after] or [0])
    blank = (" ", (None, None, frozenset()))
    cells = runs = text_bytes = move_bytes = 0
    rows_changed = 0
    at = None
    for r in range(height):
        old = (before[r] if r < len(before) else []) + [blank] * width_
        new = (after[r] if r < len(after) else []) + [blank] * width_
        c = 0
        row_changed = False
        while c < width_:
            if old[c] == new[c]:
                c += 1
                continue
            start = c
            while c < width_ and old[c] != new[c]:
                c += 1
            # A wide character's two cells go together.
            if start > 0 and new[start][0] is None:
                start -= 1
            if c < width_ and new[c][0] is None:
                c += 1
            gap = None
            if at is not None and at[0] == r + 1 and at[1] <= start + 1:
                gap = "".join(ch for ch, _ in new[at[1] - 1:start] if ch is not None)
            move_bytes += move_cost(at, (r + 1, start + 1), gap)
            text = "".join(ch for ch, _ in new[start:c] if ch is not None)
            text_bytes += len(text.encode("utf-8"))
            cells += c - start
            runs += 1
            row_changed = True
            at = (r + 1, c + 1) if c < width_ else None
        rows_changed += row_changed
    return {"cells": cells, "runs": runs, "rows": rows_changed, "text": text_bytes, "moves": move_bytes,
            "bound": text_bytes + move_bytes}


def split_sent(data):
    """Bytes of text, cursor moves, SGR and other controls in what was sent."""
    counts = {"text": 0, "moves": 0, "sgr": 0, "other": 0}
    i = 0
    while i < len(data):
        b = data[i]
        if b == 0x1B and i + 1 < len(data) and data[i + 1] == ord("["):
            j = i + 2
            while j < len(data) and not (0x40 <= data[j] <= 0x7E):
                j += 1
            final = chr(data[j]) if j < len(data) else ""
            kind = "sgr" if final == "m" else ("moves" if final in "HfGCDABd`" else "other")
            counts[kind] += j + 1 - i
            i = j + 1
        elif b == 0x1B:
            counts["other"] += 2 if i + 1 < len(data) and data[i + 1] not in b"()" else 3
            i += 2 if i + 1 < len(data) and data[i + 1] not in b"()" else 3
        elif b in (0x0D, 0x0A, 0x08):
            counts["moves"] += 1
            i += 1
        elif b < 0x20 or b == 0x7F:
            counts["other"] += 1
            i += 1
        else:
            counts["text"] += 1
            i += 1
    return counts


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 3:
        sys.exit(__doc__)
    result = bound(grid(args[0]), grid(args[1]))
    with open(args[2], "rb") as handle:
        sent = handle.read()
    result["sent"] = len(sent)
    result["ratio"] = round(len(sent) / result["bound"], 2) if result["bound"] else None
    result["sent_split"] = split_sent(sent)
    if "--json" in sys.argv:
        print(json.dumps(result))
    else:
        s = result["sent_split"]
        print(f"{result['sent']} {result['bound']} {result['ratio']} {result['cells']} {result['runs']} {result['rows']} "
              f"{result['text']} {result['moves']} text {s['text']} moves {s['moves']} sgr {s['sgr']} other {s['other']}")


if __name__ == "__main__":
    main()
