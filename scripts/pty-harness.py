#!/usr/bin/python3
"""Runs a program on a plain pseudo-terminal (no tmux between it and the "terminal") and plays a
scenario against it, reading the screen through pyte, a terminal emulator (Debian's python3-pyte).

    scripts/pty-harness.py [--columns 120] [--rows 40] [--term TERM] [--steps FILE] -- PROGRAM ARGS... [< STEPS]

The scenario has one step a line:
    wait TEXT            until TEXT is on screen (10 s at most)
    gone TEXT            until TEXT is not on screen
    send TEXT            types TEXT; \\e, \\r, \\t and \\xNN as in Python strings
    click TEXT DX DY     a left click (SGR report, press and release) DX columns right and DY
                         rows below where TEXT starts on screen (its last occurrence)
    wheel up|down N      N wheel notches in the middle of the screen
    pause SECONDS
    stall                reads nothing until `resume` (the terminal's buffer fills, as over a
                         slow link); the steps between send keys and pause without reading
    repaint              the screen must look the same after SIGCONT (the program draws it all
                         again): every character, and its colours and attributes (a blank's
                         background, underline and reverse only)
A failed step prints the screen and exits 1; at the end the program is sent SIGTERM and the
harness exits 0. The tests use it for what tmux could hide: the mouse as xterm's entries
describe it, seen by the program straight from a pty.
"""
import argparse
import os
import pty
import select
import signal
import struct
import sys
import termios
import fcntl
import time

import pyte


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--columns", type=int, default=120)
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--term", help="TERM for the program (else it keeps the harness's)")
    parser.add_argument("--steps", help="the scenario's file (else standard input)")
    parser.add_argument("--nonblocking", action="store_true",
                        help="the program's terminal is non-blocking, as another program may leave it")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()

    screen = pyte.Screen(options.columns, options.rows)
    stream = pyte.ByteStream(screen)
    pid, master = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.columns, 0, 0))
        if options.term:
            os.environ["TERM"] = options.term
        os.environ.pop("TMUX", None)
        if options.nonblocking:
            fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_NONBLOCK)
        os.execvp(options.command[0], options.command)
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.columns, 0, 0))

    def pump(seconds):
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            ready, _, _ = select.select([master], [], [], left)
            if ready:
                try:
                    data = os.read(master, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                stream.feed(data)

    def text():
        return "\n".join(screen.display)

    def fail(step):
        print("step failed: " + step)
        print(text())
        os.kill(pid, signal.SIGKILL)
        sys.exit(1)

    def until(condition, step):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if condition():
                return
            if not pump(0.05):
                break
        if not condition():
            fail(step)

    def looks():
        cells = []
        for y in range(options.rows):
            row = screen.buffer[y]
            for x in range(options.columns):
                char = row[x]
                if char.data == " ":
                    cells.append((y, x, " ", char.bg, char.reverse, char.underscore))
                else:
                    cells.append((y, x, char.data, char.fg, char.bg, char.bold, char.italics, char.underscore, char.reverse))
        return cells

    def settle():
        # Until nothing more arrives for 0.3 s.
        while True:
            ready, _, _ = select.select([master], [], [], 0.3)
            if not ready:
                return
            pump(0.05)

    stalled = [False]

    def type_(data):
        os.write(master, data.encode("utf-8"))
        if stalled[0]:
            time.sleep(0.05)
        else:
            pump(0.05)

    steps = open(options.steps).read() if options.steps else sys.stdin.read()
    for line in steps.splitlines():
        if not line.strip():
            continue
        verb, _, rest = line.partition(" ")
        if verb == "wait":
            until(lambda: rest in text(), line)
        elif verb == "gone":
            until(lambda: rest not in text(), line)
        elif verb == "send":
            type_(rest.encode("latin-1").decode("unicode_escape"))
        elif verb == "click":
            target, dx, dy = rest.rsplit(" ", 2)
            found = [(row, line_.find(target)) for row, line_ in enumerate(screen.display) if target in line_]
            if not found:
                fail(line)
            row, column = found[-1]
            x, y = column + int(dx) + 1, row + int(dy) + 1
            type_("\x1b[<0;%d;%dM" % (x, y))
            type_("\x1b[<0;%d;%dm" % (x, y))
        elif verb == "wheel":
            direction, count = rest.split()
            button = 64 if direction == "up" else 65
            for _ in range(int(count)):
                type_("\x1b[<%d;%d;%dM" % (button, options.columns // 2, options.rows // 2))
        elif verb == "pause":
            if stalled[0]:
                time.sleep(float(rest))
            else:
                pump(float(rest))
        elif verb == "stall":
            stalled[0] = True
        elif verb == "resume":
            stalled[0] = False
        elif verb == "repaint":
            settle()
            shown = looks()
            os.kill(pid, signal.SIGCONT)
            settle()
            repainted = looks()
            if shown != repainted:
                differing = [(a, b) for a, b in zip(shown, repainted) if a != b][:5]
                print("changed in place: " + repr([a for a, _ in differing]))
                print("repainted:        " + repr([b for _, b in differing]))
                fail(line)
        else:
            fail("unknown step: " + line)
    os.kill(pid, signal.SIGTERM)
    pump(0.5)
    sys.exit(0)


if __name__ == "__main__":
    main()
