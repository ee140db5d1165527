import Foundation
import Testing

@testable import Jastor

/// The byte reader's eight-digits-at-a-time number scan gives what reading one digit at a time gives.
@Suite struct NumberScanningTests {
    /// Eight bytes as the reader loads them (the first byte lowest).
    private func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The slow path: the value of eight ASCII digits read one at a time, or `nil`.
    private func digitByDigit(_ bytes: [UInt8]) -> UInt64? {
        var value: UInt64 = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Law: over seeded random words of digits, some with one byte swapped for another (the bytes
    /// next to the digits, control bytes, bytes with the high bit set), `eightDigits` is the slow
    /// path's answer.
    @Test func eightDigitsAgreeWithReadingOneDigitAtATime() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("NumberScanningTests eight digits seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let strays: [UInt8] = [
            0x00, 0x20, 0x2B, 0x2D, 0x2E, 0x2F, 0x3A, 0x3F, 0x45, 0x65, 0x7F, 0x80, 0xB0, 0xB9, 0xFF,
        ]
        var rejected = 0
        for round in 0..<200_000 {
            var bytes = (0..<8).map { _ in UInt8(ascii: "0") + UInt8(random.next() % 10) }
            if round % 2 == 1 {
                let stray =
                    round % 4 == 1
                    ? strays[Int(random.next() % UInt64(strays.count))] : UInt8(truncatingIfNeeded: random.next())
                bytes[Int(random.next() % 8)] = stray
            }
            let expected = digitByDigit(bytes)
            if expected == nil { rejected += 1 }
            #expect(JSONReader.eightDigits(word(bytes)) == expected, "\(bytes) (seed \(seed))")
        }
        #expect(rejected > 50_000, "the words with a stray byte are asked about (seed \(seed))")
        #expect(JSONReader.eightDigits(word(Array("00000000".utf8))) == 0)
        #expect(JSONReader.eightDigits(word(Array("99999999".utf8))) == 99_999_999)
        #expect(JSONReader.eightDigits(word(Array("12345678".utf8))) == 12_345_678)
    }

    /// Law: over seeded random number texts (integer parts of 1 to 25 digits, fractions with up to
    /// 12 leading zeros and up to 25 digits, exponents), read at the end of the input and inside an
    /// array, an integer that fits 64 bits is that integer, every other number keeps its text, and
    /// its `Double` is the standard library's, bit for bit.
    @Test func scannedNumbersAgreeWithTheStandardLibrary() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("NumberScanningTests numbers seed: \(seed)")
        var random = SeededRandom(seed: seed)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(random.next() % 10)) })
        }
        for _ in 0..<20_000 {
            var text = random.next() % 3 == 0 ? "-" : ""
            let integerDigits = Int(random.next() % 26)
            text += integerDigits == 0 ? "0" : String(random.next() % 9 + 1) + digits(integerDigits - 1)
            var isIntegerForm = true
            if random.next() % 3 != 0 {
                isIntegerForm = false
                let zeros = random.next() % 2 == 0 ? 0 : Int(random.next() % 13)
                text +=
                    "." + String(repeating: "0", count: zeros) + digits(Int(random.next() % 26) + (zeros == 0 ? 1 : 0))
            }
            if random.next() % 4 == 0 {
                isIntegerForm = false
                text += ["e", "E", "e+", "e-"][Int(random.next() % 4)] + String(random.next() % 330)
            }
            for input in [text, "[\(text)]", "[\(text), 1]"] {
                try check(text, isIntegerForm: isIntegerForm, readFrom: input, seed: seed)
            }
        }
    }

    private func check(_ text: String, isIntegerForm: Bool, readFrom input: String, seed: UInt64) throws {
        let document = try JSONReader.read(Data(input.utf8))
        let value = DocumentValue(document: document, index: input.hasPrefix("[") ? 1 : 0)
        let isNegativeZero =
            text.hasPrefix("-") && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "0") }
        switch value.kind {
        case .scalar(.integer(let integer)):
            #expect(isIntegerForm && Int64(text) == integer, "\(text) read as \(integer) (seed \(seed))")
        case .scalar(.unsignedInteger(let integer)):
            #expect(
                isIntegerForm && Int64(text) == nil && UInt64(text) == integer,
                "\(text) read as \(integer) (seed \(seed))")
        case .scalar(.number(let number)):
            if isIntegerForm {
                #expect(
                    isNegativeZero || (Int64(text) == nil && UInt64(text) == nil),
                    "\(text) fits 64 bits but was kept as text (seed \(seed))")
            }
            #expect(number.text == text, "\(text) kept as \(number.text) (seed \(seed))")
            #expect(number.isIntegerForm == isIntegerForm, "\(text): integer form (seed \(seed))")
            let expected = Double(text) ?? .nan
            if !isIntegerForm {
                #expect(
                    number.double.bitPattern == expected.bitPattern,
                    "\(text): reader \(number.double), standard library \(expected) (seed \(seed))")
            }
        case let other:
            Issue.record("\(text) read as \(other) (seed \(seed))")
        }
    }
}
