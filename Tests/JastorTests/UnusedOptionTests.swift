import Foundation
import Jastor
import Testing

// Options a property's direction leaves unused: a declaration that asks for something mapping
// never does, so it is reported instead of dropped.

private final class Session: JastorObject {
    var user = ""
    var token = ""

    override class var properties: [JastorProperty] {
        register(\.user) { property(\.token, direction: .encodeOnly, required: true) }
    }
}

private final class Receipt: JastorObject {
    var total = 0
    var reference = ""

    override class var properties: [JastorProperty] {
        register(\.total) { property(\.reference, outputKey: "ref", direction: .decodeOnly) }
    }
}

private final class Upload: JastorObject {
    var name = ""
    var checksum = ""

    override class var properties: [JastorProperty] {
        [
            .init("name", \Upload.name),
            .init("checksum", \Upload.checksum, key: "sum", outputKey: "checksum", direction: .encodeOnly),
        ]
    }
}

/// What the options allow: `required: false` and `key:` alone on an `.encodeOnly` property (its
/// key is where it is written), `key:` on a `.decodeOnly` one.
private final class Allowed: JastorObject {
    var a = ""
    var b = ""
    var c = ""

    override class var keyPolicy: JastorKeyPolicy { .requireEveryKey }
    override class var properties: [JastorProperty] {
        register {
            property(\.a, direction: .encodeOnly, required: false)
            property(\.b, key: "bee", direction: .encodeOnly)
            property(\.c, key: "sea", direction: .decodeOnly, required: false)
        }
    }
}

@Suite struct UnusedOptionTests {
    @Test func requiredOnAPropertyNeverReadIsReported() throws {
        #expect(
            Session.declarationIssues.map(\.description) == [
                "Session.token: expected required: on a property mapping reads (.both or .decodeOnly), "
                    + "found required: true on an .encodeOnly property, whose key is never read"
            ])
        #expect(throws: JastorError.self) { try Session(validating: ["user": "ann"]) }
        // Lenient mapping and output keep working.
        let session = Session(dictionary: ["user": "ann"])
        session.token = "t"
        #expect(session.toDictionary() as NSDictionary == ["user": "ann", "token": "t"])
    }

    @Test func anOutputKeyOnAPropertyNeverWrittenIsReported() {
        #expect(
            Receipt.declarationIssues.map(\.description) == [
                "Receipt.reference: expected outputKey: on a property output writes (.both or .encodeOnly), "
                    + "found outputKey: ref on a .decodeOnly property, which is never written"
            ])
        let receipt = Receipt(dictionary: ["total": 3, "reference": "r"])
        #expect(receipt.reference == "r")
        #expect(receipt.toDictionary() as NSDictionary == ["total": 3])
    }

    @Test func aKeyBesideAnOutputKeyOnAPropertyNeverReadIsReported() {
        #expect(
            Upload.declarationIssues.map(\.description) == [
                "Upload.checksum: expected key: on a property mapping reads (.both or .decodeOnly), "
                    + "found key: sum beside outputKey: on an .encodeOnly property, whose key is never read"
            ])
        let upload = Upload(dictionary: ["name": "n", "sum": "s", "checksum": "c"])
        #expect(upload.checksum == "")
    }

    @Test func optionsEachDirectionUsesAreNoMistake() throws {
        #expect(Allowed.declarationIssues.isEmpty)
        let allowed = try Allowed(validating: ["sea": "c"])
        allowed.a = "a"
        allowed.b = "b"
        #expect(allowed.c == "c")
        #expect(allowed.toDictionary() as NSDictionary == ["a": "a", "bee": "b"])
    }
}
