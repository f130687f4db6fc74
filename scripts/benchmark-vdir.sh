#!/usr/bin/env bash
# A vdir of 10,000 event files (issue 54, point 5): the dashboard's first frame against an empty
# vdir's, with the store's index of the files (VdirIndex) cold (first start) and warm (the
# next; the first frame takes only the rows its panes show); `render calendar` (a read-only
# command: it uses the index, and writes it only where files changed); and a file renamed into
# a vdir until the dashboard shows it (≤ 500 ms), alone and beside 10,000 files.
#   scripts/benchmark-vdir.sh [runs]    (HOMESCREEN_BINARY: the binary, default the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${HOMESCREEN_BINARY:-.build/debug/homescreen}")
runs=${1:-5}
socket="hs-vdir-$$"
work=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/many" "$work/empty" "$work/config/homescreen"
/usr/bin/python3 - "$work/many" <<'PY'
import random, sys
random.seed(1)
for i in range(10000):
    y, m, d = 2026 + random.randint(0, 1), random.randint(1, 12), random.randint(1, 28)
    with open(f"{sys.argv[1]}/e{i:05d}.ics", "w", newline="") as f:
        f.write(f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:e{i}\r\n"
                f"DTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:{y}{m:02d}{d:02d}\r\nSUMMARY:Event {i}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
PY
now_ms() { date +%s%3N; }
# The dashboard's first frame (the calendar's month header drawn), in ms; the store persists.
first_frame() {   # $1: the vdir
    printf 'home = [{ kind = "calendar", family = "large" }]\n[calendar]\nvdirs = ["%s"]\n' "$1" > "$work/config/homescreen/config.toml"
    local start; start=$(now_ms)
    tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 \
        "env -i PATH=/usr/bin:/bin HOME=$work XDG_CONFIG_HOME=$work/config TZ=Asia/Ho_Chi_Minh LANG=C.UTF-8 TERM=xterm-256color HOMESCREEN_STORE=$work/store.sqlite $bin --now 2026-06-15T10:00:00+07:00; sleep 3600"
    until tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "June 2026"; do sleep 0.005; [ $(( $(now_ms) - start )) -lt 60000 ] || { echo "no frame in 60 s" >&2; exit 1; }; done
    echo $(( $(now_ms) - start ))
    tmux -L "$socket" send-keys q
    sleep 0.3
    tmux -L "$socket" kill-server 2>/dev/null || true
}
render() {   # $1: the vdir; ms for one `render calendar`
    printf '[calendar]\nvdirs = ["%s"]\n' "$1" > "$work/config/homescreen/config.toml"
    local start; start=$(now_ms)
    env -i PATH=/usr/bin:/bin HOME="$work" XDG_CONFIG_HOME="$work/config" TZ=Asia/Ho_Chi_Minh LANG=C.UTF-8 HOMESCREEN_STORE="$work/store.sqlite" \
        "$bin" render calendar --family medium --now 2026-06-15 > /dev/null
    echo $(( $(now_ms) - start ))
}
# A file renamed into the vdir (as vdirsyncer writes one) while the dashboard runs, until the
# dashboard shows its event, in ms: with 10,000 files beside it, or alone.
changed() {   # $1: the vdir
    printf 'home = [{ kind = "calendar", family = "large" }]\n[calendar]\nvdirs = ["%s", "%s"]\n' "$1" "$work/new" > "$work/config/homescreen/config.toml"
    rm -rf "$work/new"; mkdir -p "$work/new"
    tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 \
        "env -i PATH=/usr/bin:/bin HOME=$work XDG_CONFIG_HOME=$work/config TZ=Asia/Ho_Chi_Minh LANG=C.UTF-8 TERM=xterm-256color HOMESCREEN_STORE=$work/store.sqlite $bin --now 2026-06-15T10:00:00+07:00; sleep 3600"
    until tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "June 2026"; do sleep 0.01; done
    sleep 1
    printf 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//bench//EN\r\nBEGIN:VEVENT\r\nUID:new-1\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260615T000500\r\nSUMMARY:A new one\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n' > "$work/new/.new-1.ics.tmp"
    local start; start=$(now_ms)
    mv "$work/new/.new-1.ics.tmp" "$work/new/new-1.ics"
    until tmux -L "$socket" capture-pane -p 2>/dev/null | grep -q "A new one"; do sleep 0.002; [ $(( $(now_ms) - start )) -lt 10000 ] || { echo "not shown in 10 s" >&2; break; }; done
    echo $(( $(now_ms) - start ))
    tmux -L "$socket" send-keys q
    sleep 0.3
    tmux -L "$socket" kill-server 2>/dev/null || true
}
series() { local out=""; for _ in $(seq "$runs"); do out="$out $("$@")"; done; echo "$out"; }
echo "binary: $bin"
echo "dashboard first frame, empty vdir (ms):               $(series first_frame "$work/empty")"
echo "dashboard first frame, 10,000 files, no index (ms):   $(first_frame "$work/many")"
echo "dashboard first frame, 10,000 files, index (ms):      $(series first_frame "$work/many")"
echo "render calendar, empty vdir (ms):                     $(series render "$work/empty")"
echo "render calendar, 10,000 files, index (ms):            $(series render "$work/many")"
echo "a file renamed in, to the dashboard, alone (ms):      $(series changed "$work/empty")"
echo "a file renamed in, to the dashboard, beside 10,000 (ms): $(series changed "$work/many")"
echo "rows in the index: $(sqlite3 "$work/store.sqlite" 'SELECT count(*) FROM vdirIndex')"
