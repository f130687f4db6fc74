#!/usr/bin/env bash
# Idle wake-ups of the dashboard on --demo (an in-memory demo store), summed over every thread:
# from start-up, and again after a consume's status message has gone by (it expires after 4 s).
#   scripts/benchmark-idle-demo.sh [idle-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
idle=${1:-60}
bin=$(scripts/build-release.sh)
socket="hs-idle-$$"
work=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 "env XDG_CONFIG_HOME=$work TZ=Europe/Zurich LANG=C.UTF-8 $bin --demo; sleep 3600"
sleep 2
pid=$(pgrep -P "$(tmux -L "$socket" display -p '#{pane_pid}')" homescreen)
switches() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }
before=$(switches); sleep "$idle"; after=$(switches)
echo "--demo at 120×40, idle from start-up: $((after - before)) wake-ups in ${idle} s, $(ls /proc/$pid/task | wc -l) threads"
tmux -L "$socket" send-keys c
sleep 1
tmux -L "$socket" capture-pane -p | tail -1 | grep -q "Consumed" && echo "status line: $(tmux -L "$socket" capture-pane -p | tail -1 | sed 's/  */ /g')"
sleep 5
tmux -L "$socket" capture-pane -p | tail -1 | grep -q "Consumed" && echo "the message is still shown after 6 s" && exit 1
before=$(switches); sleep "$idle"; after=$(switches)
echo "--demo at 120×40, idle after the consume's message expired: $((after - before)) wake-ups in ${idle} s"
