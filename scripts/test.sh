#!/usr/bin/env bash
# The README's test command: everything the tests need, then the tests, on a fresh machine.
# What is missing is installed with apt-get when this runs as root, else named (and nothing
# runs: a suite that needs a tool fails without it, it never skips). Then the build, a
# throwaway PostgreSQL cluster on loopback, and `swift test` with the arguments given.
#   scripts/test.sh                          # every test
#   scripts/test.sh --filter PantryTests     # arguments go to swift test
#   scripts/test.sh --check                  # only say what is missing (exit 1 if anything)
# HOMESCREEN_TEST_NO_INSTALL=1 names what is missing instead of installing it, even as root.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each Debian package the tests need, and how to tell it is there.
missing=()
need() { local package=$1; shift; "$@" >/dev/null 2>&1 || missing+=("$package"); }
need tmux command -v tmux                                   # the dashboard's end-to-end tests
need sqlite3 command -v sqlite3                             # another program's plain SQL
need tzdata test -e /usr/share/zoneinfo/tzdata.zi            # time zones (Zone reads the system's)
need zbar-tools command -v zbarimg                          # the QR codes, read by a real decoder
need man-db command -v man                                  # the manual, as man shows it
need bsdextrautils command -v col
need python3-icalendar /usr/bin/python3 -c 'import icalendar'   # exported calendars, parsed
need python3-recurring-ical-events /usr/bin/python3 -c 'import recurring_ical_events'   # imported calendars' occurrences
need khal command -v khal                                   # exported calendars, read by khal
need openssh-client command -v ssh                          # homescreen serve, driven by the real client
need openssh-server test -x /usr/sbin/sshd                  # the README's sshd way, on a private sshd
need python3-pyte /usr/bin/python3 -c 'import pyte'         # the dashboard on a plain pty, its screen read
need ncurses-term test -e /usr/share/terminfo/a/alacritty   # terminals' own TERMs
need kitty-terminfo test -e /usr/share/terminfo/x/xterm-kitty
need foot-terminfo test -e /usr/share/terminfo/f/foot
need dunst command -v dunstctl                              # reminders: a real notification daemon
need xvfb command -v Xvfb                                   # its display
need libnotify-bin command -v notify-send                   # the notify-send channel
need dbus-daemon command -v dbus-run-session                # its own D-Bus session
need libsqlite3-dev test -e /usr/include/sqlite3.h
need libncurses-dev test -e /usr/include/ncursesw/curses.h
need libpq-dev test -e /usr/include/postgresql/libpq-fe.h   # the PostgreSQL store
need postgresql sh -c 'ls /usr/lib/postgresql/*/bin/initdb' # its tests' server

if [ ${#missing[@]} -gt 0 ]; then
    if [ "${1:-}" != "--check" ] && [ "$(id -u)" = 0 ] && [ -z "${HOMESCREEN_TEST_NO_INSTALL:-}" ] && command -v apt-get >/dev/null; then
        echo "scripts/test.sh: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${missing[@]}"
    else
        echo "scripts/test.sh: the tests need ${missing[*]}, which this machine does not have; install them (sudo apt-get install ${missing[*]}) or run this script as root, which does." >&2
        exit 1
    fi
fi
[ "${1:-}" = "--check" ] && { echo "scripts/test.sh: everything the tests need is here."; exit 0; }

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "scripts/test.sh: swift is not on PATH; install a Swift 6 toolchain (swift.org/install)." >&2; exit 1; }
swift --version

swift build --build-tests
# swift-argument-parser's man page generator, which the install test runs (swift test holds the
# build folder's lock, so the test cannot build it itself).
swift build --product generate-manual
# A throwaway PostgreSQL cluster for the PostgreSQL store's tests (they fail without one).
cluster=$(scripts/postgres-test-cluster.sh start)   # a failure stops the script here (set -e)
eval "$cluster"
trap 'scripts/postgres-test-cluster.sh stop "$HOMESCREEN_TEST_POSTGRES_DIR"' EXIT
swift test --skip-build "$@"
