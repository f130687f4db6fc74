#!/usr/bin/env bash
# The PostgreSQL store's targets (issue 17), on a throwaway local cluster, release build:
#  - idle dashboard on PostgreSQL: wake-ups over every thread in N seconds (target 0 / min);
#  - a write on one connection until another dashboard has redrawn (target ≤ 100 ms, loopback);
#  - `homescreen status pantry` on PostgreSQL against psql running the same two queries
#    (target ≤ 2×), side by side with hyperfine.
#   scripts/benchmark-postgres.sh [idle-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
bin=$(scripts/build-release.sh)
eval "$(scripts/postgres-test-cluster.sh start)"
socket="hs-pg-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; scripts/postgres-test-cluster.sh stop "$HOMESCREEN_TEST_POSTGRES_DIR"' EXIT
psql -X -q -d "$HOMESCREEN_TEST_POSTGRES" -c "CREATE DATABASE bench"
store="${HOMESCREEN_TEST_POSTGRES%/postgres}/bench"
"$bin" demo --store "$store" >/dev/null
work=$(mktemp -d)
echo "== machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(psql -X -At -d "$store" -c 'SHOW server_version')"

tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 "env XDG_CONFIG_HOME=$work TZ=Europe/Zurich LANG=C.UTF-8 HOMESCREEN_STORE='$store' $bin; sleep 3600"
sleep 3
pid=$(pgrep -P "$(tmux -L "$socket" display -p '#{pane_pid}')" homescreen)
switches() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }
before=$(switches); sleep "$idle"; after=$(switches)
echo "idle dashboard on PostgreSQL at 120x40: $((after - before)) wake-ups in ${idle} s, $(ls /proc/$pid/task | wc -l) threads, VmRSS $(awk '/VmRSS/ {print $2 " " $3}' /proc/$pid/status)"

# A write on another connection until this dashboard shows it: one psql session kept open
# (reading a FIFO, so its start-up is not counted) commits an INSERT; the pane is read until
# the row shows (each tmux capture-pane costs a few ms, included).
mkfifo "$work/sql"
psql -X -q -d "$store" < "$work/sql" > /dev/null &
exec 7> "$work/sql"
latencies=()
for i in 1 2 3 4 5 6 7 8 9 10; do
    start=$(date +%s%N)
    echo "INSERT INTO homescreen.product (name, amountMilli, due) VALUES ('Bench $i', 1000, current_date - 30);" >&7
    until tmux -L "$socket" capture-pane -p | grep -q "Bench $i"; do :; done
    latencies+=($(( ($(date +%s%N) - start) / 1000000 )))
    sleep 0.3
done
exec 7>&-
echo "write committed on another connection until this dashboard shows it: ${latencies[*]} ms"

export HOMESCREEN_STORE="$store" TZ=Europe/Zurich
hyperfine --warmup 10 --runs 100 -N --export-json "$work/status.json" \
  -n "homescreen status pantry --format tmux (PostgreSQL)" "$bin status pantry --format tmux" \
  -n "psql: first-expiring row + counts" "psql -X -At -d $store -c \"SELECT name, due FROM homescreen.product WHERE amountMilli > 0 ORDER BY due, name COLLATE \\\"C\\\", id LIMIT 1; SELECT count(*) FROM homescreen.product WHERE amountMilli > 0\"" \
  >/dev/null
python3 - "$work/status.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[1]["median"]
print("| command | median ms | mean ± σ ms | × psql (median) |")
print("|:--|--:|--:|--:|")
for r in results:
    print(f"| {r['command']} | {r['median']*1000:.2f} | {r['mean']*1000:.2f} ± {r['stddev']*1000:.2f} | {r['median']/base:.2f} |")
PY
rm -rf "$work"
