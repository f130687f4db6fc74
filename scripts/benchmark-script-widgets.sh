#!/usr/bin/env bash
# Script widgets (issue 52), summed over every thread of the dashboard:
#  1. ten `interval = 60` widgets: wake-ups over 40 s between two rounds of runs, then the CPU
#     time (user + system, every thread) over SECONDS (default 600) with their runs included;
#  2. a widget running `sleep 60` and a persistent one waiting for its next line: wake-ups over
#     30 s while both are in flight (they are followed in the loop's poll(), not on a timer);
#  3. a widget printing 10 MB every second: RSS after its 1st and its 100th run.
#   scripts/benchmark-script-widgets.sh [SECONDS]   (HOMESCREEN_BINARY: the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${HOMESCREEN_BINARY:-.build/debug/homescreen}")
socket="hs-widgets-$$"
work=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
start() {   # the dashboard on $work's config, its pid in $pid
    tmux -L "$socket" kill-server 2>/dev/null || true
    chmod 700 "$work/homescreen"; chmod 600 "$work/homescreen/config.toml"; rm -f "$work/homescreen/runs"
    # A new store each time: a dashboard started on the store a killed one left behind runs a
    # libdispatch worker that wakes once a second, script widgets or not (not measured here).
    rm -f "$work"/store.sqlite*
    tmux -L "$socket" -f /dev/null new-session -d -x 200 -y 60 \
        "env -i PATH=/usr/bin:/bin HOME=$work XDG_CONFIG_HOME=$work TZ=Europe/Zurich LANG=C.UTF-8 TERM=xterm-256color HOMESCREEN_STORE=$work/store.sqlite $bin; sleep 3600"
    until pid=$(pgrep -P "$(tmux -L "$socket" display -p '#{pane_pid}')" homescreen); do sleep 0.1; done
}
runs() { cat "$work/homescreen/runs" 2>/dev/null | wc -l; }
switches() { cat /proc/"$pid"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }
mkdir -p "$work/homescreen"

for i in 0 1 2 3 4 5 6 7 8 9; do printf '[[widget]]\nname = "w%s"\ncommand = "echo run >> runs; date +%%T"\ninterval = 60\n\n' $i; done > "$work/homescreen/config.toml"
start
until [ "$(runs)" -ge 10 ]; do sleep 0.2; done
sleep 5
before=$(switches); sleep 40; after=$(switches)
echo "ten interval = 60 widgets: $((after - before)) wake-ups in 40 s between runs ($(runs) runs so far)"
seconds=${1:-600}
ticks() { awk '{print $14 + $15}' /proc/"$pid"/stat; }
before=$(ticks); runs_before=$(runs); sleep "$seconds"; after=$(ticks)
awk -v t=$((after - before)) -v hz="$(getconf CLK_TCK)" -v s="$seconds" -v r=$(( $(runs) - runs_before )) \
    'BEGIN { printf "ten interval = 60 widgets: %.3f %% of one CPU over %d s (%d ticks of 1/%d s, %d runs)\n", 100 * t / hz / s, s, t, hz, r }'

printf '[[widget]]\nname = "slow"\ncommand = "echo run >> runs; sleep 60"\ntimeout = 120\n\n[[widget]]\nname = "waiting"\ncommand = "echo run >> runs; echo ready; sleep 600"\ninterval = "persist"\n' > "$work/homescreen/config.toml"
start
until [ "$(runs)" -ge 2 ]; do sleep 0.2; done
sleep 2
before=$(switches); sleep 30; after=$(switches)
echo "a sleep 60 and a persistent command in flight: $((after - before)) wake-ups in 30 s"

printf '[[widget]]\nname = "flood"\ncommand = "echo run >> runs; head -c 10000000 /dev/zero | tr \\"\\\\\\\\0\\" a"\ninterval = 1\n' > "$work/homescreen/config.toml"
start
until [ "$(runs)" -ge 2 ]; do sleep 0.2; done
first=$(awk '/VmRSS/ {print $2}' /proc/"$pid"/status)
until [ "$(runs)" -ge 101 ]; do sleep 1; done
last=$(awk '/VmRSS/ {print $2}' /proc/"$pid"/status)
echo "10 MB a run: RSS $first kB after run 1, $last kB after run 100 ($((last - first)) kB)"
