#!/usr/bin/env bash
# The README's screenshot: what `homescreen --demo` draws at 120×40, captured from a private
# tmux server and written between the README's readme-screenshot markers.
#   scripts/readme-screenshot.sh                   # build (debug), capture, rewrite README.md
#   scripts/readme-screenshot.sh --binary PATH     # capture that executable instead of building
#   scripts/readme-screenshot.sh --print           # print the capture only; README.md is left alone
# The clock (--now), the time zone, the language and the terminal are fixed and no config, state
# or store of yours is read, so the capture is the same on every machine and every day until
# what the dashboard draws changes. ReadmeExampleTests runs `--print` and compares.
set -euo pipefail
cd "$(dirname "$0")/.."

columns=120
rows=40
now=2026-11-23T10:00:00+01:00
zone=Europe/Zurich
begin='<!-- readme-screenshot: written by scripts/readme-screenshot.sh; do not edit by hand -->'
end='<!-- /readme-screenshot -->'

binary=""
print=false
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary=${2:?"--binary needs a path"}; shift 2 ;;
        --print) print=true; shift ;;
        *) echo "scripts/readme-screenshot.sh: unknown argument '$1'; use --binary PATH or --print." >&2; exit 2 ;;
    esac
done
command -v tmux >/dev/null || { echo "scripts/readme-screenshot.sh: needs tmux (apt-get install tmux)." >&2; exit 1; }
if [ -z "$binary" ]; then
    [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
    swift build --product homescreen >&2
    binary="$(swift build --show-bin-path)/homescreen"
fi
[ -x "$binary" ] || { echo "scripts/readme-screenshot.sh: $binary is not an executable." >&2; exit 1; }

scratch=$(mktemp -d)
socket="hs-readme-$$"
server="" socket_path=""
# The server is ended with SIGKILL: a process started with signals blocked (a test runner's
# child) passes the mask on to the pane, which then outlives kill-server's SIGHUP.
cleanup() {
    if [ -n "$server" ]; then kill -KILL "$server" 2>/dev/null || true; fi
    if [ -n "$socket_path" ]; then rm -f "$socket_path"; fi
    rm -rf "$scratch"
}
trap cleanup EXIT
mkdir -p "$scratch/home" "$scratch/tmp"

# The dashboard in a pane of exactly 120×40 (no tmux status line), in a clean environment.
quote() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
command="env -i PATH=/usr/bin:/bin HOME=$(quote "$scratch/home") TMPDIR=$(quote "$scratch/tmp") TZ=$zone LANG=C.UTF-8 TERM=tmux-256color"
command+=" XDG_CONFIG_HOME=$(quote "$scratch/home/.config") XDG_STATE_HOME=$(quote "$scratch/home/.local/state") XDG_DATA_HOME=$(quote "$scratch/home/.local/share")"
command+=" $(quote "$binary") --demo --now $now; read line"
tmux -L "$socket" -f /dev/null start-server \; set -g status off \; new-session -d -x "$columns" -y "$rows" "$command"
server=$(tmux -L "$socket" display-message -p '#{pid}')
socket_path=$(tmux -L "$socket" display-message -p '#{socket_path}')
size=$(tmux -L "$socket" display-message -p '#{pane_width}x#{pane_height}')
[ "$size" = "${columns}x${rows}" ] || { echo "scripts/readme-screenshot.sh: the pane is $size, not ${columns}x${rows}." >&2; exit 1; }

# Wait for the first whole frame: the key bar's "? help" on the last row, and the same screen
# on two captures in a row (at most 30 s).
capture() { tmux -L "$socket" capture-pane -p | sed 's/[[:space:]]*$//'; }
previous=""
for _ in $(seq 300); do
    screen=$(capture)
    if printf '%s\n' "$screen" | tail -n 1 | grep -qF '? help' && [ "$screen" = "$previous" ]; then
        break
    fi
    previous=$screen
    screen=""
    sleep 0.1
done
[ -n "$screen" ] || { echo "scripts/readme-screenshot.sh: the dashboard drew no steady frame within 30 s:" >&2; capture >&2; exit 1; }
# All 40 rows, blank ones included (capture-pane leaves out trailing blank rows).
screen=$(printf '%s\n' "$screen" | awk -v rows="$rows" '{ print } END { for (i = NR; i < rows; i++) print "" }')

if $print; then
    printf '%s\n' "$screen"
    exit 0
fi
grep -qxF "$begin" README.md && grep -qxF "$end" README.md \
    || { echo "scripts/readme-screenshot.sh: README.md has no screenshot markers ($begin … $end)." >&2; exit 1; }
printf '%s\n' "$screen" > "$scratch/screen"
awk -v begin="$begin" -v end="$end" -v file="$scratch/screen" '
    $0 == begin { print; print "```text"; while ((getline line < file) > 0) print line; print "```"; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }
' README.md > "$scratch/README.md"
cat "$scratch/README.md" > README.md
echo "scripts/readme-screenshot.sh: README.md's screenshot is what $binary --demo --now $now draws at ${columns}x${rows}." >&2
