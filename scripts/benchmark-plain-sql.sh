#!/usr/bin/env bash
# How long a row written with plain sqlite3 (no revision bump, no Homescreen) takes to reach a
# running dashboard's screen: tmux at 160x48 on a demo store, 20 inserts of an expired product
# (so it is drawn first), each timed from just before sqlite3 starts until capture-pane shows it.
#   scripts/benchmark-plain-sql.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
bin=$(scripts/build-release.sh)
work=$(mktemp -d)
socket="hs-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
store="$work/store.sqlite"
"$bin" demo --store "$store" >/dev/null
tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 48 "HOMESCREEN_STORE=$store TERM=tmux-256color $bin"
until tmux -L "$socket" capture-pane -p | grep -q "Milk"; do sleep 0.05; done
times=()
for i in $(seq 1 "$runs"); do
    name="Plain$i"
    start=$(date +%s%N)
    sqlite3 -cmd '.timeout 15000' "$store" \
        "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('$name', 1000, '', date('now', '-$((30 + i)) days'), datetime('now'))"
    until tmux -L "$socket" capture-pane -p | grep -q "$name"; do sleep 0.005; done
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
    sleep 0.2
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "plain-SQL insert → on screen, %d runs: min %d ms, median %d ms, p90 %d ms, max %d ms\n", NR, a[1], a[int((NR+1)/2)], a[int(NR*0.9)], a[NR]}'
