#!/usr/bin/env python3
"""How soon a script widget's new output is on the screen (issue 52: within 100 ms of the
command's end): `homescreen reload NAME` and SIGRTMIN+N, each ROUNDS times, on the dashboard in
tmux beside the pantry.

    scripts/benchmark-script-widget-reload.py [ROUNDS]   (HOMESCREEN_BINARY: the binary, default the debug build)

The command writes the wall clock as its last act (`date +%s%N > finished`) and exits; the
frame is the first byte tmux relays from the dashboard after it, read from one tmux
control-mode client (nothing polls). Printed: from the command's end to the frame, and from the
request (`homescreen reload` started, or the signal sent) to the frame.
"""
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

BINARY = os.path.realpath(os.environ.get("HOMESCREEN_BINARY", ".build/debug/homescreen"))
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
SIGNAL = 5

folder = tempfile.mkdtemp()
os.makedirs(folder + "/homescreen")
os.makedirs(folder + "/run")
os.chmod(folder + "/homescreen", 0o700)
os.chmod(folder + "/run", 0o700)
with open(folder + "/homescreen/config.toml", "w") as file:
    file.write('[[widget]]\nname = "stamp"\ninterval = 600\nsignal = %d\n'
               'command = "n=$(( $(cat n 2>/dev/null || echo 0) + 1 )); echo $n > n; echo \\"stamp $n\\"; date +%%s%%N > finished"\n' % SIGNAL)
os.chmod(folder + "/homescreen/config.toml", 0o600)
env = dict(PATH="/usr/bin:/bin", HOME=folder, XDG_CONFIG_HOME=folder, XDG_RUNTIME_DIR=folder + "/run", LANG="C.UTF-8", TZ="Europe/Zurich",
           HOMESCREEN_STORE=folder + "/store.sqlite")
subprocess.run([BINARY, "pantry", "add", "Milk", "--due", "today", "--amount", "2", "--unit", "l"], env=env, check=True, capture_output=True)
tmux = ["tmux", "-L", f"hs-reload-{os.getpid()}", "-f", "/dev/null"]
command = "env -i " + " ".join(f"{k}={v}" for k, v in env.items()) + " TERM=xterm-256color " + BINARY + "; sleep 100"
subprocess.run(tmux + ["new-session", "-d", "-x", "160", "-y", "48", command], check=True)
try:
    capture = lambda: subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout
    deadline = time.monotonic() + 30
    while "stamp 1" not in capture():
        if time.monotonic() > deadline:
            sys.exit("no first frame:\n" + capture())
        time.sleep(0.05)
    pane = int(subprocess.run(tmux + ["display-message", "-p", "#{pane_pid}"], capture_output=True, text=True).stdout)
    dashboard = int(subprocess.run(["pgrep", "-P", str(pane), "homescreen"], capture_output=True, text=True).stdout.split()[0])
    rtmin = signal.SIGRTMIN
    client = subprocess.Popen(tmux + ["-C", "attach"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    pending = b""

    def drain(timeout):
        """Reads what the client says for `timeout` seconds."""
        global pending
        end = time.monotonic() + timeout
        while (left := end - time.monotonic()) > 0 and select.select([client.stdout], [], [], left)[0]:
            pending += os.read(client.stdout.fileno(), 65536)
        pending = b""

    def frame_after(request):
        """When `request()` ran and when the first %output line after it came (wall clock)."""
        global pending
        drain(0.2)
        started = time.time()
        request()
        end = time.monotonic() + 5
        while time.monotonic() < end:
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                if line.startswith(b"%output"):
                    return started, time.time()
            if select.select([client.stdout], [], [], 0.5)[0]:
                pending += os.read(client.stdout.fileno(), 65536)
        sys.exit("no frame after a request")

    results = {"homescreen reload": [], "SIGRTMIN+%d" % SIGNAL: []}
    for _ in range(ROUNDS):
        for name in results:
            if name == "homescreen reload":
                started, seen = frame_after(lambda: subprocess.Popen([BINARY, "reload", "stamp"], env=env))
            else:
                started, seen = frame_after(lambda: os.kill(dashboard, rtmin + SIGNAL))
            with open(folder + "/homescreen/finished") as file:
                ended = int(file.read()) / 1e9
            results[name].append(((seen - ended) * 1000, (seen - started) * 1000))
    client.stdin.close()
    client.wait(timeout=5)
    with open(folder + "/homescreen/n") as file:
        runs = int(file.read())
    for name, pairs in results.items():
        after_end = sorted(pair[0] for pair in pairs)
        after_request = sorted(pair[1] for pair in pairs)
        pick = lambda values, q: values[min(len(values) - 1, int(len(values) * q))]
        print(f"{name} ×{len(pairs)}: command's end → frame median {pick(after_end, 0.5):.1f} ms, max {after_end[-1]:.1f} ms; "
              f"request → frame median {pick(after_request, 0.5):.1f} ms, max {after_request[-1]:.1f} ms")
    print(f"runs: {runs} (1 at start + {2 * ROUNDS} requests)")
finally:
    subprocess.run(tmux + ["kill-server"], capture_output=True)
    shutil.rmtree(folder, ignore_errors=True)
