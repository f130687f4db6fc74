#!/usr/bin/env python3
"""Floods a `homescreen serve` on loopback (issue 50), for scripts/benchmark-serve.sh.

  serve-flood.py rss PORT PID [CONNECTIONS]
      CONNECTIONS (60000) connections one after another, each sending a version line and
      closing; the server's RSS (VmRSS, kB) every 10,000.
  serve-flood.py flood PORT SECONDS SSH-COMMAND...
      300 silent connections from 11 loopback addresses (127.0.3.1-11), each reopened as soon
      as the server closes it, for SECONDS; every 5 s a member (SSH-COMMAND) tries up to 3 times.
"""
import selectors, socket, subprocess, sys, threading, time


def rss(pid):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def measure_rss(port, pid, total):
    print("connections  server RSS (kB)")
    print("%11d  %d" % (0, rss(pid)))
    for done in range(1, total + 1):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"SSH-2.0-flood\r\n")
        s.close()
        if done % 10000 == 0:
            time.sleep(0.5)   # the server closes what was opened
            print("%11d  %d" % (done, rss(pid)), flush=True)


def flood(port, seconds, member):
    addresses = ["127.0.3.%d" % (i + 1) for i in range(11)]
    selector = selectors.DefaultSelector()
    opened = [0]

    def open_one(i):
        s = socket.socket()
        s.setblocking(False)
        s.bind((addresses[i % len(addresses)], 0))
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        selector.register(s, selectors.EVENT_READ, i)
        opened[0] += 1

    for i in range(300):
        open_one(i)
    start = time.time()
    results = []

    def tries():
        at = 3
        while at < seconds:
            time.sleep(max(0, start + at - time.time()))
            got, began = 0, time.time()
            for attempt in (1, 2, 3):
                done = subprocess.run(member, stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
                if done.returncode == 0:
                    got = attempt
                    break
            results.append((at, got, time.time() - began))
            at += 5

    thread = threading.Thread(target=tries)
    thread.start()
    while time.time() < start + seconds or thread.is_alive():
        for key, _ in selector.select(timeout=0.05):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except OSError:
                data = b""
            if data:
                continue
            selector.unregister(s)
            s.close()
            open_one(key.data)
    for at, got, took in results:
        print("at %2d s: member %s (%.2f s)" % (at, "in at attempt %d" % got if got else "NOT in after 3 attempts", took))
    print("flood connections opened: %d in %.0f s" % (opened[0], time.time() - start))


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "rss":
        measure_rss(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 60000)
    elif mode == "flood":
        flood(int(sys.argv[2]), float(sys.argv[3]), sys.argv[4:])
    else:
        sys.exit(__doc__)
