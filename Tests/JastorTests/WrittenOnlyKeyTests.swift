import Foundation
import Jastor
import Testing

/// Reads `in` and writes it under `café`, a key no property reads; keeps the keys it does not map.
private final class RenamedCount: JastorObject {
    var count = 1
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.count, key: "in", outputKey: "café")
            unmappedKeys(\.extras)
        }
    }
}

/// As ``RenamedCount``, but reporting the keys it does not map instead of keeping them.
private final class StrictRenamedCount: JastorObject {
    var count = 1

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register { property(\.count, key: "in", outputKey: "café") } }
}

/// Writes a label it never reads (`.encodeOnly`), keeping the keys it does not map.
private final class WrittenLabel: JastorObject {
    var label = "café"
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.label, direction: .encodeOnly)
            unmappedKeys(\.extras)
        }
    }
}

/// Writes `count` under `meta.café`, beside `meta.y`, which it reads; keeps the keys it does not map.
private final class NestedRenamedCount: JastorObject {
    var count = 1
    var y = 0
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.count, key: "in", outputKey: "meta.café")
            property(\.y, key: "meta.y")
            unmappedKeys(\.extras)
        }
    }
}

/// Writes `count` under `meta.café.out`, a step no property reads, beside `meta.y`, which it
/// reads; keeps the keys it does not map.
private final class DeepRenamedCount: JastorObject {
    var count = 1
    var y = 0
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register {
            property(\.count, key: "in", outputKey: "meta.café.out")
            property(\.y, key: "meta.y")
            unmappedKeys(\.extras)
        }
    }
}

/// A key a property only writes (`outputKey:`, `.encodeOnly`), in a class that keeps or reports the
/// keys it does not read: its input value is compared with what is written there, so that nothing
/// under it is dropped or respelled in silence (MappingRules, "Unknown keys kept").
@Suite struct WrittenOnlyKeyTests {
    private func issues(_ type: JastorObject.Type, _ json: String) throws -> [String] {
        var issues: [JastorIssue] = []
        _ = try type.init(jsonString: json, issues: &issues)
        return issues.map(\.description)
    }

    @Test(arguments: [RenamedCount.self, StrictRenamedCount.self] as [JastorObject.Type])
    func aWrittenOnlyKeyGivenTwiceIsReported(_ type: JastorObject.Type) throws {
        // The first value, 5, is read by nothing and written by nothing.
        #expect(
            try issues(type, #"{"in": 1, "café": 5, "café": 1}"#)
                == [#"café: expected one value for the key, found 2 (the last is kept)"#])
    }

    @Test(arguments: [RenamedCount.self, StrictRenamedCount.self] as [JastorObject.Type])
    func aWrittenOnlyKeyInAnotherSpellingIsReported(_ type: JastorObject.Type) throws {
        // Output writes the declared spelling, "café", where the input gave "cafe\u{301}".
        let expected =
            "cafe\u{301}: expected the key written back as read, found \"cafe\u{301}\", another Unicode spelling of "
            + #"the key "café" (written "café")"#
        #expect(try issues(type, #"{"in": 1, "cafe\u0301": 1}"#) == [expected])
        var found: [JastorIssue] = []
        _ = type.init(dictionary: ["in": 1, "cafe\u{301}": 1], issues: &found)
        #expect(found.map(\.description) == [expected])
    }

    @Test func aWrittenOnlyValueInAnotherSpellingIsReported() throws {
        // String's == calls the two equal; output would write "café" where the input held "cafe\u{301}".
        #expect(
            try issues(WrittenLabel.self, #"{"label": "cafe\u0301"}"#)
                == [
                    #"label: expected what label writes at this key, which no property reads: String "café", found "#
                        + "String \"cafe\u{301}\""
                ])
        #expect(try issues(WrittenLabel.self, #"{"label": "café"}"#).isEmpty)
    }

    @Test func aWrittenOnlyPathStepInAnotherSpellingIsReported() throws {
        #expect(
            try issues(NestedRenamedCount.self, #"{"in": 1, "meta": {"y": 2, "cafe\u0301": 1}}"#)
                == [
                    "meta.cafe\u{301}: expected the key written back as read, found \"cafe\u{301}\", another "
                        + #"Unicode spelling of the key "café" (written "café")"#
                ])
        #expect(try issues(NestedRenamedCount.self, #"{"in": 1, "meta": {"y": 2, "café": 1}}"#).isEmpty)
    }

    @Test func aStepOnlyWrittenPathsTakeInAnotherSpellingIsReported() throws {
        #expect(
            try issues(DeepRenamedCount.self, #"{"in": 1, "meta": {"y": 2, "cafe\u0301": {"out": 1}}}"#)
                == [
                    "meta.cafe\u{301}: expected the key written back as read, found \"cafe\u{301}\", another "
                        + #"Unicode spelling of the key "café" (written "café")"#
                ])
        #expect(try issues(DeepRenamedCount.self, #"{"in": 1, "meta": {"y": 2, "café": {"out": 1}}}"#).isEmpty)
    }

    @Test func jastorsOwnOutputReadsBackQuietly() throws {
        for type in [
            RenamedCount.self, StrictRenamedCount.self, WrittenLabel.self, NestedRenamedCount.self,
            DeepRenamedCount.self,
        ]
            as [JastorObject.Type]
        {
            let model = type.init()
            var issues: [JastorIssue] = []
            let copy = try type.init(json: model.jsonData(), issues: &issues)
            #expect(issues.isEmpty, "\(type): \(issues)")
            #expect(copy == model)
        }
    }
}
