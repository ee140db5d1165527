import Foundation
import Testing

@testable import Jastor

/// Where the byte reader says a text stops being JSON: at the first byte no JSON text can go on
/// with, so that everything before it is the start of some JSON text, and a text cut short is
/// reported at its end, whatever it was cut in (a literal, a `\u` escape, a number, a string).
@Suite struct SyntaxErrorPositionLawTests {
    /// The byte offset and the found text of the one issue a syntax error holds.
    private static func failure(reading bytes: some Collection<UInt8>) -> (offset: Int, found: String)? {
        do {
            _ = try JSONReader.read(Data(bytes))
            return nil
        } catch {
            guard error.issues.count == 1, let issue = error.issues.first, issue.kind == .invalidJSON,
                let open = issue.found.range(of: "(byte ", options: .backwards),
                let offset = Int(issue.found[open.upperBound...].dropLast())
            else {
                Issue.record("not one syntax issue: \(error)")
                return nil
            }
            return (offset, issue.found)
        }
    }

    /// Whether reading `bytes` cut at `offset` succeeds or stops only at the cut.
    private static func isPrefixOfJSON(_ bytes: [UInt8], upTo offset: Int) -> Bool {
        guard let cut = failure(reading: bytes[..<offset]) else { return true }
        return cut.offset == offset
            && (cut.found.hasPrefix("the end of the input") || cut.found.hasPrefix("an empty input"))
    }

    @Test(arguments: [
        ("tru", "expected 'true', found the end of the input at line 1, column 4 (byte 3)"),
        ("[fals", "expected 'false', found the end of the input at line 1, column 6 (byte 5)"),
        ("[nu]", "expected 'null', found ']' at line 1, column 4 (byte 3)"),
        ("[nulx", "expected 'null', found 'x' at line 1, column 5 (byte 4)"),
        ("[tx", "expected 'true', found 'x' at line 1, column 3 (byte 2)"),
        (#""\u12""#, #"expected four hex digits, found '"' at line 1, column 6 (byte 5)"#),
        (#""\u12"#, "expected four hex digits, found the end of the input at line 1, column 6 (byte 5)"),
        (#"["\uD800\u1"]"#, #"expected four hex digits, found '"' at line 1, column 12 (byte 11)"#),
        (#"["\uD800\uDC"#, "expected four hex digits, found the end of the input at line 1, column 13 (byte 12)"),
    ])
    func truncatedLiteralsAndEscapesAreReportedWhereTheyStop(text: String, message: String) throws {
        let error = try #require(throws: JastorError.self) { try JSONReader.read(Data(text.utf8)) }
        #expect(error.description == message)
    }

    /// Every prefix of every `y_` file of JSONTestSuite reads, or stops at its end (seed-free: all
    /// prefixes, about 4 000 reads).
    @Test func everyPrefixOfValidJSONStopsAtTheCut() throws {
        let names = JSONReaderTests.suiteFiles(prefix: "y_")
        guard !names.isEmpty else { return }
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: JSONReaderTests.suiteFolder.appendingPathComponent(name)))
            guard bytes.count <= 200 else { continue }
            for cut in 0...bytes.count where !Self.isPrefixOfJSON(bytes, upTo: cut) {
                let found = Self.failure(reading: bytes[..<cut]).map(\.found) ?? ""
                Issue.record("\(name) cut at \(cut): \(found)")
            }
        }
    }

    /// Each `n_` file is refused at a byte before which it is the start of some JSON text: the
    /// bytes before the reported offset read, or stop only at their end.
    @Test func everyRefusalPointsAtTheFirstByteThatCannotContinue() throws {
        let names = JSONReaderTests.suiteFiles(prefix: "n_")
        guard !names.isEmpty else { return }
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: JSONReaderTests.suiteFolder.appendingPathComponent(name)))
            guard let refusal = Self.failure(reading: bytes) else {
                Issue.record("\(name) was accepted")
                continue
            }
            #expect(refusal.offset <= bytes.count, "\(name): \(refusal.found)")
            #expect(Self.isPrefixOfJSON(bytes, upTo: refusal.offset), "\(name): \(refusal.found)")
        }
    }

    /// Generated texts cut at every length (seed 24): the cut is where the reader stops.
    @Test func generatedTextsCutAnywhereStopAtTheCut() throws {
        var random = SeededRandom(seed: 24)
        let pieces = [
            "true", "false", "null", "-12.5e+3", "0", #""a\u00e9\uD834\uDD1E\n""#, "[]", "{}", #"{"k":[1,{"x":null}]}"#,
        ]
        for _ in 0..<200 {
            let text =
                "[" + (0..<3).map { _ in pieces.randomElement(using: &random) ?? "" }.joined(separator: ",") + "]"
            let bytes = Array(text.utf8)
            for cut in 0...bytes.count where !Self.isPrefixOfJSON(bytes, upTo: cut) {
                Issue.record("seed 24: \(text) cut at \(cut): \(Self.failure(reading: bytes[..<cut])?.found ?? "")")
            }
        }
    }
}
