#!/usr/bin/env python3
"""Runs commands in turn, in a random order each round, pinned to one CPU, with the environment
padded by 0-4095 random bytes (the same for every command of a round), and prints each one's
median wall time and mean CPU time (the child's rusage) against the first's (BENCHMARKS.md).
Each command is NAME|VAR=VALUE ...|PROGRAM ARGUMENT...; an argument @FILE is FILE's text.
    scripts/interleave.py 1000 "sqlite3||/usr/bin/sqlite3 -readonly demo.sqlite @query.sql" \
        "status||/usr/local/bin/homescreen status pantry --format tmux --store demo.sqlite"
"""
import os, random, statistics, sys, time

runs = int(sys.argv[1]); variants = []
for spec in sys.argv[2:]:
    name, env, cmd = spec.split("|", 2)
    e = dict(os.environ)
    for kv in env.split():
        k, v = kv.split("=", 1); e[k] = v
    variants.append((name, e, [open(a[1:]).read().strip() if a.startswith("@") else a for a in cmd.split()]))
os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
null = os.open("/dev/null", os.O_WRONLY)
res = {v[0]: ([], []) for v in variants}
for i in range(runs):
    pad = "p" * random.randrange(4096)
    for name, env, cmd in random.sample(variants, len(variants)):
        e = dict(env, PAD=pad)
        t = time.perf_counter()
        pid = os.posix_spawn(cmd[0], cmd, e, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
        _, _, u = os.wait4(pid, 0)
        res[name][0].append(time.perf_counter() - t); res[name][1].append(u.ru_utime + u.ru_stime)
base = None
for name, (w, c) in res.items():
    mw, mc = statistics.median(w) * 1000, statistics.mean(c) * 1000
    if base is None: base = (mw, mc)
    print(f"{name:14s} wall median {mw:.3f} ms ({mw/base[0]:.3f})  cpu mean {mc:.3f} ms ({mc/base[1]:.3f})")
