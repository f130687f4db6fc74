#!/usr/bin/env python3
"""Writes Tests/WidgetCoreTests/Vectors/posix-rules.json: what glibc makes of POSIX TZ rules (the
offset from UTC and the abbreviation at instants over four years), as the reference for
Zone.PosixRule, which reads the rule at the end of every TZif file and a `TZ=` rule by byte.

The rules are every footer in the system's zone database (/usr/share/zoneinfo, or TZDIR) and a
few forms the database does not use (Julian and zero-based days, hours past 24, minutes and
seconds, names in angle brackets). glibc's parser, through Python's time.tzset(), is the
reference. Left out: a rule that keeps daylight saving time all year (`EST5EDT,0/0,J365/25`,
RFC 8536 §3.3.1), which glibc reads as standard time in the hours around New Year (it computes
each UTC year's changes alone); ZoneTests checks that form against the RFC. Run once; the
vectors and this script are committed:
    python3 scripts/generate-posix-rule-vectors.py
"""
import json, os, time

DATABASE = os.environ.get("TZDIR", "/usr/share/zoneinfo")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "WidgetCoreTests", "Vectors", "posix-rules.json")

def footer(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"TZif" or data[4:5] < b"2":
        return None
    lines = data.rstrip(b"\n").rsplit(b"\n", 1)
    return lines[1].decode("ascii") if len(lines) == 2 and lines[1] else None

rules = set()
for folder, _, files in os.walk(DATABASE):
    if "/right" in folder or "/posix" in folder:
        continue
    for name in files:
        try:
            rule = footer(os.path.join(folder, name))
        except OSError:
            continue
        if rule:
            rules.add(rule)
rules |= {
    "AAA3BBB,J60/2,J300/2",               # Julian days (February 29 never counted)
    "XXX-10YYY-11,100/2:30,300/1:15:30",  # zero-based days, minutes and seconds
    "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",   # negative hours, as America/Nuuk's
    "<+0530>-5:30",                       # a fixed offset with minutes
    "ABC+2:30:15",                        # seconds
    "WGT3WGST,M3.5.0/-2,M10.5.0/-1",
    "NZST-12NZDT,M9.5.0,M4.1.0/3",        # the southern hemisphere
    "LMT-0:34:08",
}
start = 1_798_761_600  # 2027-01-01T00:00:00Z
instants = [start + index * 3_940_000 for index in range(32)]  # every 45.6 days, four years
vectors = []
for rule in sorted(rules):
    os.environ["TZ"] = rule
    time.tzset()
    expected = []
    for instant in instants:
        local = time.localtime(instant)
        expected.append([instant, local.tm_gmtoff, local.tm_zone])
    vectors.append({"rule": rule, "at": expected})
with open(OUT, "w") as f:
    f.write('{"source": ' + json.dumps(os.confstr("CS_GNU_LIBC_VERSION") + ", zone database " + DATABASE) + ',\n "rules": [\n')
    f.write(",\n".join(json.dumps(vector, separators=(",", ":")) for vector in vectors))
    f.write("\n]}\n")
print(f"{len(vectors)} rules, {len(instants)} instants each -> {OUT}")
