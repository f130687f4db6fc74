#!/usr/bin/env python3
"""Key latency beside a hanging script widget (issue 52): 100 presses of `c` on the pantry in
tmux, with a `sleep 60` widget (timeout 30) beside it, and the same without the widget, in
alternating rounds on the same machine.

    scripts/benchmark-script-widget-keys.py [ROUNDS]   (HOMESCREEN_BINARY: the binary, default the debug build)

Each press is timed from `send-keys` to the first byte of the frame the dashboard writes back,
both through one tmux control-mode client (`tmux -C`): no process is started per press and
nothing polls, so what is measured is tmux's relay and the dashboard. After each round the
screen must show every press (the amount 100 lower).
"""
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

BINARY = os.path.realpath(os.environ.get("HOMESCREEN_BINARY", ".build/debug/homescreen"))
PRESSES = 100


def round_of(widget: bool):
    folder = tempfile.mkdtemp()
    try:
        os.makedirs(folder + "/homescreen")
        os.chmod(folder + "/homescreen", 0o700)
        config = '[[widget]]\nname = "slow"\ncommand = "sleep 60"\ntimeout = 30\n' if widget else ""
        with open(folder + "/homescreen/config.toml", "w") as file:
            file.write(config)
        os.chmod(folder + "/homescreen/config.toml", 0o600)
        env = dict(PATH="/usr/bin:/bin", HOME=folder, XDG_CONFIG_HOME=folder, XDG_RUNTIME_DIR=folder, LANG="C.UTF-8", TZ="Europe/Zurich",
                   HOMESCREEN_STORE=folder + "/store.sqlite")
        subprocess.run([BINARY, "pantry", "add", "Milk", "--due", "today", "--amount", "200", "--unit", "l"], env=env, check=True, capture_output=True)
        command = "env -i " + " ".join(f"{k}={v}" for k, v in env.items()) + " TERM=xterm-256color " + BINARY + "; sleep 100"
        tmux = ["tmux", "-L", f"hs-keys-{os.getpid()}", "-f", "/dev/null"]
        subprocess.run(tmux + ["new-session", "-d", "-x", "160", "-y", "48", command], check=True)
        try:
            capture = lambda: subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
            deadline = time.monotonic() + 30
            while "200 l" not in capture() or (widget and "Slow" not in capture()):
                if time.monotonic() > deadline:
                    sys.exit("no first frame:\n" + capture())
                time.sleep(0.05)
            client = subprocess.Popen(tmux + ["-C", "attach"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
            pending = b""

            def lines(timeout):
                """The control client's lines that arrive within `timeout` seconds."""
                nonlocal pending
                end = time.monotonic() + timeout
                while True:
                    while b"\n" in pending:
                        line, pending = pending.split(b"\n", 1)
                        yield line
                    left = end - time.monotonic()
                    if left <= 0 or not select.select([client.stdout], [], [], left)[0]:
                        return
                    pending += os.read(client.stdout.fileno(), 65536)

            for _ in lines(0.5):   # the attach's own replies and the first redraw
                pass
            times = []
            for _ in range(PRESSES):
                start = time.monotonic()
                client.stdin.write(b"send-keys c\n")
                for line in lines(5):
                    if line.startswith(b"%output"):
                        times.append((time.monotonic() - start) * 1000)
                        break
                else:
                    sys.exit("no frame after a press")
                # The rest of the frame, and nothing after it.
                for _ in lines(0.03):
                    pass
            client.stdin.close()
            client.wait(timeout=5)
            deadline = time.monotonic() + 5
            while "100 l" not in capture():
                if time.monotonic() > deadline:
                    sys.exit("not every press was drawn:\n" + capture())
                time.sleep(0.05)
            return sorted(times)
        finally:
            subprocess.run(tmux + ["kill-server"], capture_output=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def summary(times):
    return f"median {times[len(times) // 2]:.1f} ms, p99 {times[int(len(times) * 0.99) - 1]:.1f} ms, max {times[-1]:.1f} ms"


rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
beside, alone = [], []
for _ in range(rounds):
    beside += round_of(True)
    alone += round_of(False)
beside.sort()
alone.sort()
print(f"{len(beside)} presses beside `sleep 60`: {summary(beside)}")
print(f"{len(alone)} presses without a widget: {summary(alone)}")
