import Foundation
import Testing

@testable import Jastor

/// Strings with escapes, which the reader decodes in two passes (count the decoded bytes, then
/// write them into the `String`'s storage): seeded random strings against the text they were
/// escaped from and against a plain decoder, and errors at the byte where they are.
@Suite struct EscapedStringTests {
    private func decoded(_ json: [UInt8]) throws -> String? {
        DocumentValue(document: try JSONReader.read(Data(json)), index: 1).foundationValue as? String
    }

    /// Law: any string, each scalar written plain, as a short escape where it has one, or as
    /// `\u` escapes (a surrogate pair above U+FFFF), reads back as itself.
    @Test func randomStringsReadBackAsThemselves() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("EscapedStringTests strings seed: \(seed)")
        var random = SeededRandom(seed: seed)
        for _ in 0..<3_000 {
            let scalars = (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.scalar(using: &random) }
            var json = Array("[\"".utf8)
            for scalar in scalars { json += Self.escaped(scalar, using: &random) }
            json += Array("\\n\"]".utf8)  // at least one escape
            let original = String(String.UnicodeScalarView(scalars)) + "\n"
            let text = String(decoding: json, as: UTF8.self)
            #expect(try decoded(json) == original, "\(text) (seed \(seed))")
        }
    }

    /// Law: string bodies of random pieces (plain ASCII and UTF-8, stray bytes that are not UTF-8,
    /// short escapes, `\u0000`, lone and paired surrogates, a high surrogate before an escape that
    /// is not a low one) decode as decoding escape by escape into bytes, then repairing them with
    /// `String(decoding:as:)`, decodes them.
    @Test func randomBodiesDecodeAsAPlainDecoderDoes() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("EscapedStringTests bodies seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let pieces = [
            "a", "plain text ", "é", "€", "😀", #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#,
            #"\u0000"#, #"\u0041"#, #"\u00E9"#, #"\u20ac"#, #"\uFFFF"#, #"\ud83d\ude00"#, #"\uD800"#, #"\udc00"#,
            #"\uDBFF\uDFFF"#, #"\ud800\u0041"#, #"\ud800\ud800"#, #"\ud800\n"#,
        ]
        for _ in 0..<3_000 {
            var body: [UInt8] = Array(#"\t"#.utf8)
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    body.append(UInt8.random(in: 0x80...0xFF, using: &random))
                } else {
                    body += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
                }
            }
            let expected = Self.plainDecoding(body)
            let text = String(decoding: body, as: UTF8.self)
            #expect(try decoded(Array("[\"".utf8) + body + Array("\"]".utf8)) == expected, "\(text) (seed \(seed))")
        }
    }

    /// Bad escapes are reported at the byte that is wrong, as before the two passes.
    @Test(arguments: [
        (#"["ab\u12x4"]"#, "expected four hex digits, found 'x' at line 1, column 9 (byte 8)"),
        (#"["\ud800\u12G4"]"#, "expected four hex digits, found 'G' at line 1, column 13 (byte 12)"),
        (#"["\u12"#, "expected four hex digits, found the end of the input at line 1, column 7 (byte 6)"),
        (
            #"["a\q"]"#,
            #"expected an escape (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX), found 'q' at line 1, column 5 (byte 4)"#
        ),
        (
            "[\"a\\n\u{1}\"]",
            "expected a string character (control characters must be escaped), found byte 0x01 at line 1, column 6 (byte 5)"
        ),
        (#"["a\n"#, #"expected '"' to close the string, found the end of the input at line 1, column 6 (byte 5)"#),
        (#"["a\"#, #"expected '"' to close the string, found the end of the input at line 1, column 5 (byte 4)"#),
    ])
    func badEscapesAreReportedWhereTheyAre(json: String, message: String) throws {
        let error = try #require(throws: JastorError.self) { try JSONReader.read(Data(json.utf8)) }
        #expect(error.description.hasSuffix(message), "\(error.description)")
    }

    // MARK: - Generating and decoding

    /// A random scalar: mostly ASCII (controls, quotes and backslashes included), some of two,
    /// three and four UTF-8 bytes.
    private static func scalar(using random: inout SeededRandom) -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0...0x7F, 0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
        return Unicode.Scalar(UInt32.random(in: range, using: &random)) ?? "?"
    }

    /// `scalar` as JSON string text: plain where JSON allows it and a coin says so, else escaped.
    private static func escaped(_ scalar: Unicode.Scalar, using random: inout SeededRandom) -> [UInt8] {
        let short: [Unicode.Scalar: String] = [
            "\"": #"\""#, "\\": #"\\"#, "/": #"\/"#, "\u{8}": #"\b"#, "\u{C}": #"\f"#, "\n": #"\n"#, "\r": #"\r"#,
            "\t": #"\t"#,
        ]
        let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
        if !mustEscape, Bool.random(using: &random) { return Array(String(scalar).utf8) }
        if let text = short[scalar], Bool.random(using: &random) { return Array(text.utf8) }
        let units = Array(String(scalar).utf16)
        let hex = units.map { unit in
            let digits = String(unit, radix: 16, uppercase: Bool.random(using: &random))
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        return Array(hex.joined().utf8)
    }

    /// A string body decoded one escape at a time (``ReferenceUnescaping``), then repaired by
    /// `String(decoding:as:)`.
    private static func plainDecoding(_ body: [UInt8]) -> String {
        String(decoding: ReferenceUnescaping.bytes(of: body).bytes, as: UTF8.self)
    }
}
