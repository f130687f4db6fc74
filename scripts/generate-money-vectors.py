#!/usr/bin/env python3
"""Money written as one CLDR version writes it, for the budget widgets. Writes two files:

- Sources/HomescreenWidgets/Budget/MoneyConventions+CLDR.swift: each locale's separators,
  currency pattern and currency symbols, which `MoneyFormat` formats with (the program does
  not use the ICU that Foundation carries for money: its CLDR is older, and fr_CH put the
  currency first there);
- Tests/BudgetTests/Vectors/money-format.json: amounts written by Babel's own formatter
  (an implementation nobody here wrote), which the tests compare `MoneyFormat` with.

The reference is Babel 2.18.0, which carries CLDR 47, chosen over:
- Babel 2.19.0 (CLDR 49), the newest on PyPI: CLDR 48 made the Swiss group separator an
  ASCII apostrophe (fr_CH, it_CH: "1'234'567"), and Babel 2.19.0 then takes "'234'" for a
  quoted literal and drops both apostrophes ("1234567,89 CHF"), so its output is wrong for
  Swiss amounts of a million or more;
- Debian 12's python3-babel 2.10.3 (CLDR 41), where fr_CH still put the currency first.
CLDR 47 puts the currency after the amount in fr_CH ("1 234,50 CHF", as CLDR 48 and ICU 78
do) and groups it_CH with U+2019 (CLDR 48: an ASCII apostrophe). Run once from the checkout;
the files are committed, Babel is not needed to build or test:

    pip install babel==2.18.0 && python3 scripts/generate-money-vectors.py

Two CLDR rules Babel does not apply are applied here as TR35 defines them, for the
vectors and the table alike:
- currencySpacing (root's, which these locales inherit): a currency symbol whose side next
  to the number is not a symbol or a space (CHF, not €) is kept from a digit by U+00A0:
  en "CHF 12.00", not "CHF12.00";
- minimumGroupingDigits: Italian (it.xml) groups only from five integer digits: "1234,50".

Spaces are CLDR's own (U+00A0, U+202F); the program keeps them and its ASCII mode folds them.
"""
import json, unicodedata, babel
from babel import Locale, localedata
from babel.core import get_cldr_version
from babel.numbers import format_currency, format_decimal, get_currency_symbol, parse_pattern

BABEL = "2.18.0"
assert babel.__version__ == BABEL, f"install babel=={BABEL} (found {babel.__version__})"
CLDR = get_cldr_version()

LANGUAGES = ["en", "fr", "it", "vi"]  # the interface's languages (Language in HomescreenWidgetCore)
# Currency.known in Sources/HomescreenWidgets/Budget/Data/Money.swift, with its decimals.
CURRENCIES = {"AUD": 2, "BRL": 2, "CAD": 2, "CHF": 2, "CNY": 2, "CZK": 2, "DKK": 2, "EUR": 2, "GBP": 2,
              "HKD": 2, "INR": 2, "JPY": 0, "KRW": 0, "MXN": 2, "NOK": 2, "NZD": 2, "PLN": 2, "SEK": 2,
              "SGD": 2, "THB": 2, "USD": 2, "VND": 0}
MINIMUM_GROUPING = {"it": 2}  # CLDR's minimumGroupingDigits where it is not 1 (Babel ignores it)
NBSP = "\u00a0"

# Vectors: the interface's languages, the regions the README names, Swiss Italian (its own
# pattern) and Indian English (grouping by two above the thousands).
VECTOR_LOCALES = ["en", "en_US", "en_GB", "en_IN", "fr", "fr_FR", "fr_CH", "it", "it_IT", "it_CH", "vi", "vi_VN"]
VECTOR_CURRENCIES = ["CHF", "EUR", "USD", "VND"]
# Five-digit, seven-digit, four-digit (minimum grouping), below one, zero, negative.
AMOUNTS = ["12345.67", "1234567.89", "1234.50", "0.30", "0.00", "98765.40", "-12345.60", "-1234.50"]


def locales():
    """The language and every language_REGION CLDR has for the interface's languages."""
    ids = [i for i in localedata.locale_identifiers() if i.split("_")[0] in LANGUAGES]
    return sorted(i for i in ids if i.count("_") == 0 or (i.count("_") == 1 and len(i.split("_")[1]) in (2, 3) and not i.endswith("POSIX")))


def minimum_grouping(locale):
    return MINIMUM_GROUPING.get(locale.split("_")[0], 1)


def spaced(text, symbol):
    """CLDR's currencySpacing (root): U+00A0 between a letter-like symbol and a digit."""
    def letter_like(character):
        return unicodedata.category(character)[0] not in "SZ"
    at = text.find(symbol)
    if at < 0:
        return text
    before, after = text[:at], text[at + len(symbol):]
    if after[:1].isdigit() and letter_like(symbol[-1]):
        after = NBSP + after
    if before[-1:].isdigit() and letter_like(symbol[0]):
        before = before + NBSP
    return before + symbol + after


def ungrouped(text, amount, locale):
    """minimumGroupingDigits: below that many digits above the first group, no separator."""
    digits = len(amount.lstrip("-").split(".")[0])
    if digits - 3 >= minimum_grouping(locale):
        return text
    return text.replace(Locale.parse(locale).number_symbols["latn"]["group"], "", 1)


def conventions(locale):
    parsed = Locale.parse(locale)
    symbols = parsed.number_symbols["latn"]
    currency = parse_pattern(parsed.currency_formats["standard"].pattern)
    decimal = parse_pattern(parsed.decimal_formats[None].pattern)
    assert currency.grouping == decimal.grouping, locale
    minus = symbols["minusSign"]
    return {
        "decimal": symbols["decimal"], "group": symbols["group"], "minus": minus,
        # The affixes with the minus sign in place; "¤" stands for the currency's symbol.
        "positive": (currency.prefix[0], currency.suffix[0]),
        "negative": (currency.prefix[1].replace("-", minus), currency.suffix[1].replace("-", minus)),
        "grouping": currency.grouping, "minimumGrouping": minimum_grouping(locale),
        "symbols": {code: get_currency_symbol(code, locale) for code in CURRENCIES},
    }


def compact_patterns(locale):
    """CLDR's short decimal patterns for 10^3 … 10^14 ("0K", "00K", "0" for none), one per
    power: the interface's languages write every plural category the same."""
    formats = Locale.parse(locale).compact_decimal_formats["short"]
    patterns = []
    for power in range(3, 15):
        texts = {formats[count][str(10 ** power)].pattern for count in formats}
        assert len(texts) == 1, (locale, power, texts)
        patterns.append(texts.pop())
    return patterns


def swift(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + "".join(f"\\u{{{ord(c):04X}}}" if unicodedata.category(c) in ("Zs", "Cf") and c != " " else c for c in escaped) + '"'


def write_table():
    table = {locale: conventions(locale) for locale in locales()}
    lines = []
    for locale, entry in table.items():
        language = locale.split("_")[0]
        # The language's entry lists the symbols that are not the code; a region's entry only
        # those that differ from its language's.
        base = table[language]["symbols"] if locale != language else {code: code for code in CURRENCIES}
        symbols = {code: s for code, s in entry["symbols"].items() if s != base[code]}
        symbols_text = "[" + ", ".join(f"{swift(c)}: {swift(s)}" for c, s in symbols.items()) + "]" if symbols else "[:]"
        (pp, ps), (np, ns) = entry["positive"], entry["negative"]
        lines.append(f"        {swift(locale)}: MoneyConventions(decimal: {swift(entry['decimal'])}, group: {swift(entry['group'])}, "
                     f"minus: {swift(entry['minus'])}, positive: ({swift(pp)}, {swift(ps)}), negative: ({swift(np)}, {swift(ns)}), "
                     f"grouping: ({entry['grouping'][0]}, {entry['grouping'][1]}), minimumGrouping: {entry['minimumGrouping']}, symbols: {symbols_text}),")
    # The compact patterns of each language, and of each region whose differ from its language's.
    compact = {locale: compact_patterns(locale) for locale in table}
    compact_lines = [f"        {swift(locale)}: [{', '.join(swift(p) for p in patterns)}],"
                     for locale, patterns in compact.items() if "_" not in locale or patterns != compact[locale.split("_")[0]]]
    source = f"""// Written by scripts/generate-money-vectors.py from CLDR {CLDR} (Babel {BABEL}); do not edit.

extension MoneyConventions {{
    /// The CLDR version the table is from.
    static let cldrVersion = "{CLDR}"

    /// The interface's languages and each of their regions in CLDR {CLDR}.
    static let table: [String: MoneyConventions] = [
{chr(10).join(lines)}
    ]

    /// CLDR's short compact patterns for 10^3 … 10^14 ("0K": thousands with one digit before
    /// the K; "0": written in full) of each language, and of the regions whose differ.
    static let compactTable: [String: [String]] = [
{chr(10).join(compact_lines)}
    ]
}}
"""
    open("Sources/HomescreenWidgets/Budget/MoneyConventions+CLDR.swift", "w").write(source)
    return len(table)


def write_vectors():
    vectors = []
    for locale in VECTOR_LOCALES:
        pattern = parse_pattern(Locale.parse(locale).decimal_formats[None].pattern)
        integer = "#,##,##0" if pattern.grouping == (3, 2) else "#,##0"
        for code in VECTOR_CURRENCIES:
            digits = CURRENCIES[code]
            for amount in AMOUNTS:
                if digits == 0:
                    amount = amount.split(".")[0]
                symbol = get_currency_symbol(code, locale)
                vectors.append({
                    "locale": locale, "currency": code, "amount": amount,
                    # The number as the locale writes it (group and decimal separators, minus sign).
                    "number": ungrouped(format_decimal(amount, format=integer + ("." + "0" * digits if digits else ""), locale=locale), amount, locale),
                    # With the currency, as the locale writes it (placement, symbol, spacing).
                    "currencyText": spaced(ungrouped(format_currency(amount, code, locale=locale), amount, locale), symbol),
                })
    header = {"generator": f"babel {BABEL}", "cldr": CLDR,
              "note": "scripts/generate-money-vectors.py: Babel's output with CLDR's currencySpacing and minimumGroupingDigits applied"}
    with open("Tests/BudgetTests/Vectors/money-format.json", "w") as file:
        json.dump(header | {"vectors": vectors}, file, ensure_ascii=False, indent=1)
        file.write("\n")
    return len(vectors)


print(write_table(), "locales,", write_vectors(), "vectors, CLDR", CLDR)
