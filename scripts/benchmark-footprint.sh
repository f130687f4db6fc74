#!/usr/bin/env bash
# Issue 36, points 3 and 4 (BENCHMARKS.md): `status pantry --format tmux` against `sqlite3`
# running the same two statements on the same store, in interleaved rounds (hyperfine runs
# one then the other, round after round; the medians of each round and of all), on the demo
# store and on one with 10,000 products more; then the dashboard's memory after its first
# frame at 160×48 on the demo store: VmRSS, and what is resident of each mapping (smaps).
# Release build, static Swift standard library (as scripts/install.sh builds it), or BIN=FILE.
# Needs hyperfine, sqlite3, tmux and python3.
#   scripts/benchmark-footprint.sh            # 5 rounds of 40 runs
#   scripts/benchmark-footprint.sh 3 100      # 3 rounds of 100 runs
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
runs=${2:-40}
if [ -z "${BIN:-}" ]; then
  swift build -c release --static-swift-stdlib --product homescreen >/dev/null
  BIN=$PWD/.build/release/homescreen
fi
work=$(mktemp -d)
chmod 700 "$work"
socket="hs-footprint-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
export TZ=Europe/Zurich LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" TERM=tmux-256color
mkdir -m 700 "$work/config" "$work/state"
demo="$work/demo.sqlite" big="$work/big.sqlite"
"$BIN" demo --store "$demo" >/dev/null
"$BIN" demo --store "$big" >/dev/null
python3 - > "$work/products.json" <<'PY'
import json, random, datetime
random.seed(42)
today = datetime.date.today()
print(json.dumps([{"name": f"Product {i}", "due": (today + datetime.timedelta(days=random.randint(-30, 365))).isoformat(),
                   "amount": str(random.randint(1, 9))} for i in range(10000)]))
PY
"$BIN" pantry import --store "$big" "$work/products.json" >/dev/null
echo "== machine: $(nproc) cores, $(uname -r), sqlite3 $(sqlite3 --version | cut -d' ' -f1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== binary: $BIN ($(ldd "$BIN" | awk '{print $1}' | tr '\n' ' '))"

# The two statements `status pantry` runs (PantryRepository.pantrySnapshot), today's dates in.
today=$(date +%F) soon=$(date -d "+5 days" +%F)
query="SELECT COALESCE(SUM(inStock), 0) AS inStock, COALESCE(SUM(CASE WHEN due < '$today' THEN inStock ELSE 0 END), 0) AS expired, COALESCE(SUM(CASE WHEN due >= '$today' AND due <= '$soon' THEN inStock ELSE 0 END), 0) AS dueSoon FROM productDue; SELECT * FROM product WHERE amountMilli > 0 ORDER BY due, name, id LIMIT 1"
for store in demo big; do
  path="$work/$store.sqlite"
  : > "$work/$store.medians"
  for round in $(seq "$rounds"); do
    hyperfine --warmup 5 --runs "$runs" -N --export-json "$work/$store.$round.json" \
      -n status "$BIN status pantry --format tmux --store $path" \
      -n sqlite3 "sqlite3 -readonly $path \"$query\"" >/dev/null 2>&1
    python3 -c "import json, sys; r = json.load(open(sys.argv[1]))['results']; print(r[0]['median'] * 1000, r[1]['median'] * 1000, ' '.join(str(t * 1000) for t in r[0]['times']), '|', ' '.join(str(t * 1000) for t in r[1]['times']))" "$work/$store.$round.json" >> "$work/$store.medians"
  done
  python3 - "$store" "$work/$store.medians" <<'PY'
import sys, statistics
rows = [line.split("|") for line in open(sys.argv[2])]
medians = [tuple(map(float, row[0].split()[:2])) for row in rows]
status = [float(t) for row in rows for t in row[0].split()[2:]]
sqlite = [float(t) for row in rows for t in row[1].split()]
rounds = ", ".join(f"{a:.2f}/{b:.2f} ({a / b:.2f}×)" for a, b in medians)
print(f"status pantry --format tmux against sqlite3, {sys.argv[1]} store, round medians status/sqlite3 ms: {rounds}")
s, q = statistics.median(status), statistics.median(sqlite)
print(f"  all runs: status {s:.2f} ms, sqlite3 {q:.2f} ms: {s / q:.2f}× (target ≤ 1.0×: {'met' if s <= q else 'not met'})")
PY
done
perf_stat() { perf stat -r 50 -x, -e task-clock,page-faults "$@" 2>&1 >/dev/null | awk -F, '{printf "%s %s  ", $1, $3}'; echo; }
if command -v perf >/dev/null; then
  echo "perf stat, 50 runs each (CPU ms, page faults), big store:"
  echo "  status:  $(perf_stat "$BIN" status pantry --format tmux --store "$big")"
  echo "  sqlite3: $(perf_stat sqlite3 -readonly "$big" "$query")"
fi

echo "== the dashboard on the demo store, 160×48, after its first frame"
# From the executable as a program's start reads it: a file just linked or copied stays in the
# page cache in the large pieces it was written in, and a process maps each piece it touches
# whole (17.5 MB just linked, 16.2 MB just copied, 15.8 MB read back; BENCHMARKS.md).
# scripts/install.sh leaves the installed executable so.
dd if="$BIN" iflag=nocache count=0 status=none
tmux -L "$socket" -f /dev/null new-session -d -s dash -x 160 -y 48 "env HOMESCREEN_STORE=$demo $BIN; sleep 3600"
for _ in $(seq 50); do sleep 0.2; tmux -L "$socket" capture-pane -p -t dash | grep -q Pantry && break; done
sleep 2
dash=$(pgrep -P "$(tmux -L "$socket" display -p -t dash "#{pane_pid}")")
awk '/VmRSS/ {printf "VmRSS %.1f MB (MiB)\n", $2 / 1024}' /proc/"$dash"/status
awk '/^(Pss|Private_Clean|Private_Dirty|Shared_Clean|Anonymous):/ {printf "  %s %.1f MB\n", $1, $2 / 1024}' /proc/"$dash"/smaps_rollup
echo "  resident per mapping (KB):"
awk '/^[0-9a-f]+-/ {name = ($6 == "" ? "[anonymous]" : $6) " " $2} /^Rss:/ {rss[name] += $2} END {for (n in rss) if (rss[n] > 0) printf "%10d %s\n", rss[n], n}' /proc/"$dash"/smaps | sort -rn | head -25
