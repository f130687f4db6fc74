#!/usr/bin/env bash
# Dashboard benchmarks for BENCHMARKS.md: idle wake-ups, bytes written per consume, first frame,
# resident memory, and how soon another process's write shows. Release build, static Swift
# standard library. Needs tmux, hyperfine and python3 (apt-get install tmux hyperfine).
#   scripts/benchmark-dashboard.sh           # 10,000 products, 60 s idle window
#   scripts/benchmark-dashboard.sh 10000 20  # a shorter idle window
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
idle=${2:-60}

bin=$(scripts/build-release.sh)
work=$(mktemp -d)
socket="hs-bench-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
store="$work/store.sqlite"
"$bin" demo --store "$store" >/dev/null
python3 - "$count" > "$work/products.json" <<'PY'
import json, sys, random, datetime
random.seed(42)
today = datetime.date.today()
print(json.dumps([{"name": f"Product {i}", "due": (today + datetime.timedelta(days=random.randint(-30, 365))).isoformat(),
                   "amount": str(random.randint(1, 9))} for i in range(int(sys.argv[1]))]))
PY
"$bin" pantry import --store "$store" "$work/products.json" >/dev/null
# 100,000 expenses over this year (the demo set the budgets); the triggers keep month totals.
sqlite3 "$store" "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 99999)
  INSERT INTO expense (amountCents, day, note, createdAt)
  SELECT 100 + (i * 7919) % 9900, date('now', 'start of year', '+' || (i % 365) || ' days'), 'Expense ' || i, datetime('now') FROM n;"
env="env HOMESCREEN_STORE=$store XDG_CONFIG_HOME=$work TZ=Europe/Zurich LANG=C.UTF-8 TERM=tmux-256color"
tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 48 "$env $bin; sleep 3600"
sleep 2
pane=$(tmux -L "$socket" display -p '#{pane_pid}')
pid=$(pgrep -P "$pane" homescreen)

switches() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }
echo "== machine: $(nproc) cores, $(uname -r); $((count + 14)) products, $(sqlite3 "$store" 'SELECT COUNT(*) FROM expense') expenses; 160×48 in tmux"
echo "== idle: context switches of every thread over ${idle} s (nothing due but midnight)"
before=$(switches); sleep "$idle"; after=$(switches)
echo "wake-ups: $((after - before)) in ${idle} s, threads: $(ls /proc/$pid/task | wc -l)"
echo "== memory"
grep -E 'VmRSS|VmHWM' /proc/"$pid"/status

echo "== bytes written to the terminal per consume (tmux pipe-pane), 10 consumes"
for i in $(seq 1 10); do
  : > "$work/out.$i"
  tmux -L "$socket" pipe-pane -o "cat >> $work/out.$i"
  sleep 0.3
  tmux -L "$socket" send-keys c
  sleep 0.7
  tmux -L "$socket" pipe-pane
  sleep 0.2
  printf '%s ' "$(wc -c < "$work/out.$i")"
done
echo "bytes"

echo "== idle again after the last consume's status message went by (it expires after 4 s): ${idle} s"
sleep 5
before=$(switches); sleep "$idle"; after=$(switches)
echo "wake-ups: $((after - before)) in ${idle} s"

echo "== another process adds a product: time until it is on screen (polling capture-pane)"
for i in 1 2 3 4 5; do
  name="Arrival$i"
  start=$(date +%s%N)
  "$bin" pantry add "$name" --due 2000-01-0$i --store "$store" >/dev/null
  until tmux -L "$socket" capture-pane -p | grep -q "$name"; do sleep 0.005; done
  printf '%s ' "$(( ($(date +%s%N) - start) / 1000000 ))"
  tmux -L "$socket" send-keys c c c c c c c c c
  sleep 0.5
done
echo "ms (includes the pantry add process itself)"
tmux -L "$socket" send-keys q
sleep 0.5

echo "== first frame at 160×48: start, open the store, load timelines, draw, exit (hyperfine in a tmux pane)"
tmux -L "$socket" kill-server 2>/dev/null || true
tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 48 \
  "$env hyperfine --warmup 3 --runs 30 --export-json $work/first.json '$bin --exit-after-first-frame </dev/tty >/dev/tty' > $work/hyperfine.txt 2>&1; tmux -L $socket wait-for -S done"
tmux -L "$socket" wait-for done
python3 - "$work/first.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"first frame: median {r['median']*1000:.1f} ms, mean {r['mean']*1000:.1f} ± {r['stddev']*1000:.1f} ms, max {r['max']*1000:.1f} ms ({len(r['times'])} runs)")
PY
