#!/usr/bin/env bash
# Issue 36, points 3 and 4 (BENCHMARKS.md): `status pantry --format tmux` against `sqlite3`
# running the same two statements on the same store, on the demo store and on one with 10,000
# products more; then the dashboard's memory after its first frame at 160×48 on the demo store:
# VmRSS, and what is resident of each mapping (smaps).
# The two commands run in turn, in a random order each time, pinned to one CPU, with an
# environment padded by a random number of bytes (0–4095) each time, the same for both (the
# stack's alignment and the other CPU's work can move a 2 ms process by a few percent). Every BLOCK
# runs the executable is dropped from the page cache and run once unmeasured, so its code is
# as a start after a reboot reads it back (the kernel maps what it read back in smaller pieces
# than what a copy wrote: 20 page faults more). Reported: the medians of the wall times (spawn
# to exit) and the mean CPU times (the child's user and system time), with their ratios.
# Release build, static Swift standard library, laid out (as scripts/install.sh builds it), or BIN=FILE.
# Needs sqlite3, tmux, perf (optional), python3 and llvm-bolt (scripts/build-release.sh).
#   scripts/benchmark-footprint.sh            # 30 blocks of 50 runs of each
#   scripts/benchmark-footprint.sh 10 50      # 10 blocks of 50
set -euo pipefail
cd "$(dirname "$0")/.."
blocks=${1:-30}
runs=${2:-50}
if [ -z "${BIN:-}" ]; then
  BIN=$(scripts/build-release.sh)
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
  python3 - "$store" "$work/$store.sqlite" "$BIN" "$query" "$blocks" "$runs" <<'PY'
import os, random, statistics, subprocess, sys, time
name, store, binary, query, blocks, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
sqlite3 = subprocess.run(["sh", "-c", "command -v sqlite3"], capture_output=True, text=True).stdout.strip()
commands = {"status": [binary, "status", "pantry", "--format", "tmux", "--store", store],
            "sqlite3": [sqlite3, "-readonly", store, query]}
os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
null = os.open("/dev/null", os.O_WRONLY)
def run(command, environment):
    start = time.perf_counter()
    pid = os.posix_spawn(command[0], command, environment, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, _, usage = os.wait4(pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime
wall = {key: [] for key in commands}
cpu = {key: [] for key in commands}
block_ratios = []
for block in range(blocks):
    subprocess.run(["dd", f"if={binary}", "iflag=nocache", "count=0", "status=none"], check=False)
    for command in commands.values(): run(command, dict(os.environ))
    first = {key: len(wall[key]) for key in commands}
    for _ in range(runs):
        environment = dict(os.environ, PAD="p" * random.randrange(4096))
        for key in random.sample(list(commands), len(commands)):
            elapsed, used = run(commands[key], environment)
            wall[key].append(elapsed); cpu[key].append(used)
    block_ratios.append(statistics.median(wall["status"][first["status"]:]) / statistics.median(wall["sqlite3"][first["sqlite3"]:]))
s, q = statistics.median(wall["status"]), statistics.median(wall["sqlite3"])
cs, cq = statistics.mean(cpu["status"]), statistics.mean(cpu["sqlite3"])
print(f"status pantry --format tmux against sqlite3, {name} store, {blocks} blocks of {runs} runs of each:")
print(f"  wall, median: status {s * 1000:.2f} ms, sqlite3 {q * 1000:.2f} ms: {s / q:.3f}× (target ≤ 1.0×: {'met' if s <= q else 'not met'})")
print(f"  CPU, mean: status {cs * 1000:.2f} ms, sqlite3 {cq * 1000:.2f} ms: {cs / cq:.3f}×")
ratios = sorted(block_ratios)
print(f"  blocks' median ratios: lowest {ratios[0]:.3f}×, middle {statistics.median(ratios):.3f}×, highest {ratios[-1]:.3f}×")
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
