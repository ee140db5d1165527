import Foundation
import Testing

@testable import Jastor

private final class Entry: JastorObject {
    var cafe = 0
    var rest: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.cafe, key: "\u{E9}")
            unmappedKeys(\.rest)
        }
    }
}

private final class Ledger: JastorObject {
    var entry: Entry?
    var counts: [String: Int] = [:]
    var entries: [Entry] = []
    var notes: [String: Any] = [:]

    override class var properties: [JastorProperty] { register(\.entry, \.counts, \.entries) { property(\.notes) } }
}

/// An `NSDictionary` whose keys `NSString` tells apart but Swift's `String` calls equal (`"é"`
/// composed and decomposed) has one value of each such key read, wherever it is read or written:
/// a model, a typed or untyped dictionary, an untyped value assigned and written; an issue at its
/// path names the keys, never in silence.
@Suite struct FoundationDictionaryKeysTests {
    @Test func modelsAndTypedDictionariesReportKeysEqualAsStrings() throws {
        let table = SpelledKeysDictionary()
        var issues: [JastorIssue] = []
        let ledger = Ledger(
            dictionary: ["entry": table, "counts": table, "entries": [table], "notes": ["t": table]], issues: &issues)
        #expect(ledger.entry?.rest.isEmpty == true && ledger.counts.count == 1 && ledger.entries.count == 1)
        #expect(
            Set(issues.map(\.path.description)) == ["entry", "counts", "entries[0]", "notes.t"], "\(issues)")
        #expect(issues.allSatisfy { $0.found.contains(#""é""#) }, "\(issues)")
        #expect(throws: JastorError.self) { try Ledger(validating: ["counts": table]) }
        // A dictionary whose keys differ as strings, and a Swift one, have no such issue.
        issues = []
        let plain = NSDictionary(dictionary: ["\u{E9}": 1, "b": 2])
        _ = Ledger(dictionary: ["entry": plain, "counts": plain, "entries": [["\u{E9}": 3]]], issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// Assigned rather than mapped, the dictionary is written with one value of each such key, and
    /// the same issue.
    @Test func anAssignedDictionaryIsReportedWhereItIsWritten() throws {
        let ledger = Ledger()
        ledger.notes = ["t": SpelledKeysDictionary()]
        var issues: [JastorIssue] = []
        let written = ledger.toDictionary(issues: &issues)
        #expect(((written["notes"] as? [String: Any])?["t"] as? [String: Any])?.count == 1)
        #expect(issues.map(\.path.description) == ["notes.t"], "\(issues)")
        #expect(throws: JastorError.self) { try ledger.jsonData() }
    }
}
