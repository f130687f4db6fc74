#!/usr/bin/env python3
"""The status bar's short date ("Thu, Nov 26", "jeu. 26 nov.", "Th 5, 26 thg 11") as one CLDR
version writes it, for `ShortDate` (HomescreenWidgetCore/Locale), which replaced Foundation's
DateFormatter (ICU's on Linux, whose data stayed resident in every dashboard: issue 36).
Writes Sources/HomescreenWidgetCore/Locale/ShortDate+CLDR.swift: for each language of the
interface and each region whose differs, CLDR's pattern for the skeleton MMMEd (what
DateFormatter's template "EEEdMMM" resolves to) and the abbreviated weekday and month names.
Also writes Tests/WidgetCoreTests/Vectors/short-dates.json: every weekday and month of two
years in the interface's languages and the regions that write them differently, by Babel's own
formatter (an implementation nobody here wrote), which the tests compare `ShortDate` with.

ICU 76 (CLDR 46, Foundation's until then) wrote the same but for the regions that follow
en_001, where CLDR 47 abbreviates September "Sept" (and Australia June and July in full), as the
money table's CLDR 47 does for the same locales.

The reference is Babel 2.18.0 (CLDR 47), as for money (scripts/generate-money-vectors.py):

    pip install babel==2.18.0 && python3 scripts/generate-date-vectors.py
"""
import re, json, datetime, babel
from babel import Locale, localedata
from babel.dates import format_date
from babel.core import get_cldr_version

BABEL = "2.18.0"
assert babel.__version__ == BABEL, f"install babel=={BABEL} (found {babel.__version__})"
LANGUAGES = ["en", "fr", "it", "vi"]


def locales():
    ids = [i for i in localedata.locale_identifiers() if i.split("_")[0] in LANGUAGES]
    return sorted(i for i in ids if i.count("_") == 0 or (i.count("_") == 1 and len(i.split("_")[1]) in (2, 3) and not i.endswith("POSIX")))


def entry(locale):
    parsed = Locale.parse(locale)
    pattern = parsed.datetime_skeletons["MMMEd"].pattern
    fields = set(re.findall(r"([A-Za-z])\1*", re.sub(r"'[^']*'", "", pattern)))
    assert fields <= {"E", "d", "M", "L"}, (locale, pattern)
    context = "stand-alone" if "L" in fields else "format"
    return {
        "pattern": pattern.replace("LLL", "MMM"),
        "weekdays": [parsed.days["format"]["abbreviated"][(d + 6) % 7] for d in range(7)],  # Sunday first
        "months": [parsed.months[context]["abbreviated"][m] for m in range(1, 13)],
    }


def swift(text):
    return '"' + "".join(f"\\u{{{ord(c):04X}}}" if ord(c) > 0x7E or ord(c) < 0x20 else c for c in text.replace("\\", "\\\\").replace('"', '\\"')) + '"'


table = {locale: entry(locale) for locale in locales()}
lines = []
for locale, value in table.items():
    if "_" in locale and value == table[locale.split("_")[0]]:
        continue
    lines.append(f"        {swift(locale)}: ShortDate(pattern: {swift(value['pattern'])},\n"
                 f"                  weekdays: [{', '.join(swift(w) for w in value['weekdays'])}],\n"
                 f"                  months: [{', '.join(swift(m) for m in value['months'])}]),")
source = f"""// Written by scripts/generate-date-vectors.py from CLDR {get_cldr_version()} (Babel {BABEL}); do not edit.

extension ShortDate {{
    /// The interface's languages, and their regions whose short date differs, in CLDR {get_cldr_version()}.
    static let table: [String: ShortDate] = [
{chr(10).join(lines)}
    ]
}}
"""
open("Sources/HomescreenWidgetCore/Locale/ShortDate+CLDR.swift", "w").write(source)
print(len(table), "locales,", len(lines), "entries, CLDR", get_cldr_version())

VECTOR_LOCALES = ["en", "en_US", "en_GB", "en_IN", "en_001", "en_150", "en_AE", "en_AU", "en_CA", "en_ZA", "en_SE",
                  "fr", "fr_FR", "fr_CH", "fr_CA", "fr_BE", "fr_LU", "it", "it_IT", "it_CH", "it_SM", "vi", "vi_VN"]
vectors = []
for locale in VECTOR_LOCALES:
    for step in range(24):
        day = datetime.date(2026, 1, 4) + datetime.timedelta(days=31 * step)
        vectors.append({"locale": locale, "day": day.isoformat(),
                        "text": format_date(day, Locale.parse(locale).datetime_skeletons["MMMEd"], locale=locale)})
with open("Tests/WidgetCoreTests/Vectors/short-dates.json", "w") as file:
    json.dump({"generator": f"babel {BABEL}", "cldr": get_cldr_version(), "vectors": vectors}, file, ensure_ascii=False, indent=1)
    file.write("\n")
print(len(vectors), "vectors")
