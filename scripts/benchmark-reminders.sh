#!/usr/bin/env bash
# Issue 32: `homescreen notify --follow` — how soon a reminder reaches the user's command after
# another process's write that makes it true, and its wake-ups while idle, counted over every
# thread of the process (/proc/PID/task/*/status, voluntary and involuntary context switches).
# Usage: scripts/benchmark-reminders.sh [idle seconds, default 60] [writes, default 10]
# BIN=path picks the executable (default: the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE=${1:-60}; WRITES=${2:-10}
BIN=${BIN:-$(swift build -c release --static-swift-stdlib --show-bin-path)/homescreen}
dir=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
export HOMESCREEN_STORE=$dir/store.sqlite XDG_CONFIG_HOME=$dir/config XDG_STATE_HOME=$dir/state HOME=$dir TZ=Europe/Zurich
mkdir -p "$dir/config/homescreen"
printf '#!/bin/sh\ndate +%%s.%%N >> %s/got.txt\n' "$dir" > "$dir/record.sh"
chmod +x "$dir/record.sh"
printf '[reminders]\nchannels = ["command"]\ncommand = ["%s"]\n' "$dir/record.sh" > "$dir/config/homescreen/config.toml"
"$BIN" demo >/dev/null
"$BIN" notify --once            # the demo's reminders due now, out of the way
: > "$dir/got.txt"
"$BIN" notify --follow & pid=$!
sleep 1
switches() { cat /proc/$pid/task/*/status | awk '/ctxt_switches/ { n += $2 } END { print n }'; }

latencies=()
for i in $(seq "$WRITES"); do
    before=$(wc -l < "$dir/got.txt")
    "$BIN" pantry add "Bench $i" --due tomorrow >/dev/null
    written=$(date +%s.%N)
    while [ "$(wc -l < "$dir/got.txt")" -le "$before" ]; do sleep 0.001; done
    delivered=$(tail -1 "$dir/got.txt")
    latencies+=("$(echo "($delivered - $written) * 1000" | bc -l)")
    sleep 0.2
done
printf 'delivery after the writing process exited (ms): %s\n' "$(printf '%.1f ' "${latencies[@]}")"
printf '%s\n' "${latencies[@]}" | sort -g | awk '{ a[NR] = $1 } END { printf "median %.1f ms, max %.1f ms over %d writes\n", a[int((NR + 1) / 2)], a[NR], NR }'

threads=$(ls /proc/$pid/task | wc -l)
start=$(switches)
sleep "$IDLE"
end=$(switches)
echo "idle ${IDLE} s: $((end - start)) context switches over $threads threads"
