#!/usr/bin/env python3
"""Writes Tests/CardTests/Vectors/qr-matrices.json: QR code matrices made by python-qrcode (an
encoder nobody here wrote) in byte mode for fixed versions, error correction levels and masks,
so the project's encoder can be compared module for module. Run once; the JSON is committed.

    pip install qrcode==8.2 && python3 scripts/generate-qr-vectors.py

(segno 1.6.6 was tried first: its symbols decode, but its data modules differ from both
python-qrcode's and ours for the same version, level and mask, so it could not serve.)
"""
import json, os
import qrcode
from qrcode.util import QRData, MODE_8BIT_BYTE

LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M,
          "Q": qrcode.constants.ERROR_CORRECT_Q, "H": qrcode.constants.ERROR_CORRECT_H}
PAYLOADS = [
    "https://sharemycard.app/card.php?id=42&src=qr-app",
    "A",
    "Nguyễn Thị Minh Khai — Lịch Việt",
    "https://sharemycard.app/card.php?id=" + "x" * 120 + "&src=qr-app",
    "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Trần;Hưng Đạo;;;\r\nFN:Hưng Đạo Trần\r\nORG:Công ty ABC\r\nEND:VCARD\r\n",
    "0123456789" * 30,
]

def matrix(data, error, version, mask):
    code = qrcode.QRCode(version=version, error_correction=LEVELS[error], mask_pattern=mask, border=0)
    code.add_data(QRData(data, mode=MODE_8BIT_BYTE))
    code.make(fit=version is None)
    return code.version, ["".join("1" if m else "0" for m in row) for row in code.get_matrix()]

vectors = []
for index, payload in enumerate(PAYLOADS):
    data = payload.encode("utf-8")
    for error in "LMQH":
        smallest, _ = matrix(data, error, None, 0)
        for version in sorted({smallest, min(40, smallest + 3 + index)}):
            for mask in ([0, 1, 2, 3, 4, 5, 6, 7] if index < 2 else [index % 8, (index * 3 + len(error) + ord(error)) % 8]):
                _, rows = matrix(data, error, version, mask)
                vectors.append({"payload": payload, "error": error, "version": version, "mask": mask, "rows": rows})
    smallest, _ = matrix(data, "M", None, 0)
    vectors.append({"payload": payload, "error": "M", "version": smallest, "mask": None, "rows": []})
out = os.path.join(os.path.dirname(__file__), "..", "Tests", "CardTests", "Vectors", "qr-matrices.json")
with open(out, "w") as f:
    json.dump({"generator": "python-qrcode 8.2", "vectors": vectors}, f, ensure_ascii=False, indent=0)
print(len(vectors), "vectors")
