#!/usr/bin/env python3
#   scripts/benchmark-script-widget-keys.py   (from the checkout; HOMESCREEN_BINARY: the binary, default the debug build)
# A `sleep 60` widget (timeout 30) beside the pantry: 100 presses of c, each timed from
# send-keys to the new amount on screen (tmux capture-pane polling; includes tmux's own latency).
import os, subprocess, time, shutil
import tempfile; D = tempfile.mkdtemp(); os.makedirs(D + "/homescreen")
os.chmod(D + "/homescreen", 0o700)
open(D + "/homescreen/config.toml", "w").write('[[widget]]\nname = "slow"\ncommand = "sleep 60"\ntimeout = 30\n')
os.chmod(D + "/homescreen/config.toml", 0o600)
H = os.path.realpath(os.environ.get("HOMESCREEN_BINARY", ".build/debug/homescreen"))
env = dict(PATH="/usr/bin:/bin", HOME=D, XDG_CONFIG_HOME=D, LANG="C.UTF-8", TZ="Europe/Zurich", HOMESCREEN_STORE=D + "/store.sqlite")
subprocess.run([H, "pantry", "add", "Milk", "--due", "today", "--amount", "200", "--unit", "l"], env=env, check=True, capture_output=True)
cmd = "env -i " + " ".join(f"{k}={v}" for k, v in env.items()) + " TERM=xterm-256color " + H + "; sleep 100"
T = ["tmux", "-L", f"hs-keys-{os.getpid()}", "-f", "/dev/null"]
subprocess.run(T + ["new-session", "-d", "-x", "160", "-y", "48", cmd], check=True)
cap = lambda: subprocess.run(T + ["capture-pane", "-p"], capture_output=True, text=True).stdout
while "200 l" not in cap(): time.sleep(0.05)
times = []
for n in range(1, 101):
    want = f" {200 - n} l"
    t0 = time.monotonic(); subprocess.run(T + ["send-keys", "c"])
    while want not in cap(): pass
    times.append((time.monotonic() - t0) * 1000)
times.sort()
print(f"100 presses while `sleep 60` runs: median {times[49]:.1f} ms, p99 {times[98]:.1f} ms, max {times[99]:.1f} ms")
subprocess.run(T + ["kill-server"])
shutil.rmtree(D, ignore_errors=True)
