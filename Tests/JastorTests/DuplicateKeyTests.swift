import Foundation
import Jastor
import Testing

/// Keeps the keys it does not map, and reads a nested model.
private final class KeepingBadge: JastorObject {
    var name = ""
    var owner = Owner()
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.name)
            property(\.owner)
            unmappedKeys(\.extras)
        }
    }

    final class Owner: JastorObject {
        var id = 0

        override class var properties: [JastorProperty] { [.init("id", \Owner.id)] }
    }
}

/// Reads three values through key paths, two of them through `address`.
private final class RepeatedStepAddress: JastorObject {
    var city = ""
    var zip = ""
    var latitude = 0.0

    override class var properties: [JastorProperty] {
        [
            .init("city", \RepeatedStepAddress.city, key: "address.city"),
            .init("zip", \RepeatedStepAddress.zip, key: "address.zip"),
            .init("latitude", \RepeatedStepAddress.latitude, key: "address.geo.lat"),
        ]
    }
}

/// Reads `address` whole as well as through a key path.
private final class WholeAndPathAddress: JastorObject {
    var city = ""
    var address: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("city", \WholeAndPathAddress.city, key: "address.city"),
            .init("address", \WholeAndPathAddress.address, direction: .decodeOnly),
        ]
    }
}

/// A key given more than once in JSON text: the last value is kept, and an issue names the key
/// (bytes); a dictionary cannot hold one key twice, except keys `NSString` tells apart that
/// `String` calls equal, which are reported too (`FoundationDictionaryKeysTests`).
@Suite struct DuplicateKeyTests {
    @Test func aMappedKeyGivenTwiceKeepsTheLastValueAndIsReported() throws {
        let text = #"{"int": "x", "int": 2, "string": "a"}"#
        var issues: [JastorIssue] = []
        let model = try Everything(json: Data(text.utf8), issues: &issues)
        #expect(model.int == 2 && model.string == "a")
        #expect(issues.map(\.description) == ["int: expected one value for the key, found 2 (the last is kept)"])
        #expect(issues.map(\.kind) == [.invalidValue])
        let strict = try #require(throws: JastorError.self) { try Everything(validatingJSON: Data(text.utf8)) }
        #expect(strict.issues.map(\.description) == issues.map(\.description))

        issues = []
        _ = try Everything(json: Data(#"{"int": 1, "int": 2, "int": 3}"#.utf8), issues: &issues)
        #expect(issues.map(\.description) == ["int: expected one value for the key, found 3 (the last is kept)"])
    }

    /// Keys `String` calls equal are one key, from bytes as from an `NSDictionary`.
    @Test func canonicallyEquivalentKeysAreOneKey() throws {
        var fromDictionary: [JastorIssue] = []
        _ = Everything(dictionary: ["metadata": SpelledKeysDictionary()], issues: &fromDictionary)
        #expect(fromDictionary.map(\.path) == [["metadata"]])

        var fromBytes: [JastorIssue] = []
        let model = try Everything(json: Data(#"{"metadata": {"\u00e9": 1, "e\u0301": 2}}"#.utf8), issues: &fromBytes)
        #expect(model.metadata.count == 1)
        #expect(model.metadata["é"] as? Int == 2, "the last value is kept")
        #expect(
            fromBytes.map(\.description) == [
                #"metadata: expected one value for each key (the last is kept), found "é" given more than once"#
            ])

        fromBytes = []
        _ = try Everything(json: Data(#"{"int": 1, "i\u006et": 2}"#.utf8), issues: &fromBytes)
        #expect(fromBytes.map(\.description) == ["int: expected one value for the key, found 2 (the last is kept)"])
    }

    /// Inside untyped values the object is reported at the innermost value read whole.
    @Test func aKeyGivenTwiceInsideAnUntypedValueIsReported() throws {
        var issues: [JastorIssue] = []
        let model = try Everything(
            json: Data(#"{"metadata": {"a": {"b": 1, "b": 2}}, "anything": [{"c": 1, "c": 2}]}"#.utf8), issues: &issues)
        #expect((model.metadata["a"] as? [String: Any])?["b"] as? Int == 2)
        #expect((model.anything.first as? [String: Any])?["c"] as? Int == 2)
        #expect(
            issues.map(\.description) == [
                #"metadata: expected one value for each key (the last is kept), found "b" given more than once"#,
                #"anything: expected one value for each key (the last is kept), found "c" given more than once"#,
            ])
    }

    /// Of a key given twice inside an untyped value, only the value kept is looked at: a number no
    /// Foundation number holds in the value not kept is not reported at the path of the one kept.
    @Test func insideAnUntypedValueOnlyTheValueKeptIsReportedForItsNumber() throws {
        let inexact = "0.12345678901234567890123456789012345678901"
        let json =
            #"{"metadata": {"n": \#(inexact), "n": 2}, "anything": [{"x": \#(inexact), "x": "s"}, {"y": 1, "y": \#(inexact)}]}"#
        var issues: [JastorIssue] = []
        let model = try Everything(json: Data(json.utf8), issues: &issues)
        #expect(model.metadata["n"] as? Int == 2 && (model.anything.first as? [String: Any])?["x"] as? String == "s")
        #expect(
            issues.map(\.description) == [
                #"metadata: expected one value for each key (the last is kept), found "n" given more than once"#,
                "anything[1].y: expected a number a Double or Decimal holds exactly (kept as the nearest Double, "
                    + "or as text beyond it), found Number \(inexact)",
                #"anything: expected one value for each key (the last is kept), found "x", "y" given more than once"#,
            ])
    }

    @Test func aKeyGivenTwiceInATypedDictionaryIsReported() throws {
        var issues: [JastorIssue] = []
        let model = try Everything(json: Data(#"{"scores": {"a": 1, "b": 2, "a": 3}}"#.utf8), issues: &issues)
        #expect(model.scores == ["a": 3, "b": 2])
        #expect(issues.map(\.description) == ["scores.a: expected one value for the key, found 2 (the last is kept)"])
    }

    @Test func anUnmappedKeyGivenTwiceAndANestedModelsKeyAreReported() throws {
        let text = #"{"name": "n", "other": 1, "other": 2, "owner": {"id": 1, "id": 7}}"#
        var issues: [JastorIssue] = []
        let model = try KeepingBadge(json: Data(text.utf8), issues: &issues)
        #expect(model.extras["other"] as? Int == 2 && model.owner.id == 7)
        #expect(
            issues.map(\.description) == [
                "owner.id: expected one value for the key, found 2 (the last is kept)",
                "other: expected one value for the key, found 2 (the last is kept)",
            ])
    }

    /// Distinct keys say nothing.
    @Test func distinctKeysAreQuiet() throws {
        var issues: [JastorIssue] = []
        let text = #"{"int": 1, "scores": {"a": 1, "b": 2}, "metadata": {"a": {"b": 1}}, "anything": [{"c": 1}]}"#
        _ = try Everything(json: Data(text.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
        _ = try KeepingBadge(json: Data(#"{"name": "n", "other": 1, "owner": {"id": 1}}"#.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// A key path's step whose key its object gives twice is followed through the last value,
    /// and reported once at the step, however many key paths go through it.
    @Test func aKeyPathStepGivenTwiceIsReportedOnceAtTheStep() throws {
        let first = #"{"address": {"city": "A", "zip": "1"}, "address": {"city": "B", "geo": {"lat": 2}}}"#
        var issues: [JastorIssue] = []
        var model = try RepeatedStepAddress(json: Data(first.utf8), issues: &issues)
        #expect(model.city == "B" && model.zip == "" && model.latitude == 2)
        #expect(issues.map(\.description) == ["address: expected one value for the key, found 2 (the last is kept)"])
        let strict = try #require(throws: JastorError.self) {
            try RepeatedStepAddress(validatingJSON: Data(first.utf8))
        }
        #expect(strict.issues.map(\.description) == issues.map(\.description))

        issues = []
        let nested = #"{"address": {"city": "A", "city": "B", "geo": {"lat": 1}, "geo": {"lat": 2, "lat": 3}}}"#
        model = try RepeatedStepAddress(json: Data(nested.utf8), issues: &issues)
        #expect(model.city == "B" && model.latitude == 3)
        #expect(
            issues.map(\.description) == [
                "address.city: expected one value for the key, found 2 (the last is kept)",
                "address.geo: expected one value for the key, found 2 (the last is kept)",
                "address.geo.lat: expected one value for the key, found 2 (the last is kept)",
            ])

        // The same object from a dictionary cannot repeat a key; distinct keys say nothing.
        issues = []
        _ = try RepeatedStepAddress(json: Data(#"{"address": {"city": "A", "geo": {"lat": 1}}}"#.utf8), issues: &issues)
        #expect(issues.isEmpty, "\(issues)")
    }

    /// A first step that a property also reads whole is reported once, where keys are read.
    @Test func aKeyReadWholeAndThroughAKeyPathIsReportedOnce() throws {
        var issues: [JastorIssue] = []
        let text = #"{"address": {"city": "A"}, "address": {"city": "B"}}"#
        let model = try WholeAndPathAddress(json: Data(text.utf8), issues: &issues)
        #expect(model.city == "B" && model.address["city"] as? String == "B")
        #expect(issues.map(\.description) == ["address: expected one value for the key, found 2 (the last is kept)"])
    }

    /// Jastor never writes a key twice, so an archive that gives one twice was not written by it:
    /// refused in both formats, naming where, rather than read from the last value.
    @Test func anArchiveThatGivesAKeyTwiceIsRefused() throws {
        let kennel = Kennel()
        kennel.resident = Puppy(dictionary: ["name": "Rex", "ageInWeeks": 9])
        let text = String(decoding: try kennel.archivedData(format: .json), as: UTF8.self)
        for (original, replacement, path) in [
            (#""name":"Rex""#, #""name":"Max","name":"Rex""#, "root.resident.name"),
            (#""rootClass":"Kennel""#, #""rootClass":"Kennel","rootClass":"Kennel""#, "rootClass"),
            (#""byName":{}"#, #""byName":{"a":{"$class":"Dog"},"\u0061":{"$class":"Dog"}}"#, "root.byName.a"),
        ] {
            #expect(text.contains(original))
            let crafted = Data(text.replacingOccurrences(of: original, with: replacement).utf8)
            let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: crafted) }
            #expect(
                error.description
                    == "\(path): expected one value for the key (a Jastor archive gives each key once), "
                    + "found the key more than once")
            #expect(error.issues.first?.kind == .unreadableArchive)
        }

        var list = PropertyListBuilder()
        let puppy = list.dictionary(["name": list.string("Max"), "name": list.string("Rex")])
        let root = list.dictionary(["resident": puppy])
        let top = list.archive(of: Kennel.self, root: root)
        let data = list.data(top: top)
        let error = try #require(throws: JastorError.self) { try Kennel.unarchive(from: data) }
        #expect(error.issues.first?.kind == .unreadableArchive)
        #expect(error.description.hasSuffix(#"gives the key "name" more than once)"#), "\(error)")
    }
}
