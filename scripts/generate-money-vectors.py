#!/usr/bin/env python3
"""Writes Tests/BudgetTests/Vectors/money-format.json: amounts written with CLDR data by
Babel (an implementation nobody here wrote), for the locales and currencies the budget
widgets use. Run once; the JSON is committed, Babel is not needed by the tests.

    pip install babel==2.18.0 && python3 scripts/generate-money-vectors.py
"""
import json, babel
from babel.numbers import format_decimal, format_currency

LOCALES = ["en", "en_US", "fr", "fr_CH", "fr_FR", "it", "it_IT", "vi", "vi_VN", "de_CH"]
AMOUNTS = ["12345.67", "1234567.89", "0.30", "98765.40", "-12345.60"]
CURRENCIES = {"CHF": 2, "EUR": 2, "USD": 2, "VND": 0}

vectors = []
for locale in LOCALES:
    for code, digits in CURRENCIES.items():
        for amount in AMOUNTS:
            if digits == 0:
                amount = amount.split(".")[0] + "00" if "." in amount else amount
                amount = str(int(float(amount)))
            pattern = "#,##0" + ("." + "0" * digits if digits else "")
            vectors.append({
                "locale": locale, "currency": code, "amount": amount,
                # The number as the locale writes it (group and decimal separators, minus sign).
                "number": format_decimal(amount, format=pattern, locale=locale, group_separator=True),
                # Where the currency goes and which symbol: compared loosely (see the test).
                "currencyText": format_currency(amount, code, locale=locale),
            })
json.dump({"generator": f"babel {babel.__version__}", "vectors": vectors},
          open("Tests/BudgetTests/Vectors/money-format.json", "w"), ensure_ascii=False, indent=1)
print(len(vectors), "vectors")
