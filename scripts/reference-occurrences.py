#!/usr/bin/python3
"""Prints the occurrences of an iCalendar file as references nobody here wrote read them, one
line each, sorted: "YYYY-MM-DD<TAB>HH:MM or -<TAB>SUMMARY", starts converted to ZONE.

    scripts/reference-occurrences.py recurring FILE ZONE FROM TO
        recurring_ical_events (Debian's python3-recurring-ical-events, with python3-icalendar):
        every occurrence starting from FROM to TO (YYYY-MM-DD, inclusive) in ZONE.
    scripts/reference-occurrences.py khal FILE ZONE FROM TO
        khal (Debian's khal): the file imported into a throwaway calendar folder whose zone is
        ZONE, then `khal list` from FROM to TO; an event spanning days is listed once, on its
        first day (khal lists it under each, with the same start).

A cancelled occurrence is left out. A date-time with a zone (TZID or Z) is converted to ZONE; a floating one and a date are kept
as written. The tests compare `homescreen event list` (and its export read back) with this.
"""
import datetime
import os
import subprocess
import sys
import tempfile
import zoneinfo


def recurring(path, zone, first, last):
    import icalendar
    import recurring_ical_events
    calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
    lines = []
    # A wide window in UTC, then the starts that fall in [first, last] on ZONE's clock.
    window = (first - datetime.timedelta(days=3), last + datetime.timedelta(days=3))
    for event in recurring_ical_events.of(calendar).between(window[0], window[1]):
        # A cancelled occurrence (STATUS:CANCELLED on its RECURRENCE-ID) is still returned by
        # recurring_ical_events, with its status; calendars do not show it, nor does Homescreen.
        if str(event.get("STATUS", "")).upper() == "CANCELLED":
            continue
        start = event["DTSTART"].dt
        if isinstance(start, datetime.datetime):
            if start.tzinfo is not None:
                start = start.astimezone(zone)
            day, time = start.date(), start.strftime("%H:%M")
        else:
            day, time = start, "-"
        if first <= day <= last:
            lines.append("%s\t%s\t%s" % (day.isoformat(), time, str(event.get("SUMMARY", ""))))
    return lines


def khal(path, zone_name, first, last):
    with tempfile.TemporaryDirectory() as folder:
        calendar = os.path.join(folder, "calendar")
        os.mkdir(calendar)
        config = os.path.join(folder, "config")
        with open(config, "w") as out:
            out.write("[calendars]\n[[home]]\npath = %s\n[locale]\nlocal_timezone = %s\ndefault_timezone = %s\n"
                      "timeformat = %%H:%%M\ndateformat = %%Y-%%m-%%d\nlongdateformat = %%Y-%%m-%%d\n"
                      "datetimeformat = %%Y-%%m-%%d %%H:%%M\nlongdatetimeformat = %%Y-%%m-%%d %%H:%%M\n"
                      "[sqlite]\npath = %s\n" % (calendar, zone_name, zone_name, os.path.join(folder, "khal.db")))
        environment = dict(os.environ, TZ=zone_name, LC_ALL="C.UTF-8")
        subprocess.run(["khal", "-c", config, "import", "--batch", "-a", "home", path], check=True, env=environment,
                       stdout=subprocess.DEVNULL)
        listed = subprocess.run(["khal", "-c", config, "list", "--day-format", "",
                                 "--format", "{start-date}\t{start-time}\t{title}", first.isoformat(), last.isoformat()],
                                check=True, env=environment, capture_output=True, text=True).stdout
        lines = set()   # an event of several days is listed under each: once is enough
        for line in listed.splitlines():
            if not line.strip():
                continue
            day, time, title = line.split("\t", 2)
            lines.add("%s\t%s\t%s" % (day, time or "-", title))
        return list(lines)


def main():
    tool, path, zone_name, first, last = sys.argv[1:6]
    first, last = datetime.date.fromisoformat(first), datetime.date.fromisoformat(last)
    if tool == "recurring":
        lines = recurring(path, zoneinfo.ZoneInfo(zone_name), first, last)
    else:
        lines = khal(path, zone_name, first, last)
    print("\n".join(sorted(lines)))


if __name__ == "__main__":
    main()
