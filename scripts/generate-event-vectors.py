#!/usr/bin/env python3
"""Writes the calendar events' reference vectors, from implementations nobody here wrote.
Run once; the files are committed, the packages are not needed by the tests.

    pip install vnlunar==1.0.5 lunar_python==1.4.8 icalendar==7.3.0 recurring_ical_events
    python3 scripts/generate-event-vectors.py

- Tests/CalendarTests/Vectors/auspicious.csv: for every day of 2020-2030 and every 17th day of
  1900-2100, vnlunar's god index of the day (0 = Thanh Long … 11 = Câu Trận; hoàng đạo are
  0, 1, 4, 5, 7, 10; vnlunar's default basis, the lunar month) and its auspicious hours as
  twelve 0/1 flags from Tý; the hours are also checked here against lunar_python (6tail),
  whose `getTimes()[i].getTianShenType()` must agree. vnlunar's almanac reads the lunar month
  from its printed-calendar tables (UTC+8 before 1968); it is pointed at its own astronomical
  conversion for UTC+7 instead, the calendar Homescreen computes (as generate-lunar-vectors.py).
- Tests/CalendarTests/Vectors/recurrence.json: RRULE cases (DTSTART, RRULE, EXDATEs, a range)
  with the days recurring_ical_events (python-dateutil underneath) expands them to.
"""
import datetime, json, os
from vnlunar.core import jdn, convert_solar_to_lunar
import vnlunar.almanac
from vnlunar.calendar import get_auspicious_hours
from vnlunar.almanac import get_god_index
from vnlunar.constants import AUSPICIOUS_HOURS
from lunar_python import Solar
import icalendar, recurring_ical_events

vnlunar.almanac.get_lunar_date = lambda d, m, y: convert_solar_to_lunar(d, m, y, 7.0)
OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "CalendarTests", "Vectors")

def days():
    day = datetime.date(1900, 1, 1)
    while day <= datetime.date(2100, 12, 31):
        if datetime.date(2020, 1, 1) <= day <= datetime.date(2030, 12, 31) or (day - datetime.date(1900, 1, 1)).days % 17 == 0:
            yield day
        day += datetime.timedelta(days=1)

with open(os.path.join(OUT, "auspicious.csv"), "w") as out:
    out.write("# vnlunar 1.0.5: god index of the day (lunar-month basis) and auspicious hours from Tý\n")
    out.write("date,god,hours\n")
    for day in days():
        jd = jdn(day.day, day.month, day.year)
        hours = AUSPICIOUS_HOURS[(jd + 1) % 12]
        # lunar_python: the 12 two-hour periods from early Tý; 黄道 = auspicious.
        times = Solar.fromYmd(day.year, day.month, day.day).getLunar().getTimes()[:12]
        assert "".join("1" if t.getTianShenType() == "黄道" else "0" for t in times) == hours, day
        out.write(f"{day.isoformat()},{get_god_index(jd)},{hours}\n")

CASES = [
    ("20260105", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10", [], "20260101", "20261231"),
    ("20260131", "FREQ=MONTHLY", [], "20260101", "20271231"),
    ("20240229", "FREQ=YEARLY", [], "20240101", "20331231"),
    ("20260510", "FREQ=YEARLY;BYMONTH=5;BYDAY=2SU", [], "20260101", "20351231"),
    ("20261127", "FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231", [], "20260101", "20281231"),
    ("20260101", "FREQ=DAILY;INTERVAL=3;COUNT=20", ["20260107", "20260119"], "20260101", "20261231"),
    ("20260302", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", ["20260316"], "20260301", "20260630"),
    ("20260115", "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15,-1", [], "20260101", "20270630"),
    ("20261125", "FREQ=YEARLY", ["20281125"], "20260101", "20301231"),
    ("20250101", "FREQ=MONTHLY;BYDAY=1MO,3MO", [], "20260101", "20260630"),
    ("20260104", "FREQ=WEEKLY;WKST=SU;INTERVAL=2;BYDAY=SU,SA", [], "20260101", "20260331"),
    ("20260101", "FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1", [], "20260101", "20281231"),
    ("20200315", "FREQ=MONTHLY;COUNT=30", [], "20211201", "20221231"),
    ("20260106", "FREQ=WEEKLY;UNTIL=20260303", ["20260120"], "20260101", "20261231"),
    ("20260101", "FREQ=DAILY;BYDAY=SA,SU;COUNT=8", [], "20260101", "20261231"),
    ("20260120", "FREQ=YEARLY;BYDAY=20MO", [], "20260101", "20291231"),
]

def d(text):
    return datetime.date(int(text[:4]), int(text[4:6]), int(text[6:]))

cases = []
for start, rule, exdates, first, last in CASES:
    ical = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vectors//EN", "BEGIN:VEVENT", "UID:case@vectors",
            "DTSTAMP:20260101T000000Z", f"DTSTART;VALUE=DATE:{start}", f"RRULE:{rule}"]
    if exdates: ical.append("EXDATE;VALUE=DATE:" + ",".join(exdates))
    ical += ["SUMMARY:case", "END:VEVENT", "END:VCALENDAR"]
    calendar = icalendar.Calendar.from_ical("\r\n".join(ical) + "\r\n")
    found = recurring_ical_events.of(calendar).between(d(first), d(last) + datetime.timedelta(days=1))
    dates = sorted(e["DTSTART"].dt.isoformat() for e in found)
    cases.append({"start": d(start).isoformat(), "rule": rule, "except": [d(x).isoformat() for x in exdates],
                  "from": d(first).isoformat(), "to": d(last).isoformat(), "days": dates})

with open(os.path.join(OUT, "recurrence.json"), "w") as out:
    json.dump({"source": "recurring_ical_events (python-dateutil)", "cases": cases}, out, indent=1, ensure_ascii=False)
    out.write("\n")
