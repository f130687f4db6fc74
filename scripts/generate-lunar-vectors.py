#!/usr/bin/env python3
"""Writes Tests/CalendarTests/Vectors/: the Vietnamese lunar calendar as computed by vnlunar
(a Python port of Hồ Ngọc Đức's astronomical method, which nobody here wrote), for UTC+7.
Run once; the CSV files are committed, vnlunar is not needed by the tests.

    pip install vnlunar==1.0.5 && python3 scripts/generate-lunar-vectors.py

- lunar-months.csv: every lunar month that has a day between 1900-01-01 and 2100-12-31:
  its first solar day, lunar year, month, leap flag and length. Every day of the range
  follows from it, so the tests check all 73,414 days against it.
- tet.csv: the solar date of Tết (1 Giêng) for every lunar year 1900-2100.
- days.csv: every day of 1984-1986, 2006-2008, 2025 (leap month 6) and 2033 (leap month 11)
  with its lunar date, the can-chi of day, month and year, and the solar term at the day's end.

vnlunar's astronomical mode is used with time_zone=7.0 (UTC+7 on every day); its TK tables
follow the calendars actually printed before 1968 (UTC+8) and are not used here.
"""
import datetime, os, vnlunar
from vnlunar.core import jdn, jdn2date, convert_solar_to_lunar, convert_lunar_to_solar
from vnlunar.calendar import get_can_chi
from vnlunar.almanac import get_solar_term

TZ = 7.0
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CalendarTests", "Vectors")
os.makedirs(OUT, exist_ok=True)

def iso(jd):
    d, m, y = jdn2date(jd)
    return f"{y:04d}-{m:02d}-{d:02d}"

def lunar(jd):
    d, m, y = jdn2date(jd)
    return convert_solar_to_lunar(d, m, y, TZ)

header = f"# vnlunar {vnlunar.__version__}, astronomical, UTC+7 (scripts/generate-lunar-vectors.py)\n"

first, last = jdn(1, 1, 1900), jdn(31, 12, 2100)
start = first - (lunar(first)["day"] - 1)
end = last + 1
while lunar(end)["day"] != 1:
    end += 1
with open(os.path.join(OUT, "lunar-months.csv"), "w") as f:
    f.write(header + "start,lunarYear,lunarMonth,leap,days\n")
    jd = start
    while jd < end:
        l = lunar(jd)
        assert l["day"] == 1
        n = 1
        while lunar(jd + n)["day"] != 1:
            n += 1
        f.write(f"{iso(jd)},{l['year']},{l['month']},{l['leap']},{n}\n")
        jd += n

with open(os.path.join(OUT, "tet.csv"), "w") as f:
    f.write(header + "lunarYear,tet\n")
    for year in range(1900, 2101):
        d, m, y = convert_lunar_to_solar(1, 1, year, 0, TZ)
        f.write(f"{year},{y:04d}-{m:02d}-{d:02d}\n")

with open(os.path.join(OUT, "days.csv"), "w") as f:
    f.write(header + "date,lunarDay,lunarMonth,lunarYear,leap,canChiDay,canChiMonth,canChiYear,solarTerm\n")
    for year in (1984, 1985, 1986, 2006, 2007, 2008, 2025, 2033):
        for jd in range(jdn(1, 1, year), jdn(31, 12, year) + 1):
            l = lunar(jd)
            cc = get_can_chi(l)
            month = cc["month"].replace(" (nhuận)", "")
            term = get_solar_term(jd, TZ)["name"]
            f.write(f"{iso(jd)},{l['day']},{l['month']},{l['year']},{l['leap']},{cc['day']},{month},{cc['year']},{term}\n")
