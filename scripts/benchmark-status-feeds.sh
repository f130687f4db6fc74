#!/usr/bin/env bash
# Live status feeds for BENCHMARKS.md: `status --follow` and `homescreen tmux` on a demo store,
# idle wake-ups summed over every thread, processes started, resident memory, and how soon a
# store write reaches the output / the tmux option. Release build, static Swift stdlib.
#   scripts/benchmark-status-feeds.sh [idle-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
bin=$(scripts/build-release.sh)
work=$(mktemp -d)
socket="hs-feeds-$$"
cleanup() { kill "${follow:-0}" 2>/dev/null || true; tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
chmod 700 "$work"
store="$work/store.sqlite"
"$bin" demo --store "$store" >/dev/null
export TZ=Europe/Zurich LANG=C.UTF-8
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }

echo "== status pantry budget --follow --format json"
"$bin" status pantry budget --follow --format json --store "$store" > "$work/follow.out" &
follow=$!
sleep 1
before=$(switches $follow); sleep "$idle"; after=$(switches $follow)
echo "idle: $((after - before)) wake-ups in ${idle} s, threads: $(ls /proc/$follow/task | wc -l), $(grep VmRSS /proc/$follow/status)"
start=$(date +%s%N)
"$bin" pantry add Anchovies --due 2000-01-01 --store "$store" >/dev/null
until [ "$(wc -l < "$work/follow.out")" -ge 2 ]; do sleep 0.002; done
echo "a pantry add until the new line: $(( ($(date +%s%N) - start) / 1000000 )) ms (includes the pantry add process)"
kill $follow

echo "== homescreen tmux pantry budget"
tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 10 cat
path=$(tmux -L "$socket" display -p '#{socket_path}')
TMUX="$path,1,0" HOMESCREEN_STORE="$store" "$bin" tmux pantry budget &
feed=$!
sleep 1
echo "option: $(tmux -L "$socket" show -gv @homescreen-pantry)"
before=$(switches $feed); sleep "$idle"; after=$(switches $feed)
echo "idle: $((after - before)) wake-ups in ${idle} s, threads: $(ls /proc/$feed/task | wc -l), children: $(pgrep -P $feed | wc -l), $(grep VmRSS /proc/$feed/status)"
start=$(date +%s%N)
"$bin" pantry consume --store "$store" >/dev/null
old=$(tmux -L "$socket" show -gv @homescreen-pantry)
"$bin" pantry add Zander --due 1999-01-01 --store "$store" >/dev/null
until tmux -L "$socket" show -gv @homescreen-pantry | grep -q Zander; do sleep 0.002; done
echo "a pantry add until the option changed: $(( ($(date +%s%N) - start) / 1000000 )) ms (includes two CLI processes)"
echo "processes started by homescreen tmux since start: $(( $(pgrep -P $feed | wc -l) - 1 )) (one tmux client throughout)"
