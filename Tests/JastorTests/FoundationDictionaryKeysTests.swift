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

private final class Card: JastorObject {
    var cafe = 0
    var other = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.cafe, key: "info.\u{E9}")
            property(\.other, key: "info.b")
        }
    }
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

    /// `update(with:)` merging into a model the property already holds reads the dictionary as a
    /// new model does, with the same issue.
    @Test func anUpdateMergingIntoANestedModelReportsThem() throws {
        for nestedModels in [JastorObject.NestedModelUpdate.merge, .replace] {
            let ledger = Ledger(dictionary: ["entry": ["\u{E9}": 5]])
            var issues: [JastorIssue] = []
            ledger.update(with: ["entry": SpelledKeysDictionary()], nestedModels: nestedModels, issues: &issues)
            #expect(issues.map(\.path.description) == ["entry"], "\(nestedModels): \(issues)")
            #expect(ledger.entry?.cafe == 1 || ledger.entry?.cafe == 2)
        }
    }

    /// A key path reading one of those keys reports the dictionary it passes through; one reading
    /// another key of it does not.
    @Test func aKeyPathThroughSuchADictionaryReportsIt() throws {
        var issues: [JastorIssue] = []
        let card = Card(dictionary: ["info": SpelledKeysDictionary()], issues: &issues)
        #expect(card.cafe == 1 || card.cafe == 2)
        #expect(issues.map(\.path.description) == ["info"], "\(issues)")
        #expect(issues.first?.found.contains(#""é""#) == true, "\(issues)")
        issues = []
        _ = Card(dictionary: ["info": NSDictionary(dictionary: ["\u{E9}": 1, "b": 2])], issues: &issues)
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
