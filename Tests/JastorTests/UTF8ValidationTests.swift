import Foundation
import Testing

@testable import Jastor

/// The document's own UTF-8 validation (`JSONDocument.utf8Validation(of:)`), which decides which
/// strings are repaired and reported: the standard library's answer for every lead and second
/// byte, and for seeded random text of ASCII runs, two-, three- and four-byte sequences and
/// invalid pieces at every offset around the eight- and four-byte loads.
@Suite struct UTF8ValidationTests {
    /// What the standard library says: valid or not, and whether the text is all ASCII.
    private func reference(_ bytes: [UInt8]) -> (isValid: Bool, isASCII: Bool) {
        let isValid = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
        return (isValid, isValid && bytes.allSatisfy { $0 < 0x80 })
    }

    private func validation(_ bytes: [UInt8]) -> (isValid: Bool, isASCII: Bool) {
        let result = bytes.withUnsafeBufferPointer { JSONDocument.utf8Validation(of: $0) }
        return (result.isValid, result.isValid && result.isASCII)
    }

    @Test func everyLeadAndSecondByteAsTheStandardLibraryDecides() {
        var mismatches: [[UInt8]] = []
        for lead in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                for tail: [UInt8] in [[], [0x80], [0xBF, 0x80], [0x80, 0xBF], [0x41, 0x80], [0x80, 0xC0]] {
                    // Alone, and a lead that starts a sequence also after seven ASCII bytes (a word's edge).
                    for prefix: [UInt8] in lead >= 0xC0 ? [[], Array(repeating: 0x61, count: 7)] : [[]] {
                        let bytes = prefix + [lead, second] + tail
                        if validation(bytes) != reference(bytes) { mismatches.append(bytes) }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func seededRandomTextAsTheStandardLibraryDecides() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("UTF8ValidationTests text seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x7F], [0xC3, 0xA9], [0xDF, 0xBF], [0xE6, 0x97, 0xA5], [0xE3, 0x81, 0x82],
            [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            // Invalid: stray and cut-short sequences, overlong forms, surrogates, above U+10FFFF.
            [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC3], [0xE6, 0x97], [0xE0, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xF0, 0x9F, 0x98], [0xE6, 0x41, 0x80],
        ]
        let validPieces = 14
        for index in 0..<4_000 {
            var bytes: [UInt8] = []
            // ASCII runs of up to 20 bytes and CJK runs, with now and then one piece that may be invalid.
            for _ in 0..<Int.random(in: 0..<12, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes += Array(repeating: 0x61, count: Int.random(in: 0...20, using: &random))
                case 1:
                    for _ in 0..<Int.random(in: 1...9, using: &random) { bytes += [0xE6, 0x97, 0xA5] }
                case 2: bytes += pieces[Int.random(in: 0..<validPieces, using: &random)]
                default: bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                }
            }
            #expect(validation(bytes) == reference(bytes), "seed \(seed), text \(index): \(bytes)")
            // The same text cut at every length near the loads' edges.
            for length in stride(from: max(0, bytes.count - 17), to: bytes.count, by: 1) {
                let cut = Array(bytes[..<length])
                #expect(validation(cut) == reference(cut), "seed \(seed), text \(index) cut at \(length): \(cut)")
            }
        }
    }

    @Test func stringsReadFromJSONAndTheirRepairs() throws {
        let document = try JSONReader.read(Data("[\"plain ascii text here\", \"日本語のテキスト\", \"x\u{10FFFF}\"]".utf8))
        #expect(document.string(at: 1) == "plain ascii text here")
        #expect(document.string(at: 2) == "日本語のテキスト")
        #expect(document.string(at: 3) == "x\u{10FFFF}")
        #expect(document.repairCount == 0)
        let invalid = try JSONReader.read(Data([0x5B, 0x22, 0xE6, 0x97, 0xA5, 0xED, 0xA0, 0x80, 0x22, 0x5D]))
        #expect(invalid.string(at: 1) == "日\u{FFFD}\u{FFFD}\u{FFFD}")
        #expect(invalid.repairCount == 1)
    }
}
