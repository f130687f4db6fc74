#!/usr/bin/env bash
# Writes linker/homescreen.order: the functions the executable runs in its everyday paths (a
# status line, `status --follow`, `homescreen tmux`, the dashboard's first frame at 80×24 and
# 160×48 and its common keys, the pantry commands), run by run as callgrind lists them. The release
# link (Package.swift) puts them side by side at the front of the code, so the pages one start
# touches hold little else: the kernel maps code 64 KB around each page fault, and with the hot
# functions spread over 20 MB of code the dashboard kept 16 MB of it resident (BENCHMARKS.md).
# Functions come from callgrind (valgrind), which records every function that runs, not a sample.
# After them come the data a status line touches (lackey, which records every load and store):
# the runtime's caches, once-tokens and metadata each object file keeps in its .bss and .data,
# listed so that the linker puts those sections side by side too. Zero-filled and written pages
# cannot be mapped 64 KB at a time: each page costs a fault of its own, two when read first.
#   scripts/generate-link-order.sh        (needs valgrind, tmux; apt-get install valgrind tmux)
# A list that is stale (functions renamed or gone since) costs some speed and memory, never a
# build or a test: the linker skips names it does not find. scripts/benchmark.sh reports how
# much of the list the executable still has.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
# The link map says which functions share a section: see the filter at the end.
swift build -c release --static-swift-stdlib --product homescreen -Xlinker -Map="$work/map" >/dev/null
socket="hs-order-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
chmod 700 "$work"
# valgrind cannot read the DWARF of a 100 MB executable; the symbol table is enough.
bin="$work/homescreen"
strip -g -o "$bin" .build/release/homescreen
export TZ=Europe/Zurich LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" TERM=tmux-256color
mkdir -m 700 "$work/config" "$work/state"
"$bin" demo --store "$work/demo.sqlite" >/dev/null
export HOMESCREEN_STORE="$work/demo.sqlite"
n=0
grind() { n=$((n + 1)); valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/${kind:-run}.$n" "$@"; }

# The command line: status lines in each format, a write, and a follower that sees it.
kind=status grind "$bin" status pantry --format tmux >/dev/null 2>&1
kind=status grind "$bin" status --format tmux >/dev/null 2>&1
kind=status grind "$bin" status pantry budget --format json >/dev/null 2>&1
kind=status grind "$bin" status calendar --format ansi >/dev/null 2>&1
# The same status lines' loads and stores: what they touch of the executable's data.
for arguments in "pantry --format tmux" "--format tmux" "pantry budget --format json"; do
  # shellcheck disable=SC2086
  valgrind --tool=lackey --trace-mem=yes --log-file="$work/lackey" "$bin" status $arguments >/dev/null 2>&1
  grep -v '^I' "$work/lackey" >> "$work/touched"
  rm -f "$work/lackey"
done
# The follower prints once, then again after a write that makes a new first product; writes
# go on until it has (it starts slowly under valgrind), and it ends when `head` closes its output.
n=$((n + 1))
(for i in $(seq 40); do sleep 3; [ -s "$work/run.$n" ] && break; "$bin" pantry add "Old milk $i" --due "-$((30 + i))d" >/dev/null; done) &
writer=$!
timeout 300 valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/run.$n" "$bin" status pantry --follow --format tmux 2>/dev/null | head -2 >/dev/null || true
kill "$writer" 2>/dev/null || true
grind "$bin" pantry consume >/dev/null 2>&1
grind "$bin" pantry list >/dev/null 2>&1

# The dashboard and `homescreen tmux` in a tmux server, driven with keys.
dashboard() {   # COLUMNS ROWS KEYS...
  local columns=$1 rows=$2; shift 2
  n=$((n + 1))
  tmux -L "$socket" -f /dev/null new-session -d -s "d$n" -x "$columns" -y "$rows" \
    "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/dash.$n $bin 2>/dev/null"
  for _ in $(seq 120); do sleep 1; tmux -L "$socket" capture-pane -p -t "d$n" | grep -q "Pantry" && break; done
  sleep 2
  for key in "$@"; do tmux -L "$socket" send-keys -t "d$n" "$key"; sleep 3; done
  tmux -L "$socket" send-keys -t "d$n" q
  for _ in $(seq 60); do sleep 1; [ -s "$work/dash.$n" ] && break; done
}
dashboard 160 48 c Right Right t Enter Escape r u
dashboard 80 24 c Right Enter Escape t
n=$((n + 1))
tmux -L "$socket" -f /dev/null new-session -d -s feed -x 100 -y 10 "sleep 600"
tmux -L "$socket" run-shell -b "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/run.$n $bin tmux 2>/dev/null"
sleep 10
"$bin" pantry add Bread --due today >/dev/null
sleep 5
tmux -L "$socket" kill-server
for _ in $(seq 30); do sleep 1; [ -s "$work/run.$n" ] && break; done

# Every function that ran and that the executable defines (not libc's), each run's in the
# order callgrind lists them: a status line's first, then the dashboard's, then the other
# commands' (see the comments below), so that a status line's code is one stretch and the
# dashboard's (the memory target) almost one.
mkdir -p linker
nm --defined-only "$bin" | awk '$2 ~ /^[tTwW]$/ {print $3}' | sort -u > "$work/defined"
python3 - "$work/defined" "$work"/status.* -- "$work"/dash.* -- "$work"/run.* > "$work/order" <<'PY'
import re, sys
defined = set(open(sys.argv[1]).read().split())
first, second = [index for index, argument in enumerate(sys.argv) if argument == "--"]
def functions(paths):
    seen = {}
    for path in paths:
        for line in open(path, errors="replace"):
            match = re.match(r"c?fn=\(\d+\) (.+)", line.strip())
            if match and match.group(1) in defined:
                seen.setdefault(match.group(1), None)
    return list(seen)
status, dashboard, commands = functions(sys.argv[2:first]), functions(sys.argv[first + 1:second]), functions(sys.argv[second + 1:])
# A status line's functions first, those the dashboard runs too leading (one stretch each for
# the status line, which starts every few seconds, and almost one for the dashboard); then the
# dashboard's own, those the other commands run too leading; then the other commands' own.
listed, drawn = set(status), set(dashboard)
dashboard_own = [f for f in dashboard if f not in listed]
others = set(commands) - listed
order = ([f for f in status if f in drawn] + [f for f in status if f not in drawn]
         + [f for f in dashboard_own if f in others] + [f for f in dashboard_own if f not in others]
         + [f for f in commands if f not in listed and f not in drawn])
print("\n".join(order))
PY
# A listed function brings its whole section to the front. The prebuilt archives have one
# section per source file (Swift's standard library, regex parser and string processing, the
# static SQLite's files): a large section of which a few functions run, close together, costs
# less where it is (a 64 KB window of code around each page touched) than all of it at the
# front. Such sections' functions are left out of the list.
python3 - "$work/map" "$work/order" > "$work/kept" <<'PY'
import re, sys
listed = open(sys.argv[2]).read().split()
wanted = set(listed)
line = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+( +)(.*)$")
sections, section, in_text = [], None, False
for text in open(sys.argv[1], errors="replace"):
    match = line.match(text)
    if not match: continue
    address, size, indent, name = int(match.group(1), 16), int(match.group(2), 16), len(match.group(3)), match.group(4)
    if indent <= 1:
        in_text = name == ".text"
    elif in_text and indent <= 9:
        section = (address, size, []); sections.append(section)
    elif in_text and section is not None and name in wanted:
        section[2].append((address - section[0], name))
window, dropped = 65536, set()
for _, size, functions in sections:
    windows = {offset // window for offset, _ in functions}
    if functions and size >= 48 * 1024 and len(windows) * window < 0.6 * size:
        dropped.update(name for _, name in functions)
print("\n".join(name for name in listed if name not in dropped))
PY
# The data symbols the status lines touched, in the order they first did, after the functions:
# zero-filled, written and relocated data, and read-only data (the type descriptors, conformance
# records and tables the runtime and SQLite read, each in a section of its own where the compiler
# made one), so that the pages a status line reads of each are few.
python3 - "$bin" "$work/touched" >> "$work/kept" <<'PY'
import bisect, re, subprocess, sys
binary, trace = sys.argv[1], sys.argv[2]
ranges = []
for line in subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    match = re.match(r"\s*\[\s*\d+\]\s+(\.bss|\.data|\.data\.rel\.ro|\.rodata)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if match: ranges.append((int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16)))
symbols = []
for line in subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines():
    parts = line.split()
    if len(parts) == 4 and parts[2] in "bBdDrR":
        symbols.append((int(parts[0], 16), max(int(parts[1], 16), 1), parts[3]))
symbols.sort()
starts = [start for start, _, _ in symbols]
seen = {}
for line in open(trace):
    try: address = int(line[3:].split(",")[0], 16)
    except ValueError: continue
    if not any(low <= address < high for low, high in ranges): continue
    index = bisect.bisect_right(starts, address) - 1
    if index >= 0 and symbols[index][0] <= address < symbols[index][0] + symbols[index][1]:
        seen.setdefault(symbols[index][2], None)
print("\n".join(seen))
PY
mv "$work/kept" linker/homescreen.order
# The link does not depend on the list: drop the executable so the next build links it again.
rm -f .build/release/homescreen
echo "linker/homescreen.order: $(wc -l < linker/homescreen.order) functions and data from $n runs"
