#!/usr/bin/env python3
"""Time zone answers from Python's zoneinfo (CPython's own TZif reader, an implementation
nobody here wrote), for `Zone` (HomescreenWidgetCore/Time), which replaced Foundation's
ICU time zones. Copies the TZif files of a set of zones chosen for their edge cases into
Tests/WidgetCoreTests/Vectors/zoneinfo/ (so the tests do not depend on the machine's tzdata
version) and writes Tests/WidgetCoreTests/Vectors/zones.json:

- offsets: for each zone, instants around every offset change from 1800 to 2060 (a second
  before, at, and mid-span) and a day-by-day sweep of 2026: the UTC offset and abbreviation;
- changes: the first instant after each sample whose offset differs;
- starts: the first instant of each local day around the changes (the earliest instant whose
  local date is that day);
- locals: a wall-clock time read in the zone, fold=0 as zoneinfo reads it (a skipped time
  with the offset before the change, a repeated one the first).

Run once from the checkout (the files it writes are committed):

    python3 scripts/generate-zone-vectors.py
"""
import json, os, shutil, datetime as dt
from zoneinfo import ZoneInfo

ZONES = [
    "Europe/Zurich", "America/New_York", "Asia/Ho_Chi_Minh", "Australia/Lord_Howe",  # 30-minute DST
    "America/Santiago", "America/Havana",  # midnight skipped at the spring change
    "Asia/Tehran", "Pacific/Apia",  # a whole day skipped (2011-12-30)
    "Europe/Dublin", "Africa/Casablanca",  # negative DST, DST in the footer's absence
    "Asia/Kolkata", "America/St_Johns", "Pacific/Chatham", "America/Nuuk",  # -1 and 25-hour rule times
    "Asia/Gaza", "Australia/Sydney", "UTC", "Etc/GMT+5", "EST5EDT", "Pacific/Kiritimati",
]
SRC = "/usr/share/zoneinfo"
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "WidgetCoreTests", "Vectors")
UTC = dt.timezone.utc

def stamp(seconds):
    return dt.datetime.fromtimestamp(seconds, UTC)

def offset(zone, seconds):
    return int(stamp(seconds).astimezone(zone).utcoffset().total_seconds())

def changes(zone, start, end):
    """Instants (seconds) where the offset changes, found by hourly steps then bisection."""
    found, step, t = [], 3600 * 6, start
    while t < end:
        a, b = offset(zone, t), offset(zone, t + step)
        if a != b:
            low, high = t, t + step
            while high - low > 1:
                mid = (low + high) // 2
                if offset(zone, mid) == a: low = mid
                else: high = mid
            found.append(high)
        t += step
    return found

def local_day(zone, seconds):
    return stamp(seconds).astimezone(zone).date()

def start_of(zone, day):
    """The earliest instant whose local date is `day` (None when the zone skips the day): a
    scan in 10-minute steps, then a bisection to the second inside the step."""
    low = int(dt.datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()) - 2 * 86400
    for t in range(low, low + 4 * 86400, 600):
        if local_day(zone, t) == day:
            a, b = t - 600, t
            while b - a > 1:
                mid = (a + b) // 2
                if local_day(zone, mid) == day: b = mid
                else: a = mid
            return b
    return None

result = {"tzdata": open(os.path.join(SRC, "tzdata.zi")).readline().strip(), "zones": {}}
os.makedirs(os.path.join(OUT, "zoneinfo"), exist_ok=True)
for name in ZONES:
    path = os.path.join(SRC, name)
    target = os.path.join(OUT, "zoneinfo", name.replace("/", "_"))
    shutil.copyfile(path, target)
    with open(target, "rb") as f:
        zone = ZoneInfo.from_file(f, key=name)
    t0, t1 = int(dt.datetime(1800, 1, 1, tzinfo=UTC).timestamp()), int(dt.datetime(2060, 1, 1, tzinfo=UTC).timestamp())
    cs = changes(zone, t0, t1)
    samples = set()
    for c in cs:
        samples.update([c - 1, c, c + 1800])
    for nxt, c in zip(cs[1:], cs):
        samples.add((c + nxt) // 2)
    y = int(dt.datetime(2026, 1, 1, tzinfo=UTC).timestamp())
    samples.update(y + d * 86400 + 43210 for d in range(366))
    samples.update([t0 + 86400 * 365 * 50, t1 + 86400 * 365 * 40])
    offsets = []
    for s in sorted(samples):
        local = stamp(s).astimezone(zone)
        later = [c for c in cs if c > s]
        offsets.append([s, offset(zone, s), local.tzname(), later[0] if later else None])
    days = set()
    for c in cs:
        for delta in (-1, 0, 1):
            days.add(local_day(zone, c) + dt.timedelta(days=delta))
    days.update(dt.date(2026, 1, 1) + dt.timedelta(days=d) for d in range(0, 366, 7))
    starts = [[d.isoformat(), start_of(zone, d)] for d in sorted(days)]
    starts = [pair for pair in starts if pair[1] is not None]
    locals_ = []
    for c in cs[-60:] + [int(dt.datetime(2026, 6, 1, tzinfo=UTC).timestamp())]:
        before = stamp(c - 1).astimezone(zone)
        for minutes in (-90, -30, 0, 30, 90):
            wall = (before.replace(tzinfo=None) + dt.timedelta(minutes=minutes)).replace(second=0)
            instant = int(wall.replace(tzinfo=zone, fold=0).timestamp())
            locals_.append([wall.date().isoformat(), wall.hour * 3600 + wall.minute * 60, instant])
    result["zones"][name] = {"file": name.replace("/", "_"), "offsets": offsets, "starts": starts, "locals": locals_}
with open(os.path.join(OUT, "zones.json"), "w") as f:
    json.dump(result, f, separators=(",", ":"))
    f.write("\n")
print({n: len(z["offsets"]) for n, z in result["zones"].items()})
