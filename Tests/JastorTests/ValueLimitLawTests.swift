import Foundation
import Jastor
import Testing

// The value limit counts alike on the way in and out: what output writes under a limit reads back
// under it, and equality and `description` hold under a limit a round trip fits. Each test failed
// on 938ac4b (found by review 14).

/// Optional and empty properties that output leaves out, and a nested model.
private final class R14Opt: JastorObject {
    var name = ""
    var note: String?
    var count: Int?
    var tags: [String] = []
    var child: R14Opt?
    var scores: [String: Int] = [:]

    override class var properties: [JastorProperty] {
        [
            .init("name", \R14Opt.name), .init("note", \R14Opt.note), .init("count", \R14Opt.count),
            .init("tags", \R14Opt.tags), .init("child", \R14Opt.child), .init("scores", \R14Opt.scores),
        ]
    }
}

/// A class keeping the keys it does not map (as every class `jastor-gen` writes now does).
private final class R14Extras: JastorObject {
    var id = 0
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.init("id", \R14Extras.id), .unmappedKeys("extras", \R14Extras.extras)]
    }
}

/// A chain whose class has a `modelClass(for:)` hook, which picks `R14SubLink` by its `kind`.
private class R14Link: JastorObject {
    var name = ""
    var next: R14Link?

    override class var properties: [JastorProperty] { [.init("name", \R14Link.name), .init("next", \R14Link.next)] }
    override class var archiveSubclasses: [JastorObject.Type] { [R14SubLink.self] }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["kind"] as? String == "sub" ? R14SubLink.self : nil
    }
}

private final class R14SubLink: R14Link {
    var kind = "sub"

    override class var properties: [JastorProperty] { [.init("kind", \R14SubLink.kind)] }
}

/// A closure-pair transform over an array.
private final class R14Transformed: JastorObject {
    var numbers: [Int] = []

    override class var properties: [JastorProperty] {
        [
            .init(
                "numbers", \R14Transformed.numbers,
                transform: JastorTransform(decode: { ($0 as? [Any])?.compactMap { $0 as? Int } }, encode: { $0 }))
        ]
    }
}

@Suite struct ValueLimitLawTests {
    private static func limited<Result>(_ limit: Int, _ body: () throws -> Result) rethrows -> Result {
        try JastorLimits.withCurrent(JastorLimits(maximumValueCount: limit), operation: body)
    }

    /// `count` links, every other one an `R14SubLink`.
    private static func chain(_ count: Int) -> R14Link {
        var link = R14Link()
        link.name = "end"
        for index in 1..<count {
            let up: R14Link = index.isMultiple(of: 2) ? R14SubLink() : R14Link()
            up.name = "n\(index)"
            up.next = link
            link = up
        }
        return link
    }

    /// A hook class's chain is written under the limit it reads under.
    ///
    /// Output "counts what it writes as a read counts it": a chain of 100 models of a class with a
    /// `modelClass(for:)` hook reads back whole under 2 000 values, so `toDictionary(issues:)`,
    /// `jsonData()` and `Codable` must write it under 2 000 without an issue. Each model's
    /// read-back check reads what the run wrote for it; it wrote its subtree apart and counted it
    /// again, so the count grew with the square of the depth (7 links: 61 values written, 16 read)
    /// and all three reported `.tooManyValues` for a graph far within the limit.
    @Test func aHookClassChainIsWrittenUnderTheLimitItReadsUnder() throws {
        let root = Self.chain(100)
        let text = try root.jsonData()
        let copy = try Self.limited(2_000) { try R14Link(validatingJSON: text) }
        #expect(copy == root, "the chain reads back whole under 2 000 values")
        var issues: [JastorIssue] = []
        _ = Self.limited(2_000) { root.toDictionary(issues: &issues) }
        #expect(issues.isEmpty, "toDictionary(issues:): \(issues.prefix(1))")
        #expect(throws: Never.self) { try Self.limited(2_000) { try root.jsonData() } }
        #expect(throws: Never.self) { try Self.limited(2_000) { try JSONEncoder().encode(root) } }
    }

    /// `Codable` checks a hook class's chain as `jsonData()` does, without writing it again.
    ///
    /// A chain of 100 links encodes through `JSONEncoder` under the least limit `jsonData()` writes
    /// it under (not under one less), to text that decodes to the chain, and a link 61 levels down
    /// that would read back as another class is reported by both at its path alike. `Codable` wrote
    /// each hook model's subtree as text again for its check (written size times depth); the
    /// outcomes were these.
    @Test func aHookClassChainEncodesThroughCodableAsItsTextIsWritten() throws {
        let root = Self.chain(100)
        var tooFew = 0
        var enough = 2_000
        while enough - tooFew > 1 {
            let limit = (tooFew + enough) / 2
            if (try? Self.limited(limit) { try root.jsonData() }) != nil { enough = limit } else { tooFew = limit }
        }
        let encoded = try Self.limited(enough) { try JSONEncoder().encode(root) }
        #expect(try JSONDecoder().decode(R14Link.self, from: encoded) == root)
        #expect(throws: EncodingError.self) { try Self.limited(tooFew) { try JSONEncoder().encode(root) } }

        var deep = root
        for _ in 0..<61 { deep = try #require(deep.next) }
        let unpicked = try #require(deep as? R14SubLink)
        unpicked.kind = "other"
        let textError = try #require(throws: JastorError.self) { try Self.limited(enough) { try root.jsonData() } }
        let expected = [
            String(repeating: "next.", count: 60) + "next: expected a model that reads back as its own class "
                + "(JSON records none: R14Link.modelClass(for:) picks it from its JSON; archives record it), "
                + "found R14SubLink, which would read back as R14Link"
        ]
        #expect(textError.issues.map(\.description) == expected)
        let codableError = try #require(throws: EncodingError.self) {
            try Self.limited(enough) { try JSONEncoder().encode(root) }
        }
        guard case .invalidValue(_, let context) = codableError else { return }
        #expect((context.underlyingError as? JastorError)?.issues.map(\.description) == expected)
    }

    /// Values kept by `.unmappedKeys` count once when read, as output counts them.
    ///
    /// `{"id": 1, "k": [1, 2], "z": {"q": 1}}` holds 6 values (id, k, 1, 2, z, q), and `jsonData()`
    /// writes the model under a limit of 6 without an issue; reading it back must fit the same
    /// limit. Reading counted every value `.unmappedKeys` keeps twice (once when it is collected,
    /// again when the collected dictionary is decoded into the property): 11 here, 3 for
    /// `{"k": 1}`.
    @Test func keptUnmappedKeysCountOnceWhenRead() throws {
        let model = R14Extras()
        model.id = 1
        model.extras = ["k": [1, 2], "z": ["q": 1]]
        let text = try Self.limited(6) { try model.jsonData() }
        #expect(throws: Never.self) { try Self.limited(6) { try R14Extras(validatingJSON: text) } }
        #expect(throws: Never.self) { try Self.limited(6) { try R14Extras(validating: model.toDictionary()) } }
        #expect(throws: Never.self) { try Self.limited(6) { try JSONDecoder().decode(R14Extras.self, from: text) } }
    }

    /// Equality holds under a limit the round trip fits.
    ///
    /// `Model(dictionary: m.toDictionary()) == m` under a limit that the output and the read both
    /// fit with no issue. `R14Opt()` writes one value (`name`; its nil and empty properties are left
    /// out) and reads under 1; `==` counted each model's six properties against the limit and
    /// then compared `ValuesLeftOut()` by identity: the copy was unequal for limits 1 to 5. Inspection
    /// has room above the limit for the values output leaves out.
    @Test func equalityHoldsUnderALimitTheRoundTripFits() throws {
        let model = R14Opt()
        for limit in 1...5 {
            try Self.limited(limit) {
                var issues: [JastorIssue] = []
                let dictionary = model.toDictionary(issues: &issues)
                #expect(issues.isEmpty)
                let copy = try R14Opt(validating: dictionary)
                #expect(copy == model, "limit \(limit)")
                #expect(!model.description.contains("ValuesLeftOut"), "limit \(limit)")
            }
        }
    }

    /// A JSON archive is counted as its property-list twin: refused exactly where that one is, and
    /// read back wherever it is written (its own reader counts a few values fewer, Archiving.md).
    @Test func aJSONArchiveIsRefusedWhereItsPropertyListTwinIs() throws {
        let model = R14Opt()
        model.child = R14Opt()
        let archive = try model.archivedData(format: .json)
        for limit in 1...30 {
            let json = (try? Self.limited(limit) { try model.archivedData(format: .json) }) != nil
            let plist = (try? Self.limited(limit) { try model.archivedData(format: .binaryPropertyList) }) != nil
            let reads = (try? Self.limited(limit) { try R14Opt.unarchive(from: archive) }) != nil
            #expect(json == plist, "limit \(limit)")
            if json { #expect(reads, "limit \(limit)") }
        }
    }

    /// A transform's input counts against the value limit when read, as its output does when
    /// written.
    ///
    /// Output counts the 50 values a transform writes (`jsonData()` needs a limit of 51); reading
    /// handed `decode` the whole value counting one, and walked a hand-built `[Any]` sharing
    /// sub-arrays path by path (at 40 levels, 2^40 paths, it did not return). The input is now
    /// counted and measured as an untyped value is.
    @Test func aTransformsInputCountsAgainstTheValueLimit() throws {
        let model = R14Transformed()
        model.numbers = Array(0..<50)
        let text = try model.jsonData()
        let readsUnderOne = (try? Self.limited(1) { try R14Transformed(validatingJSON: text) }) != nil
        let writesUnderOne = (try? Self.limited(1) { try model.jsonData() }) != nil
        #expect(readsUnderOne == writesUnderOne, "read under 1: \(readsUnderOne), written under 1: \(writesUnderOne)")
        var shared: [Any] = [1]
        for _ in 0..<40 { shared = [shared, shared] }
        var issues: [JastorIssue] = []
        _ = Self.limited(1_000) { R14Transformed(dictionary: ["numbers": shared], issues: &issues) }
        #expect(issues.map(\.kind) == [.tooManyValues])
    }
}
