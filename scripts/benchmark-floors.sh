#!/usr/bin/env bash
# Issue 49's floors on the build users install by default (scripts/install.sh, no optional tool),
# side by side in one run (BENCHMARKS.md, "The status line and the dashboard"):
# - `status pantry --format tmux` against `sqlite3` running the same two statements on the demo
#   store, in turn (scripts/interleave.py: random order, one CPU, padded environment): ≤ 1.25×;
# - the dashboard's VmRSS after its first frame at 160×48 on the demo store: ≤ 16 MB;
# - the dashboard's wake-ups over an idle window, every thread: 0;
# - the installed size, and how much of linker/homescreen.order the executable still has (a stale
#   list costs speed, never a build: this is where it shows).
# Other executables can run beside the installed one in the same interleaved rounds:
#   ALSO="name=/path/to/homescreen ..." scripts/benchmark-floors.sh
# Needs sqlite3, tmux, python3 (apt-get install sqlite3 tmux).
#   scripts/benchmark-floors.sh            # 600 rounds, a 60 s idle window
#   scripts/benchmark-floors.sh 200 20     # shorter
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-600}
idle=${2:-60}
work=$(mktemp -d)
chmod 700 "$work"
socket="hs-floors-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
scripts/install.sh --prefix "$work/prefix" > "$work/install.log"
bin="$work/prefix/bin/homescreen"
export TZ=Europe/Zurich LANG=C.UTF-8 XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" TERM=tmux-256color
mkdir -m 700 "$work/config" "$work/state"
demo="$work/demo.sqlite"
"$bin" demo --store "$demo" >/dev/null
echo "== $(date -u +%F), $(nproc) cores, $(uname -r), sqlite3 $(sqlite3 --version | cut -d' ' -f1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== installed: $(tail -n +1 "$work/install.log" | grep '^installed' || true)"
for name in homescreen homescreen-serve; do
  [ -e "$work/prefix/bin/$name" ] && echo "   bin/$name $(du -m "$work/prefix/bin/$name" | cut -f1) MB"
done
echo "   everything under the prefix: $(du -sm "$work/prefix" | cut -f1) MB"
listed=$(sort -u linker/homescreen.order | wc -l)
found=$(comm -12 <(sort -u linker/homescreen.order) <(nm --defined-only "$bin" | awk '{print $3}' | sort -u) | wc -l)
echo "== linker/homescreen.order: $found of $listed names are in the executable ($((found * 100 / listed))%)"

# The two statements `status pantry` runs (PantryRepository.pantrySnapshot), today's dates in.
today=$(date +%F) soon=$(date -d "+5 days" +%F)
echo "SELECT COALESCE(SUM(inStock), 0) AS inStock, COALESCE(SUM(CASE WHEN due < '$today' THEN inStock ELSE 0 END), 0) AS expired, COALESCE(SUM(CASE WHEN due >= '$today' AND due <= '$soon' THEN inStock ELSE 0 END), 0) AS dueSoon FROM productDue; SELECT * FROM product WHERE amountMilli > 0 ORDER BY due, name, id LIMIT 1" > "$work/query.sql"
commands=("sqlite3||$(command -v sqlite3) -readonly $demo @$work/query.sql"
          "status||$bin status pantry --format tmux --store $demo")
for entry in ${ALSO:-}; do commands+=("${entry%%=*}||${entry#*=} status pantry --format tmux --store $demo"); done
echo "== a status line against sqlite3, demo store, $rounds interleaved rounds (ratios against sqlite3; target status ≤ 1.25)"
python3 scripts/interleave.py "$rounds" "${commands[@]}"

echo "== the dashboard, demo store, 160×48"
# From the executable as a start after a reboot (or right after scripts/install.sh) reads it: out
# of the page cache, read back as it runs. How a file sits in the page cache decides how much of
# it each page fault maps: the same executable measured 15.5 MB so and 16.5-18.6 MB after the
# commands above had run it from the copy the install wrote.
dd if="$bin" iflag=nocache count=0 status=none
tmux -L "$socket" -f /dev/null new-session -d -s dash -x 160 -y 48 "env HOMESCREEN_STORE=$demo $bin; sleep 3600"
for _ in $(seq 100); do tmux -L "$socket" capture-pane -p -t dash | grep -q 'Pantry' && break; sleep 0.1; done
dash=$(pgrep -P "$(tmux -L "$socket" display -p -t dash '#{pane_pid}')" homescreen)
sleep 1
awk '/VmRSS/ {printf "   VmRSS %.1f MB after the first frame (target ≤ 16)\n", $2 / 1024}' /proc/"$dash"/status
switches() { cat /proc/"$1"/task/*/status | awk '/ctxt_switches/ {n += $2} END {print n}'; }
before=$(switches "$dash")
sleep "$idle"
echo "   $(( $(switches "$dash") - before )) wake-ups in $idle s idle, $(ls /proc/"$dash"/task | wc -l) threads (target 0)"
awk '/VmRSS/ {printf "   VmRSS %.1f MB after the idle window\n", $2 / 1024}' /proc/"$dash"/status
