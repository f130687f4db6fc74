#!/usr/bin/env python3
"""Generates Tests/WidgetCoreTests/Vectors/plurals.json from Babel's CLDR data
(pip install babel==2.18.0): the plural category of whole numbers in the four interface
languages, an independent reference for Language.pluralCategory. Run once; the JSON is
committed, this script documents where it came from."""
import json, babel
from babel import Locale

numbers = list(range(0, 40)) + [99, 100, 101, 1000, 10000, 999999, 1000000, 1000001, 2000000, 3000000, 1500000, 10000000]
vectors = [{"language": language, "number": n, "category": Locale(language).plural_form(n)}
           for language in ["en", "fr", "it", "vi"] for n in numbers]
print(json.dumps({"generator": f"babel {babel.__version__} Locale.plural_form (CLDR)", "vectors": vectors}, indent=1))
