#!/usr/bin/env bash
# homescreen serve with 20 guests connected (issue 31): each session's memory (PSS, from
# /proc/PID/smaps_rollup: shared pages counted once, split among the processes that map them),
# the server's own, and the wake-ups of the server and every child, over every thread, while
# all sit idle. The release executables, as installed.
#   scripts/benchmark-serve.sh [guests] [idle-seconds]
# Issue 50, under attack: the server's RSS over 60,000 connections, then 300 silent connections
# from 11 loopback addresses (reopened as fast as they are closed) with a member trying to log in
# every 5 s (scripts/serve-flood.py), and the log's size:
#   scripts/benchmark-serve.sh flood [connections] [flood-seconds]
# HOMESCREEN_BENCH_BIN=.build/debug uses executables already built there instead.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${HOMESCREEN_BENCH_BIN:-}" ]; then
    bin=$(cd "$HOMESCREEN_BENCH_BIN" && pwd)
else
    swift build -c release --static-swift-stdlib --product homescreen >/dev/null
    swift build -c release --static-swift-stdlib --product homescreen-serve >/dev/null
    bin=$PWD/.build/release
fi
work=$(mktemp -d)
if [ "${1:-}" = flood ]; then
    connections=${2:-60000}
    seconds=${3:-30}
    trap '[ -n "${server:-}" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
    mkdir -p "$work/tmp" "$work/config/homescreen"
    ssh-keygen -q -t ed25519 -N "" -f "$work/id_member"
    cp "$work/id_member.pub" "$work/config/homescreen/authorized_keys"
    env -i PATH=/usr/bin:/bin HOME="$work" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" TMPDIR="$work/tmp" LANG=C.UTF-8 TZ=Europe/Zurich \
        HOMESCREEN_PROGRAM="$bin/homescreen" "$bin/homescreen-serve" --listen 127.0.0.1:0 --store "$work/store.sqlite" 2>"$work/log" &
    server=$!
    for _ in $(seq 50); do grep -q "listening on" "$work/log" && break; sleep 0.1; done
    port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/log")
    /usr/bin/python3 scripts/serve-flood.py rss "$port" "$server" "$connections"
    /usr/bin/python3 scripts/serve-flood.py flood "$port" "$seconds" ssh -F /dev/null -p "$port" -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
        -o BatchMode=yes -o LogLevel=ERROR -o IdentitiesOnly=yes -i "$work/id_member" -b 127.0.0.2 lan@127.0.0.1 status pantry
    echo "server RSS after the flood: $(awk '/^VmRSS:/ {print $2}' /proc/"$server"/status) kB; log: $(wc -l < "$work/log") lines, $(wc -c < "$work/log") bytes"
    exit 0
fi
guests=${1:-20}
idle=${2:-30}
socket="hs-serve-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; [ -n "${server:-}" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
env -i PATH=/usr/bin:/bin HOME="$work" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config" TMPDIR="$work/tmp" LANG=C.UTF-8 TZ=Europe/Zurich \
    "$bin/homescreen-serve" --listen 127.0.0.1:0 --max-sessions "$guests" --max-per-address "$guests" --store "$work/store.sqlite" 2>"$work/log" &
server=$!
for _ in $(seq 50); do grep -q "listening on" "$work/log" && break; sleep 0.1; done
port=$(sed -n 's/.*listening on 127.0.0.1:\([0-9]*\).*/\1/p' "$work/log")
ssh="ssh -F /dev/null -p $port -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -t demo@127.0.0.1"
tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 "$ssh"
for _ in $(seq 2 "$guests"); do tmux -L "$socket" new-window -d "$ssh"; done
for _ in $(seq 100); do [ "$(pgrep -P "$server" | wc -l)" -ge "$guests" ] && break; sleep 0.2; done
# Past the deadlines before login (a first byte within 10 s): each woke the server once.
sleep 11
children=$(pgrep -P "$server")
pss() { awk '/^Pss:/ {print $2}' /proc/"$1"/smaps_rollup; }
rss() { awk '/^VmRSS:/ {print $2}' /proc/"$1"/status; }
total=0; count=0; largest=0
for pid in $children; do p=$(pss "$pid"); total=$((total + p)); count=$((count + 1)); [ "$p" -gt "$largest" ] && largest=$p; done
echo "guests connected: $count (of $guests)"
echo "server: PSS $(( $(pss "$server") / 1024 )) MB, RSS $(( $(rss "$server") / 1024 )) MB"
echo "each session (a homescreen on a pty): PSS mean $(awk -v k=$((total / count)) "BEGIN {printf \"%.1f\", k / 1024}") MB, largest $(awk -v k=$largest "BEGIN {printf \"%.1f\", k / 1024}") MB; RSS of one $(( $(rss $(echo "$children" | head -1)) / 1024 )) MB"
echo "all $count sessions and the server: PSS $(( (total + $(pss "$server")) / 1024 )) MB"
switches() { for pid in "$server" $children; do cat /proc/"$pid"/task/*/status; done | awk '/ctxt_switches/ {n += $2} END {print n}'; }
before=$(switches); sleep "$idle"; after=$(switches)
echo "idle ${idle} s: $((after - before)) wake-ups over the server and its $count children, every thread"
