#!/usr/bin/env bash
# The README's test command: everything the tests need, then the tests, on a fresh machine.
# What is missing is installed with apt-get when this runs as root, else named (and nothing
# runs: a suite that needs a tool fails without it, it never skips). Then the build, a
# throwaway PostgreSQL cluster on loopback, and `swift test` with the arguments given.
# A guest on the machine: no package it installs starts or enables a service (openssh-server's
# sshd is installed with service starts refused and left disabled; the one test that runs it
# starts its own on a loopback port from the test's folder), the run's temporary files and tmux
# sockets live in one folder of its own that is removed at the end, and the end of the run
# checks that no process it started (tmux, dbus-daemon, Xvfb, dunst, sshd, homescreen) is left
# and no new port listens beyond loopback: anything left is named, stopped, and fails the run.
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
need iproute2 command -v ss                                 # the end of the run: nothing left listening
need procps command -v ps                                   # the end of the run: no process left
need sqlite3 command -v sqlite3                             # another program's plain SQL
need tzdata test -e /usr/share/zoneinfo/tzdata.zi            # time zones (Zone reads the system's)
need zbar-tools command -v zbarimg                          # the QR codes, read by a real decoder
need man-db command -v man                                  # the manual, as man shows it
need bsdextrautils command -v col
need python3-icalendar /usr/bin/python3 -c 'import icalendar'   # exported calendars, parsed
need python3-recurring-ical-events /usr/bin/python3 -c 'import recurring_ical_events'   # imported calendars' occurrences
need khal command -v khal                                   # exported calendars, read by khal
need vdirsyncer command -v vdirsyncer                       # vdirs synced with a CalDAV server
need radicale /usr/bin/python3 -c 'import radicale'          # that server, run by its test on loopback
need python3-caldav /usr/bin/python3 -c 'import caldav'     # the server's events, read and made
need hledger command -v hledger                             # the budget from a journal, computed by hledger itself
need openssh-client command -v ssh                          # homescreen serve, driven by the real client
need openssh-server test -x /usr/sbin/sshd                  # the README's sshd way, on a private sshd
need python3-pyte /usr/bin/python3 -c 'import pyte'         # the dashboard on a plain pty, its screen read
need python3-asyncssh /usr/bin/python3 -c 'import asyncssh' # SSH channels OpenSSH cannot open (serve's caps)
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
        # Debian starts a package's service as it installs it unless policy-rc.d says no (101):
        # refused for this install only, and the ssh service left disabled afterwards.
        policy=/usr/sbin/policy-rc.d
        [ -e "$policy" ] && cp -p "$policy" "$policy.homescreen-tests"
        printf '#!/bin/sh\nexit 101\n' > "$policy"
        chmod 755 "$policy"
        apt-get install -y -qq "${missing[@]}" || { rm -f "$policy"; exit 1; }
        rm -f "$policy"
        [ -e "$policy.homescreen-tests" ] && mv "$policy.homescreen-tests" "$policy"
        if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
            systemctl disable --now ssh.service ssh.socket >/dev/null 2>&1 || true
        elif command -v update-rc.d >/dev/null && [ -e /etc/init.d/ssh ]; then
            update-rc.d ssh disable >/dev/null 2>&1 || true
        fi
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
# What the machine listens on before the tests, to tell what they leave behind.
listening() { ss -ltnH 2>/dev/null | awk '{print $4}' | grep -vE '^(127\.|\[::1\]|\[::ffff:127\.)' | sort -u || true; }
listening_before=$(listening)
# The run's temporary files and tmux sockets, in one folder removed at the end.
run_folder=$(mktemp -d /tmp/homescreen-tests.XXXXXX)
chmod 755 "$run_folder"
mkdir "$run_folder/tmp" "$run_folder/tmux"
export TMPDIR="$run_folder/tmp" TMUX_TMPDIR="$run_folder/tmux"
# A throwaway PostgreSQL cluster for the PostgreSQL store's tests (they fail without one).
cluster=$(scripts/postgres-test-cluster.sh start)   # a failure stops the script here (set -e)
eval "$cluster"
finish() {
    scripts/postgres-test-cluster.sh stop "$HOMESCREEN_TEST_POSTGRES_DIR"
    rm -rf "$run_folder"
}
trap finish EXIT
status=0
swift test --skip-build "$@" || status=$?
finish
trap - EXIT
unset TMPDIR TMUX_TMPDIR   # (the commands below are not the run's)
# Anything the tests left running or listening: named, killed (SIGKILL: it may have inherited
# the test runner's blocked signals), and the run fails. A process
# is the run's when its command line or environment names the run's folder (every test works in
# a folder under it; other programs on the machine are never touched).
left=$(for entry in /proc/[0-9]*; do
           pid=${entry#/proc/}
           [ "$pid" != $$ ] && cat "$entry/cmdline" "$entry/environ" 2>/dev/null | tr '\0' '\n' | grep -qF "$run_folder" && echo "$pid"
       done || true)
if [ -n "$left" ]; then
    echo "scripts/test.sh: the tests left these processes running (stopped now):" >&2
    for pid in $left; do ps -o pid=,comm=,args= -p "$pid" >&2 || true; kill -9 "$pid" 2>/dev/null || true; done
    status=1
fi
new_ports=$(comm -13 <(echo "$listening_before") <(listening))
if [ -n "$new_ports" ]; then
    echo "scripts/test.sh: after the tests, something listens beyond loopback: $new_ports" >&2
    status=1
fi
exit "$status"
