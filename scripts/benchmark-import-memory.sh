#!/usr/bin/env bash
# The peak memory of `homescreen event import` (issue 51, point 7: at most three times the file),
# measured as the kernel counts it: the peak resident set (ru_maxrss, what `/usr/bin/time -v`
# calls "Maximum resident set size") of each import, run alone in a fresh process on a new
# store. Three imports: the executable's own floor (`homescreen --version`), a file of a few
# lines (the floor of an import: the store opened, its tables made), and a large .ics of
# ordinary events (15 MB by default, under the 20 MB an import reads). Prints each peak, the
# large import's peak against the file, and its peak above the small import's.
#   scripts/benchmark-import-memory.sh                  # the release executables (scripts/build-release.sh)
#   scripts/benchmark-import-memory.sh 15 /path/to/homescreen
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes=${1:-15}
binary=${2:-}
[ -n "$binary" ] || binary=$(scripts/build-release.sh)
folder=$(mktemp -d /tmp/homescreen-import-memory.XXXXXX)
trap 'rm -rf "$folder"' EXIT

# Events as calendars hold them: a UID, a stamp, a day, a title with a Vietnamese word and a
# note with an escaped comma, each about 230 bytes; a VCALENDAR around them.
/usr/bin/python3 - "$folder/big.ics" "$folder/small.ics" "$megabytes" <<'PYTHON'
import sys
big, small, megabytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//homescreen//benchmark//EN\r\n"
parts, size, number = [head], len(head), 0
while size < megabytes * 1_000_000:
    event = ("BEGIN:VEVENT\r\nUID:ev%d@example.org\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:2026%02d%02d\r\n"
             "SUMMARY:Giỗ event number %d with a title\r\nDESCRIPTION:Some note text for event %d\\, folded maybe.\r\nEND:VEVENT\r\n"
             % (number, number % 12 + 1, number % 28 + 1, number, number))
    parts.append(event)
    size += len(event.encode())
    number += 1
parts.append("END:VCALENDAR\r\n")
open(big, "wb").write("".join(parts).encode())
open(small, "wb").write("".join(parts[:3] + ["END:VCALENDAR\r\n"]).encode())
print(number, file=open(big + ".count", "w"))
PYTHON

# One command in its own python process: RUSAGE_CHILDREN then holds that child's peak alone.
peak() {
    /usr/bin/python3 -c '
import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
if result.returncode != 0: sys.exit("exit %d: %s" % (result.returncode, result.stderr.decode()))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}
export HOMESCREEN_STORE="$folder/unused.sqlite" XDG_CONFIG_HOME="$folder/config"
floor=$(peak "$binary" --version)
small=$(peak "$binary" event import "$folder/small.ics" --store "$folder/small.sqlite")
large=$(peak "$binary" event import "$folder/big.ics" --store "$folder/big.sqlite")
bytes=$(stat -c %s "$folder/big.ics")
events=$(sqlite3 "$folder/big.sqlite" 'SELECT count(*) FROM event' 2>/dev/null || echo "?")
echo "file: $bytes bytes ($events events imported of $(cat "$folder/big.ics.count"))"
echo "peak RSS, homescreen --version:     $floor kB"
echo "peak RSS, import of a few lines:    $small kB"
echo "peak RSS, import of the file:       $large kB"
/usr/bin/python3 -c '
import sys
file, floor, small, large = (int(value) for value in sys.argv[1:])
print("import peak / file:                %.2fx (%.1f MB for %.1f MB)" % (large * 1024 / file, large * 1024 / 1e6, file / 1e6))
print("import peak above a small import:  %.2fx the file (%.1f MB)" % ((large - small) * 1024 / file, (large - small) * 1024 / 1e6))
print("import peak above --version:       %.2fx the file (%.1f MB)" % ((large - floor) * 1024 / file, (large - floor) * 1024 / 1e6))' "$bytes" "$floor" "$small" "$large"
