#!/usr/bin/env bash
# Issue 18's targets, measured side by side in one run, printed as one table (BENCHMARKS.md):
# `status` against `sqlite3`, idle wake-ups of the dashboard, `status --follow` and
# `homescreen tmux` (every thread, one shared idle window), a store write until `--follow`
# prints and until the tmux option changes, the dashboard's memory after its first frame
# (VmRSS, PSS, private), and bytes per consume (a product that keeps stock, and one that runs
# out so the list moves up, with what it sent over the lower bound of its changed cells at
# 120×40, 160×48 and 200×60: scripts/bytes-bound.py), and the store-size rows of
# scripts/benchmark-store-size.sh (1k/10k/100k products, 100k/1M expenses, reads and writes, the
# bulk insert beside the plain table). Release build, static Swift standard library, laid out
# (scripts/build-release.sh: llvm-bolt). Needs hyperfine,
# sqlite3, tmux and python3 (apt-get install hyperfine sqlite3 tmux).
#   scripts/benchmark.sh            # 60 s idle window, 10,000 products for the big store
#   scripts/benchmark.sh 20 10000   # a shorter idle window
#   scripts/benchmark.sh 60 10000 --in-process   # also the in-process timings (homescreen-bench)
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
count=${2:-10000}

bin=$(scripts/build-release.sh)
work=$(mktemp -d)
chmod 700 "$work"
socket="hs-bench-$$"
cleanup() { kill "${follow:-0}" 2>/dev/null || true; tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export TZ=Europe/Zurich LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" TERM=tmux-256color
mkdir -m 700 "$work/config" "$work/state"
demo="$work/demo.sqlite" small="$work/small.sqlite" big="$work/big.sqlite"
"$bin" demo --store "$demo" >/dev/null
"$bin" demo --store "$small" >/dev/null
"$bin" demo --store "$big" >/dev/null
python3 - "$count" > "$work/products.json" <<'PY'
import json, sys, random, datetime
random.seed(42)
today = datetime.date.today()
print(json.dumps([{"name": f"Product {i}", "due": (today + datetime.timedelta(days=random.randint(-30, 365))).isoformat(),
                   "amount": str(random.randint(1, 9))} for i in range(int(sys.argv[1]))]))
PY
"$bin" pantry import --store "$big" "$work/products.json" >/dev/null

rows="$work/rows"
: > "$rows"
# row WHAT TARGET MEASURED REFERENCE RATIO VERDICT
row() { printf '| %s | %s | %s | %s | %s | %s |\n' "$@" >> "$rows"; }
ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print(f'{a / b:.2f}' if b else '—')" "$1" "$2"; }
within() { python3 -c "import sys; print('met' if float(sys.argv[1]) <= float(sys.argv[2]) else 'not met')" "$1" "$2"; }
switches() { cat /proc/"$1"/task/*/status 2>/dev/null | awk '/ctxt_switches/ {n += $2} END {print n}'; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "== machine: $(nproc) cores, $(uname -r), $(sqlite3 --version | cut -d' ' -f1) sqlite3, load $(load)"

echo "== status against sqlite3, same store ($((count + 14)) products), same query, one hyperfine run"
# The two statements `status pantry` runs (PantryRepository.pantrySnapshot: the counts from the
# products in stock per due day, due soon meaning within 5 days, and the first product), with
# today's dates written in.
today=$(date +%F) soon=$(date -d "+5 days" +%F)
query="SELECT COALESCE(SUM(inStock), 0) AS inStock, COALESCE(SUM(CASE WHEN due < '$today' THEN inStock ELSE 0 END), 0) AS expired, COALESCE(SUM(CASE WHEN due >= '$today' AND due <= '$soon' THEN inStock ELSE 0 END), 0) AS dueSoon FROM productDue; SELECT * FROM product WHERE amountMilli > 0 ORDER BY due, name, id LIMIT 1"
hyperfine --warmup 20 --runs 200 -N --export-json "$work/status.json" \
  -n "status" "$bin status pantry --format tmux --store $big" \
  -n "sqlite3" "sqlite3 -readonly $big \"$query\"" \
  >/dev/null
read -r status_ms sqlite_ms < <(python3 -c "import json, sys; r = json.load(open(sys.argv[1]))['results']; print(f\"{r[0]['median']*1000:.2f} {r[1]['median']*1000:.2f}\")" "$work/status.json")
r=$(ratio "$status_ms" "$sqlite_ms")
row "\`status pantry --format tmux\` wall time (hyperfine median, 200 runs)" "≤ 2× sqlite3" "$status_ms ms" "sqlite3 $sqlite_ms ms" "$r×" "$(within "$r" 2)"

echo "== the dashboard (demo store, 160×48), status --follow and homescreen tmux: idle ${idle} s together"
env="env HOMESCREEN_STORE=$demo"
tmux -L "$socket" -f /dev/null new-session -d -s dash -x 160 -y 48 "$env $bin; sleep 3600"
sleep 2
dash=$(pgrep -P "$(tmux -L "$socket" display -p -t dash '#{pane_pid}')" homescreen)
# Memory before the other two start: they would share the executable's pages and halve its PSS.
rss=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' /proc/"$dash"/status)
pss=$(awk '/^Pss:/ {printf "%.1f", $2 / 1024}' /proc/"$dash"/smaps_rollup)
private=$(awk '/^Private_(Clean|Dirty):/ {n += $2} END {printf "%.1f", n / 1024}' /proc/"$dash"/smaps_rollup)
# Every code mapping of the executable: the laid-out one has two (the moved code and the rest).
text=$(awk -v exe="$(readlink /proc/"$dash"/exe)" '$6 == exe && $2 == "r-xp" {x = 1; next} /^[0-9a-f]+-/ {x = 0} x && /^Rss:/ {kb += $2} END {printf "%.1f", kb / 1024}' /proc/"$dash"/smaps)
anon=$(awk '/^Anonymous:/ {printf "%.1f", $2 / 1024}' /proc/"$dash"/smaps_rollup)
tmux -L "$socket" new-session -d -s feed -x 120 -y 10 "$env $bin tmux pantry budget; sleep 3600"
"$bin" status pantry budget --follow --format json --store "$demo" > "$work/follow.out" &
follow=$!
sleep 2
feed=$(pgrep -P "$(tmux -L "$socket" display -p -t feed '#{pane_pid}')" homescreen)
b1=$(switches "$dash") b2=$(switches "$follow") b3=$(switches "$feed")
sleep "$idle"
a1=$(switches "$dash") a2=$(switches "$follow") a3=$(switches "$feed")
for entry in "dashboard (--store, demo store):$((a1 - b1)):$dash" "\`status --follow\`:$((a2 - b2)):$follow" "\`homescreen tmux\`:$((a3 - b3)):$feed"; do
  IFS=: read -r name n pid <<< "$entry"
  verdict=$([ "$n" -eq 0 ] && echo met || echo "not met")
  row "$name idle wake-ups, every thread (threads: $(ls /proc/"$pid"/task | wc -l))" "0 in ${idle} s" "$n in ${idle} s" "0" "—" "$verdict"
done
row "dashboard VmRSS after the first frame (demo store, 160×48)" "≤ 25 MB" "$rss MB (PSS $pss MB; private $private MB, of which anonymous $anon MB; the executable's code $text MB)" "25 MB" "$(ratio "$rss" 25)" "$(within "$rss" 25)"
forks=$(( $(pgrep -P "$feed" | wc -l) - 1 ))
row "processes \`homescreen tmux\` started besides its one tmux client" "0" "$forks" "0" "—" "$([ "$forks" -eq 0 ] && echo met || echo "not met")"

echo "== a store write until --follow prints and until the tmux option changes"
lines=$(wc -l < "$work/follow.out")
start=$(date +%s%N)
"$bin" pantry add Anchovies --due 2000-01-01 --store "$demo" >/dev/null
until [ "$(wc -l < "$work/follow.out")" -gt "$lines" ]; do sleep 0.002; done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
row "\`pantry add\` until \`status --follow\` printed (the CLI process included)" "within a second" "$ms ms" "1000 ms" "$(ratio "$ms" 1000)" "$(within "$ms" 1000)"
until tmux -L "$socket" show -gv @homescreen-pantry | grep -q Anchovies; do sleep 0.002; done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
row "\`pantry add\` until \`@homescreen-pantry\` changed (the CLI process included)" "within a second" "$ms ms" "1000 ms" "$(ratio "$ms" 1000)" "$(within "$ms" 1000)"
# Consume the new first product so the demo's own list is back for the bytes below.
"$bin" pantry remove "$("$bin" pantry list --store "$demo" | awk '/Anchovies/ {print $1}')" --store "$demo" >/dev/null
sleep 1

# Bytes the pane's program wrote for one `c`, and whether the first listed product changed.
# The pane as it was and as it is after (`capture-pane -e -N`: every cell with its colours)
# are kept as FILE.before and FILE.after for the lower bound (scripts/bytes-bound.py).
consume() {
  local session=$1 file=$2 before after
  tmux -L "$socket" capture-pane -p -e -N -t "$session" > "$file.before"
  before=$(tmux -L "$socket" capture-pane -p -t "$session" | grep -o 'c: consume 1 · [^│]*' | head -1)
  : > "$file"
  tmux -L "$socket" pipe-pane -t "$session" -o "cat >> $file"
  sleep 0.3
  tmux -L "$socket" send-keys -t "$session" c
  sleep 0.7
  tmux -L "$socket" pipe-pane -t "$session"
  sleep 0.2
  tmux -L "$socket" capture-pane -p -e -N -t "$session" > "$file.after"
  after=$(tmux -L "$socket" capture-pane -p -t "$session" | grep -o 'c: consume 1 · [^│]*' | head -1)
  echo "$(wc -c < "$file") $([ "$before" = "$after" ] && echo keeps || echo shifts)"
}
# Point 5 (issue 36): what the consume sent against the lower bound of its changed cells (their
# text and one shortest cursor move per run; scripts/bytes-bound.py says which moves count).
bound_rows=()
bound() {
  local label=$1 file=$2 target=$3
  read -r sent lower r cells runs changed text moves split < <(python3 scripts/bytes-bound.py "$file.before" "$file.after" "$file")
  bound_rows+=("bytes over their lower bound, the consume that empties the first product, demo store at $label|${target:-—}|$sent sent / $lower bound ($cells cells in $runs runs on $changed rows: $text bytes of text, $moves of moves; sent: $split)|$lower|$r×|$([ -n "$target" ] && within "$r" 1.25 || echo —)")
}
echo "== bytes per consume (tmux pipe-pane)"
# The demo store: Milk (1 l) runs out and 13 rows move up; then Yogurt keeps stock.
read -r shift_demo _ < <(consume dash "$work/bytes")
bound "160×48" "$work/bytes" "≤ 1.25×"
read -r keep_demo _ < <(consume dash "$work/bytes")
# The big store: 10 consumes; its rows are alike (Product N, expired 30 days ago).
tmux -L "$socket" new-session -d -s big -x 160 -y 48 "env HOMESCREEN_STORE=$big $bin; sleep 3600"
sleep 2
keeps=() shifts=()
for _ in $(seq 1 10); do
  read -r bytes kind < <(consume big "$work/bytes")
  if [ "$kind" = shifts ]; then shifts+=("$bytes"); else keeps+=("$bytes"); fi
done
max() { printf '%s\n' "$@" | sort -n | tail -1; }
row "bytes, a consume that keeps stock: demo store / big store (max of ${#keeps[@]})" "≤ 512" "$keep_demo / $(max "${keeps[@]}") (big: ${keeps[*]})" "512" "$(ratio "$(max "$keep_demo" "${keeps[@]}")" 512)" "$(within "$(max "$keep_demo" "${keeps[@]}")" 512)"
row "bytes, a consume that empties the first product, the list moves up: big store (${shifts[*]:-none in 10})" "≤ 512" "$(max "${shifts[@]:-0}")" "512" "$(ratio "$(max "${shifts[@]:-0}")" 512)" "$(within "$(max "${shifts[@]:-0}")" 512)"
row "bytes, the same on the demo store at 160×48 (13 different rows move up)" "≤ 512" "$shift_demo" "512" "$(ratio "$shift_demo" 512)" "$(within "$shift_demo" 512)"
tmux -L "$socket" new-session -d -s small -x 80 -y 24 "env HOMESCREEN_STORE=$small $bin; sleep 3600"
sleep 2
read -r shift_small _ < <(consume small "$work/bytes")
row "bytes, the same on the demo store at 80×24 (5 rows move up)" "≤ 512" "$shift_small" "512" "$(ratio "$shift_small" 512)" "$(within "$shift_small" 512)"
# The other sizes a newcomer tries first, each on a demo store of its own.
for size in 120x40 200x60; do
  "$bin" demo --store "$work/demo-$size.sqlite" >/dev/null
  tmux -L "$socket" new-session -d -s "at$size" -x "${size%x*}" -y "${size#*x}" "env HOMESCREEN_STORE=$work/demo-$size.sqlite $bin; sleep 3600"
  sleep 2
  read -r shift_size _ < <(consume "at$size" "$work/bytes")
  bound "${size/x/×}" "$work/bytes" ""
  row "bytes, the same on the demo store at ${size/x/×}" "≤ 512" "$shift_size" "512" "$(ratio "$shift_size" 512)" "$(within "$shift_size" 512)"
done
for entry in "${bound_rows[@]}"; do
  IFS='|' read -r what target measured reference r verdict <<< "$entry"
  row "$what" "$target" "$measured" "$reference" "$r" "$verdict"
done

echo "== store sizes (scripts/benchmark-store-size.sh: 1k/10k/100k products, 100k/1M expenses, the bulk insert)"
BIN=$bin ROWS=$rows scripts/benchmark-store-size.sh 3 10

echo
echo "load after: $(load)"
echo "| what | target | measured | reference | ratio | |"
echo "|:--|:--|:--|:--|--:|:--|"
cat "$rows"

if [ "${3:-}" = "--in-process" ]; then
  swift build -c release --static-swift-stdlib --product homescreen-bench >/dev/null
  echo
  echo "== in-process timings (homescreen-bench $count)"
  .build/release/homescreen-bench "$count"
fi
