import Foundation
import Testing

@testable import Jastor

/// The reader's word-at-a-time scans: a string's plain bytes (a quote, a backslash or a control
/// character ends them, found by one flipped-bit test) and whitespace runs (sixteen bytes, then
/// eight, a step), checked over seeded random texts whose special bytes fall on every offset
/// around the eight- and sixteen-byte loads, against a byte-by-byte reference.
@Suite struct ReaderWordScanTests {
    /// Pieces of a string body as written in JSON, and the bytes each decodes to; `nil` bytes for a
    /// raw control character, which the reader refuses where it stands.
    private static let stringPieces: [(written: [UInt8], decoded: [UInt8]?)] = [
        (Array("a".utf8), Array("a".utf8)),
        (Array("é".utf8), Array("é".utf8)),
        (Array("日".utf8), Array("日".utf8)),
        (Array("😀".utf8), Array("😀".utf8)),
        // The bytes next to the quote (0x22) and the control characters' end (0x20), which the
        // flipped-bit test must not take for them, and the bytes next to the backslash (0x5C).
        ([0x20], [0x20]), ([0x21], [0x21]), ([0x23], [0x23]), ([0x5B], [0x5B]), ([0x5D], [0x5D]),
        ([0x7F], [0x7F]), ([0xA2], [0xA2]), ([0xA0], [0xA0]), ([0xDC], [0xDC]),
        (Array(#"\""#.utf8), [0x22]), (Array(#"\\"#.utf8), [0x5C]), (Array(#"\n"#.utf8), [0x0A]),
        (Array(#"\u00e9"#.utf8), Array("é".utf8)),
        ([0x00], nil), ([0x01], nil), ([0x02], nil), ([0x1F], nil),
    ]

    /// Strings of random pieces, behind random padding so that they start at every offset of a
    /// word: the value is the reference decoding (repaired, and reported as repaired, exactly when
    /// that is not valid UTF-8), and a raw control character fails at its own byte.
    @Test func stringsEndWhereTheByteByByteReferenceEnds() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ReaderWordScanTests strings seed: \(seed)")
        var random = SeededRandom(seed: seed)
        for _ in 0..<4_000 {
            let padding = Int.random(in: 0..<16, using: &random)
            var text: [UInt8] = [UInt8(ascii: "[")] + Array(repeating: 0x20, count: padding) + [UInt8(ascii: "\"")]
            var decoded: [UInt8] = []
            var controlOffset: Int?
            // Mostly plain pieces, so that special bytes fall anywhere in and across the words.
            for _ in 0..<Int.random(in: 0..<40, using: &random) {
                let isPlain = Int.random(in: 0..<4, using: &random) > 0
                let piece = isPlain ? Self.stringPieces[0] : Self.pick(Self.stringPieces, using: &random)
                if piece.decoded == nil, controlOffset == nil { controlOffset = text.count }
                text += piece.written
                decoded += piece.decoded ?? []
            }
            text += Array("\"]".utf8)
            let description = "seed \(seed), text \(text)"
            if let controlOffset {
                let error = try #require(throws: JastorError.self, "\(description)") {
                    try JSONReader.read(Data(text))
                }
                #expect(error.description.hasSuffix("(byte \(controlOffset))"), "\(description)")
                continue
            }
            let document = try JSONReader.read(Data(text))
            let expected = String(validating: decoded, as: UTF8.self)
            #expect(document.string(at: 1) == expected ?? String(decoding: decoded, as: UTF8.self), "\(description)")
            #expect(document.repairCount == (expected == nil ? 1 : 0), "\(description)")
        }
    }

    /// Whitespace runs of random length and mix (mostly spaces, as indentation is) between every
    /// kind of token leave the value as written, and a byte that is not JSON
    /// whitespace at the end of a run fails at its own byte.
    @Test func whitespaceRunsEndWhereTheByteByByteReferenceEnds() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ReaderWordScanTests whitespace seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let tokens = ["[", "1", ",", "{", "\"k\"", ":", "\"v\"", ",", "\"n\"", ":", "null", "}", "]"]
        for _ in 0..<2_000 {
            var text = ""
            var runs: [Int] = []
            for token in tokens {
                text += Self.whitespaceRun(using: &random)
                runs.append(text.utf8.count)
                text += token
            }
            text += Self.whitespaceRun(using: &random)
            let value = DocumentValue(document: try JSONReader.read(Data(text.utf8)), index: 0).foundationValue
            let array = value as? [Any]
            let object = array?.last as? [String: Any]
            #expect(array?.count == 2 && array?.first as? Int == 1, "seed \(seed), \(text.debugDescription)")
            #expect(object?.count == 2 && object?["k"] as? String == "v", "seed \(seed), \(text.debugDescription)")
            #expect(object?["n"] is NSNull, "seed \(seed), \(text.debugDescription)")
            // A stray byte at the end of one of the runs (before a token, so the reader is
            // looking for one).
            let stray = Self.pick(["\u{0B}", "\u{0C}", "\u{0}", "x", "\u{A0}"], using: &random)
            let end = Self.pick(runs, using: &random)
            var bad = Array(text.utf8)
            bad.insert(contentsOf: Array(stray.utf8), at: end)
            let error = try #require(throws: JastorError.self, "seed \(seed)") { try JSONReader.read(Data(bad)) }
            #expect(error.description.hasSuffix("(byte \(end))"), "seed \(seed), \(bad)")
        }
    }

    /// Numbers of 1 to 20 digits, signed or not, with leading zeros, fractions and exponents now
    /// and then, at every offset of a word and near the end of the input (where fewer than sixteen
    /// bytes are left): integers that `Int64` holds are exact, the others keep their nearest
    /// `Double` and their text, and a leading zero before another digit fails at that digit.
    @Test func integersReadFromWordsAsTheByteByByteReference() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ReaderWordScanTests numbers seed: \(seed)")
        var random = SeededRandom(seed: seed)
        for _ in 0..<6_000 {
            let isNegative = Int.random(in: 0..<5, using: &random) == 0
            let hasLeadingZero = Int.random(in: 0..<8, using: &random) == 0
            var digits = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                Character(String(Int.random(in: 0...9, using: &random)))
            }
            digits[0] =
                hasLeadingZero
                ? "0" : digits.count == 1 ? digits[0] : Character(String(Int.random(in: 1...9, using: &random)))
            var number = (isNegative ? "-" : "") + String(digits)
            let suffix = Self.pick(["", "", "", ".5", ".25e2", "e3", "E-2", ".0"], using: &random)
            number += suffix
            let padding = String(repeating: " ", count: Int.random(in: 0..<16, using: &random))
            let after = Self.pick([",7]", "]", " ]", "\n]", "          ]", ",1234567890123]"], using: &random)
            let text = "[" + padding + number + after
            let description = "seed \(seed), \(text.debugDescription)"
            if hasLeadingZero, digits.count > 1 {
                let offset = 1 + padding.utf8.count + (isNegative ? 2 : 1)
                let error = try #require(throws: JastorError.self, "\(description)") {
                    try JSONReader.read(Data(text.utf8))
                }
                #expect(error.description.hasSuffix("(byte \(offset))"), "\(description)")
                continue
            }
            let document = try JSONReader.read(Data(text.utf8))
            let kind = DocumentValue(document: document, index: 1).kind
            if suffix.isEmpty, let integer = Int64(number), number != "-0" {
                guard case .scalar(.integer(let read)) = kind else {
                    Issue.record("not an integer: \(description)")
                    continue
                }
                #expect(read == integer, "\(description)")
            } else {
                guard case .scalar(.number(let read)) = kind else {
                    if case .scalar(.unsignedInteger(let read)) = kind {
                        #expect(UInt64(number) == read, "\(description)")
                    } else {
                        Issue.record("not a number: \(description)")
                    }
                    continue
                }
                #expect(read.text == number, "\(description)")
                #expect(read.double == Double(number), "\(description)")
            }
        }
    }

    /// A run of 0 to 40 whitespace bytes: spaces, with now and then a line feed, tab or carriage
    /// return.
    private static func whitespaceRun(using random: inout SeededRandom) -> String {
        String(
            (0..<Int.random(in: 0..<41, using: &random)).map { _ in
                Int.random(in: 0..<6, using: &random) > 0 ? " " : Self.pick(["\n", "\t", "\r"], using: &random)
            })
    }

    /// One of `elements` (never empty here), chosen by `random`.
    private static func pick<Element>(_ elements: [Element], using random: inout SeededRandom) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &random)]
    }
}
