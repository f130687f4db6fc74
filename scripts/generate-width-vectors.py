#!/usr/bin/env python3
"""Generates Tests/RenderTests/Vectors/display-width.json from the `wcwidth` package
(pip install wcwidth==0.7.0): terminal column widths of strings, as an independent reference
for DisplayWidth. Run once; the JSON is committed, this script documents where it came from."""
import json, unicodedata, wcwidth

samples = [
    "Milk", "Tháng Giêng Ất Tỵ", unicodedata.normalize("NFD", "Tháng Giêng Ất Tỵ"),
    "Nước mắm", unicodedata.normalize("NFD", "Nước mắm"), "Crème fraîche", "Mozzarella di bufala",
    "Đường phèn", "Bánh chưng", "Phở bò", "Thứ Bảy", "Chủ Nhật", "mỳ Ý", "ế", "ệ", "ữ", "ỗ",
    "豆腐", "味噌汁", "牛奶 2L", "김치", "ラーメン", "ｶﾀｶﾅ", "ＡＢＣ",
    "🥛", "🍞 Bread", "🥫🥫", "☕", "⚠", "⚠️", "✓", "❤️", "🇻🇳", "👍🏽",
    "café", "naïve", "Ångström", "Ωmega", "…", "·", "●", "─│╭╮", "█░",
    "CHF 1 500,00", "450,50 €", "12\u202f500 ₫",
]
vectors = [{"text": s, "width": wcwidth.wcswidth(s)} for s in samples]
assert all(v["width"] >= 0 for v in vectors)
print(json.dumps({"generator": f"wcwidth {wcwidth.__version__} wcswidth()", "vectors": vectors}, ensure_ascii=False, indent=1))
