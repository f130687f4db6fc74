import Foundation
import Testing
import HomescreenTestSupport
@testable import HomescreenWidgets

/// Symbols from the encoder, with the mask it chooses, read back by zbar (an independent
/// decoder; `apt-get install zbar-tools`, which `.ci/run` does).
struct QRDecodeTests {
    static let payloads = [
        "https://sharemycard.app/card.php?id=42&src=qr-app",
        "https://sharemycard.app/card.php?id=" + String(repeating: "a1B2", count: 30) + "&src=qr-app",
        "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nguyễn;Thị Minh Khai;;;\r\nFN:Thị Minh Khai Nguyễn\r\nORG:Công ty Lịch Việt\r\nEND:VCARD\r\n",
        String(repeating: "x", count: 200),
    ]

    @Test(arguments: QRErrorCorrection.allCases)
    func zbarReadsBackTheExactPayload(_ correction: QRErrorCorrection) throws {
        for payload in Self.payloads {
            let code = try QRCode.encode(payload, correction: correction)
            let rows = (0..<code.size).map { y in (0..<code.size).map { code[$0, y] } }
            #expect(try ZBar.decode(modules: rows) == payload, "\(correction.letter) v\(code.version) mask \(code.mask)")
        }
    }
}
