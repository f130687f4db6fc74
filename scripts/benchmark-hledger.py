#!/usr/bin/env python3
#   scripts/benchmark-hledger.py [ROUNDS]   (from the checkout; HOMESCREEN_BINARY: the binary, default the debug build)
# The budget from a 20,000-transaction hledger journal (issue 53), for BENCHMARKS.md:
#  1. `status budget` answered from the store's hledgerRun against the same command on the
#     store's own tables (scripts/interleave.py, ROUNDS rounds, default 200);
#  2. the dashboard in tmux: an append to the journal (and an editor's rename into place) until
#     the pane shows the new figure, against hledger's own run time;
#  3. wake-ups of every thread of the dashboard over 30 s once the runs are over;
#  4. `a` (the add-expense form) and Escape on a plain pty, from the key's write to the frame's
#     bytes (Escape's include ncurses' ESC delay), with no run and while hledger runs.
import os, shutil, statistics, subprocess, sys, tempfile, time

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
H = os.path.realpath(os.environ.get("HOMESCREEN_BINARY", ".build/debug/homescreen"))
D = tempfile.mkdtemp()
month = time.strftime("%Y-%m")
journal = D + "/big.journal"
with open(journal, "w") as out:
    out.write("~ monthly\n    expenses:food  4000000 CHF\n    assets:bank\n\n")
    for n in range(20000):
        out.write(f"{month}-{1 + n % 28:02d} Shop {n}\n    expenses:food  1.00 CHF\n    assets:bank\n\n")
for name, text in [("hledger", f'[budget]\nsource = "hledger"\njournal = "{journal}"\n'), ("store", "")]:
    os.makedirs(f"{D}/{name}/homescreen", mode=0o700)
    with open(f"{D}/{name}/homescreen/config.toml", "w") as config: config.write(text)
    os.chmod(f"{D}/{name}/homescreen/config.toml", 0o600)
store = D + "/store.sqlite"
env = dict(PATH="/usr/bin:/bin", HOME=D, LANG="C.UTF-8", TZ="Europe/Zurich", HOMESCREEN_STORE=store)
def run(*arguments, config="store"):
    return subprocess.run([H, *arguments], env=dict(env, XDG_CONFIG_HOME=f"{D}/{config}"), check=True, capture_output=True, text=True).stdout
run("budget", "set", month, "--limit", "4000000", "--currency", "CHF")
for n in range(50): run("expense", "add", "1.00", "--note", f"Shop {n}")

hledger_times = []
for _ in range(3):
    start = time.monotonic()
    subprocess.run(["hledger", "-f", journal, "balance", "--budget", "-M", "-O", "json", "expenses"], check=True, capture_output=True)
    hledger_times.append(time.monotonic() - start)
hledger_median = statistics.median(hledger_times) * 1000
print(f"hledger on the journal: median {hledger_median:.0f} ms of 3 runs")

# 1. The status line: the first run of `status budget` runs hledger and keeps its result.
run("status", "budget", "--format", "plain", config="hledger")
variables = f"XDG_CONFIG_HOME={D}/store HOMESCREEN_STORE={store} HOME={D} TZ=Europe/Zurich LANG=C.UTF-8 PATH=/usr/bin:/bin"
print(subprocess.run([os.path.dirname(os.path.abspath(__file__)) + "/interleave.py", str(rounds),
                      f"store|{variables}|{H} status budget --format plain",
                      f"hledger-cache|{variables.replace(D + '/store ', D + '/hledger ')}|{H} status budget --format plain"],
                     check=True, capture_output=True, text=True).stdout, end="")

# 2-4. The dashboard.
T = ["tmux", "-L", f"hs-hledger-{os.getpid()}", "-f", "/dev/null"]
cmd = "env -i " + " ".join(f"{k}={v}" for k, v in dict(env, XDG_CONFIG_HOME=D + "/hledger").items()) + " TERM=xterm-256color " + H + "; sleep 3600"
subprocess.run(T + ["new-session", "-d", "-x", "160", "-y", "48", cmd], check=True)
cap = lambda: subprocess.run(T + ["capture-pane", "-p"], capture_output=True, text=True).stdout
def wait(condition, limit=60):
    start = time.monotonic()
    while not condition(cap()):
        if time.monotonic() - start > limit: raise SystemExit("timed out; screen:\n" + cap())
        time.sleep(0.002)
    return (time.monotonic() - start) * 1000
try:
    spent = 20000
    wait(lambda screen: f"{4000000 - spent:,}.00" in screen and "updating" not in screen)
    pane = subprocess.run(T + ["display", "-p", "#{pane_pid}"], capture_output=True, text=True).stdout.strip()
    pid = subprocess.run(["pgrep", "-P", pane, "homescreen"], capture_output=True, text=True).stdout.split()[0]
    redraws, overheads = [], []
    last_run = lambda: int(subprocess.run(["sqlite3", store, "SELECT milliseconds FROM hledgerRun WHERE arguments LIKE '%--budget%'"],
                                          capture_output=True, text=True).stdout.split()[0])
    for n in range(6):
        spent += 1
        entry = f"\n{month}-02 More {n}\n    expenses:food  1.00 CHF\n    assets:bank\n"
        start = time.monotonic()
        if n % 2 == 0:
            with open(journal, "a") as out: out.write(entry)
        else:   # an editor: a new file renamed into place
            shutil.copyfile(journal, journal + ".swp")
            with open(journal + ".swp", "a") as out: out.write(entry)
            os.rename(journal + ".swp", journal)
        wait(lambda screen: f"{4000000 - spent:,}.00" in screen and "updating" not in screen)
        redraws.append((time.monotonic() - start) * 1000)
        overheads.append(redraws[-1] - last_run())
        time.sleep(4)   # the `hledger accounts` run that follows
    print(f"journal edit until the new figure (append, rename; 6 edits): median {statistics.median(redraws):.0f} ms, max {max(redraws):.0f} ms"
          f"; beyond the dashboard's own hledger run (its hledgerRun.milliseconds): median {statistics.median(overheads):.0f} ms, max {max(overheads):.0f} ms")
    time.sleep(5)
    switches = lambda: sum(int(line.split()[1]) for task in os.listdir(f"/proc/{pid}/task")
                           for line in open(f"/proc/{pid}/task/{task}/status") if "ctxt_switches" in line)
    before = switches(); time.sleep(30); after = switches()
    print(f"idle after the runs, every thread ({len(os.listdir(f'/proc/{pid}/task'))} threads): {after - before} wake-ups in 30 s")
finally:
    subprocess.run(T + ["kill-server"])

# 3. Keys on a plain pty (no tmux between): from writing the key to the frame's bytes.
import fcntl, pty, select, signal, struct, termios
child, master = pty.fork()
if child == 0:
    os.execve(H, [H], dict(env, XDG_CONFIG_HOME=D + "/hledger", TERM="xterm-256color"))
fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 48, 160, 0, 0))
os.kill(child, signal.SIGWINCH)
def read_until(text, limit=60):
    seen, start = b"", time.monotonic()
    while text not in seen:
        if time.monotonic() - start > limit: raise SystemExit(f"timed out waiting for {text!r}")
        if select.select([master], [], [], 0.5)[0]: seen += os.read(master, 65536)
    return (time.monotonic() - start) * 1000
def drain(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if select.select([master], [], [], max(0, end - time.monotonic()))[0]: os.read(master, 65536)
def press():
    times = []
    for key, text in [(b"a", b"Add an expense"), (b"\x1b", b"")]:
        start = time.monotonic(); os.write(master, key)
        if text: read_until(text)
        else: select.select([master], [], [], 10); os.read(master, 65536)
        times.append((time.monotonic() - start) * 1000); drain(0.05)
    return times
try:
    read_until(b"Budget"); drain(6)
    idle_keys, busy_keys = [], []
    for n in range(15):
        idle_keys += press()
        with open(journal, "a") as out: out.write(f"\n{month}-03 Key {n}\n    expenses:food  1.00 CHF\n    assets:bank\n")
        read_until(b"updating")
        busy_keys += press()
        drain(6)   # the report's run and the `hledger accounts` run after it
    for name, keys in [("no run", idle_keys), ("while hledger runs", busy_keys)]:
        # press() gives a's time then Escape's (which includes ncurses' 25 ms ESC delay).
        a, escape = sorted(keys[0::2]), sorted(keys[1::2])
        keys = sorted(keys)
        print(f"a / Escape on a pty, {name} ({len(keys)} presses): median {statistics.median(keys):.1f} ms, max {keys[-1]:.1f} ms"
              f" (a: median {statistics.median(a):.1f}, max {a[-1]:.1f}; Escape: median {statistics.median(escape):.1f}, max {escape[-1]:.1f})")
finally:
    os.kill(child, signal.SIGTERM); os.waitpid(child, 0)
    shutil.rmtree(D, ignore_errors=True)
