#!/usr/bin/env python3
"""Runs commands in turn, in a random order each round, pinned to one CPU, with the environment
padded by 0-4095 random bytes (the same for every command of a round), and prints each one's
median wall time and mean CPU time (the child's rusage) against the first's (BENCHMARKS.md).
Each command is NAME|VAR=VALUE ...|PROGRAM ARGUMENT...; an argument @FILE is FILE's text.
    scripts/interleave.py 1000 "sqlite3||/usr/bin/sqlite3 -readonly demo.sqlite @query.sql" \
        "status||/usr/local/bin/homescreen status pantry --format tmux --store demo.sqlite"
"""
import os, random, statistics, sys, time

runs = int(sys.argv[1])
commands = []
for spec in sys.argv[2:]:
    name, variables, line = spec.split("|", 2)
    environment = dict(os.environ, **dict(pair.split("=", 1) for pair in variables.split()))
    arguments = [open(word[1:]).read().strip() if word.startswith("@") else word for word in line.split()]
    commands.append((name, environment, arguments))
os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
null = os.open("/dev/null", os.O_WRONLY)
wall = {name: [] for name, _, _ in commands}
cpu = {name: [] for name, _, _ in commands}
for _ in range(runs):
    padding = "p" * random.randrange(4096)
    for name, environment, arguments in random.sample(commands, len(commands)):
        start = time.perf_counter()
        pid = os.posix_spawn(arguments[0], arguments, dict(environment, PAD=padding),
                             file_actions=[(os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
        _, _, usage = os.wait4(pid, 0)
        wall[name].append(time.perf_counter() - start)
        cpu[name].append(usage.ru_utime + usage.ru_stime)
first = commands[0][0]
base_wall, base_cpu = statistics.median(wall[first]), statistics.mean(cpu[first])
for name, _, _ in commands:
    median, mean = statistics.median(wall[name]), statistics.mean(cpu[name])
    print(f"{name:14s} wall median {median * 1000:.3f} ms ({median / base_wall:.3f})  cpu mean {mean * 1000:.3f} ms ({mean / base_cpu:.3f})")
