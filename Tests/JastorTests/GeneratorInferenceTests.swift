import Foundation
import Jastor
import JastorGenerator
import Testing

/// The class the generator writes for `{"tiny": 2.5, "huge": 1e400, "list": [1, 1e400]}`.
private final class BeyondDoubleRoot: JastorObject {
    var tiny = 0.0
    var list: [Any] = []
    var unmappedKeys: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.tiny) {
            \.list
            unmappedKeys(\.unmappedKeys)
        }
    }
}

/// The classes the generator writes for `{"id": 1, "owner": {"login": "a"}}` with `unknownKeys`
/// `.report` (`Root`, `Owner`).
private final class ReportingRoot: JastorObject {
    var id = 0
    var owner = ReportingOwner()

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register(\.id, \.owner) }
}

private final class ReportingOwner: JastorObject {
    var login = ""

    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }
    override class var properties: [JastorProperty] { register(\.login) }
}

/// The class the generator writes for the samples of `timesADateDoesNotHoldStayStrings`: a time
/// with more fractional digits than a `Date` holds keeps its place a `String`.
private final class GeneratedTimes: JastorObject {
    var exact = Date(timeIntervalSince1970: 0)
    var fine = ""
    var mixed = ""
    var day = ""
    var unmappedKeys: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(\.fine, \.mixed, \.day) {
            property(\.exact, transform: .iso8601WithFractionalSeconds)
            unmappedKeys(\.unmappedKeys)
        }
    }
}

/// The generator's type rules, one sample at a time, including the ambiguous cases.
@Suite struct GeneratorInferenceTests {
    // MARK: - Scalars

    @Test func booleansAreNotConfusedWithZeroAndOne() throws {
        let source = try GeneratorSupport.source(#"{"flag": true, "count": 1, "off": 0}"#)
        #expect(source.contains("    var flag = false\n"))
        #expect(source.contains("    var count = 0\n"))
        #expect(source.contains("    var off = 0\n"))
    }

    @Test func integersBeyond32BitsAreInt64AndBeyond64BitsDecimal() throws {
        let source = try GeneratorSupport.source(
            #"{"small": 2147483647, "id": 505874924095815681, "negative": -2147483649, "huge": 18446744073709551616}"#)
        #expect(source.contains("    var small = 0\n"))
        #expect(source.contains("    var id: Int64 = 0\n"))
        #expect(source.contains("    var negative: Int64 = 0\n"))
        #expect(source.contains("    var huge: Decimal = 0\n"))
    }

    @Test func aFractionInAnySampleMakesADouble() throws {
        let source = try GeneratorSupport.source(#"{"price": 3, "ratio": 1.0}"#, #"{"price": 2.5, "ratio": 2}"#)
        #expect(source.contains("    var price = 0.0\n"))
        #expect(source.contains("    var ratio = 0.0\n"))
    }

    /// `1e400` is beyond `Double` (and `Decimal`): no Swift number type keeps it, and a `String`
    /// would write it back as a JSON string, so the place is kept untyped (in `unmappedKeys`, or an
    /// `[Any]`), which reports it at its path; the comment says why.
    @Test func aNumberBeyondDoubleIsKeptUntypedAndReported() throws {
        let sample = #"{"tiny": 2.5, "huge": 1e400, "list": [1, 1e400]}"#
        let source = try GeneratorSupport.source(sample)
        #expect(source.contains("    var tiny = 0.0\n"))
        #expect(!source.contains("var huge"))
        #expect(source.contains("    var list: [Any] = []\n"))
        #expect(source.contains("`1e400`, is reported): `huge`."), "\(source)")
        // The class as generated keeps the number it can (`1` as `Int`) and reports the one it cannot.
        var issues: [JastorIssue] = []
        let root = try BeyondDoubleRoot(json: Data(sample.utf8), issues: &issues)
        let message =
            "expected a number a Double or Decimal holds exactly (kept as the nearest Double, or as text "
            + "beyond it), found Number 1e400"
        #expect(issues.map(\.description).sorted() == ["huge: " + message, "list[1]: " + message])
        #expect(root.list.first as? Int == 1)
        #expect(root.tiny == 2.5)
    }

    /// An integer beyond 64 bits is a `Decimal`, unless it is beyond `Decimal`'s range too (about
    /// 3.4e165): then it is kept untyped, as a number beyond `Double`'s.
    @Test func anIntegerBeyondDecimalIsKeptUntyped() throws {
        let big = "1" + String(repeating: "0", count: 200)
        let source = try GeneratorSupport.source(#"{"big": \#(big), "wide": 18446744073709551616}"#)
        #expect(!source.contains("var big"), "\(source)")
        #expect(source.contains("    var wide: Decimal = 0\n"), "\(source)")
        #expect(source.contains("is reported): `big`."), "\(source)")
    }

    @Test func datesGetTheTransformOfTheirFormat() throws {
        let source = try GeneratorSupport.source(
            #"{"iso": "2014-08-29T10:12:00Z", "mixed": "2014-08-29T10:12:00Z", "twitter": "Sun Aug 31 00:29:15 +0000 2014", "day": "2014-08-29"}"#,
            #"{"iso": "2015-01-01T00:00:00+02:00", "mixed": "2014-08-29T10:12:00.250Z", "twitter": "Mon Sep 01 10:00:00 +0000 2014", "day": "2015-12-31"}"#
        )
        #expect(source.contains(#"property(\.iso, transform: .iso8601)"#))
        #expect(source.contains(#"property(\.mixed, transform: .iso8601WithFractionalSeconds)"#))
        #expect(source.contains(#"property(\.twitter, transform: .date(format: "EEE MMM dd HH:mm:ss Z yyyy"))"#))
        #expect(source.contains(#"property(\.day, transform: .date(format: "yyyy-MM-dd"))"#))
        #expect(source.contains("    var iso = Date(timeIntervalSince1970: 0)\n"))
    }

    @Test func oneStringThatIsNoDateKeepsAString() throws {
        let source = try GeneratorSupport.source(#"{"when": "2014-08-29T10:12:00Z"}"#, #"{"when": "soon"}"#)
        #expect(source.contains("    var when = \"\"\n"))
        #expect(!source.contains("transform:"))
    }

    /// A text Jastor's ISO-8601 reading refuses (a leap second, `24:00`, a day the month does not
    /// have, a minute offset of 60), which Foundation's lenient parser rolls over, stays a `String`:
    /// typed as a `Date`, the class could not map its own sample.
    @Test(arguments: [
        "2014-08-29T23:59:60Z", "2014-08-29T24:00:00Z", "2014-04-31T00:00:00Z", "1900-02-29T00:00:00Z",
        "2014-08-29T10:12:00+02:60",
    ])
    func impossibleDateTimesStayStrings(text: String) throws {
        let source = try GeneratorSupport.source(#"{"when": "\#(text)"}"#)
        #expect(source.contains("    var when = \"\"\n"), "\(source)")
        #expect(!source.contains("transform:"))
    }

    /// A time a `Date` does not hold keeps its place a `String`.
    ///
    /// An ISO-8601 time with more fractional digits than a `Date` holds (`…00.123456789Z`, or
    /// `…00.999999999Z`, which rolls over) stays a `String`, alone or beside times a `Date` holds, as a
    /// `.date(format:)` text the format writes otherwise (`2014-8-9`) does: typed as a `Date`, the
    /// class would report its own samples (`expected a date-time that a Date holds exactly`) and
    /// write them back otherwise. Times a `Date` holds are still `Date`s.
    @Test func timesADateDoesNotHoldStayStrings() throws {
        let first =
            #"{"exact": "2014-08-29T10:12:00.123Z", "fine": "2014-08-29T10:12:00.123456789Z", "#
            + #""mixed": "2014-08-29T10:12:00Z", "day": "2014-08-29"}"#
        let second =
            #"{"exact": "2015-01-01T00:00:00.500Z", "fine": "2014-08-29T10:12:00.999999999Z", "#
            + #""mixed": "2014-08-29T10:12:00.9999999999Z", "day": "2014-8-9"}"#
        let source = try GeneratorSupport.source(first, second)
        #expect(source.contains("    var exact = Date(timeIntervalSince1970: 0)\n"), "\(source)")
        #expect(source.contains(#"property(\.exact, transform: .iso8601WithFractionalSeconds)"#), "\(source)")
        #expect(source.contains("    var fine = \"\"\n"), "\(source)")
        #expect(source.contains("    var mixed = \"\"\n"), "\(source)")
        #expect(source.contains("    var day = \"\"\n"), "\(source)")
        #expect(source.contains("register(\\.fine, \\.mixed, \\.day)"), "\(source)")
        // The class as generated maps its samples strictly and writes each back as it was.
        for sample in [first, second] {
            let data = Data(sample.utf8)
            let model = try GeneratedTimes(validatingJSON: data)
            let expected = try JSONSerialization.jsonObject(with: data) as? [String: String]
            #expect(model.toDictionary() as? [String: String] == expected)
            #expect(try JSONSerialization.jsonObject(with: model.jsonData()) as? [String: String] == expected)
        }
    }

    @Test func datesInsideArraysStayStrings() throws {
        let source = try GeneratorSupport.source(#"{"days": ["2014-08-29", "2014-08-30"]}"#)
        #expect(source.contains("    var days: [String] = []\n"))
    }

    @Test func absoluteURLsAreURLsOnlyWhenAskedFor() throws {
        let sample = #"{"home": "https://example.com/a", "path": "/images/a.png"}"#
        let plain = try GeneratorSupport.source(sample)
        let typed = try GeneratorSupport.source(sample) { $0.detectsURLs = true }
        #expect(plain.contains("    var home = \"\"\n"))
        #expect(typed.contains("    var home: URL?\n"))
        #expect(typed.contains("    var path = \"\"\n"))
    }

    // MARK: - Optionals and nulls

    @Test func aMissingKeyOrANullMakesAnOptional() throws {
        let source = try GeneratorSupport.source(
            #"{"name": "a", "nick": "b", "age": null}"#, #"{"name": "c", "age": 3}"#)
        #expect(source.contains("    var name = \"\"\n"))
        #expect(source.contains("    var nick: String?\n"))
        #expect(source.contains("    var age: Int?\n"))
    }

    @Test func aKeyThatIsAlwaysNullIsKeptUntypedWithAComment() throws {
        let source = try GeneratorSupport.source(#"{"name": "a", "geo": null}"#, #"{"name": "b", "geo": null}"#)
        #expect(source.contains("kept in `unmappedKeys`: `geo`."))
        #expect(source.contains("    var unmappedKeys: [String: Any] = [:]\n"))
        #expect(source.contains(#"unmappedKeys(\.unmappedKeys)"#))
        #expect(!source.contains("var geo"))
    }

    /// Every class keeps the keys its samples did not show, so that a later page's extra keys come
    /// back (`GeneratorGoldenTests` maps one through every output); `unknownKeys` asks for
    /// `.reportUnknownKeys` or for dropping them instead.
    @Test func everyClassKeepsKeysItsSamplesDidNotShowUnlessAskedOtherwise() throws {
        let sample = #"{"id": 1, "owner": {"login": "a"}, "tags": [{"name": "t"}]}"#
        let kept = try GeneratorSupport.source(sample)
        for name in ["Root", "Owner", "Tag"] {
            let start = try #require(kept.range(of: "final class \(name): JastorObject {"), "\(kept)")
            let body = kept[start.upperBound...].prefix { $0 != "}" }
            #expect(body.contains("    var unmappedKeys: [String: Any] = [:]\n"), "\(name): \(kept)")
        }
        #expect(kept.contains("    override class var properties: [JastorProperty] {\n        register(\\.login) {\n"))
        #expect(kept.components(separatedBy: "unmappedKeys(\\.unmappedKeys)").count == 4, "\(kept)")
        #expect(!kept.contains("keyPolicy"))

        let reported = try GeneratorSupport.source(sample) { $0.unknownKeys = .report }
        #expect(!reported.contains("unmappedKeys"), "\(reported)")
        #expect(
            reported.components(
                separatedBy: "    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }\n"
            )
            .count == 4, "\(reported)")
        // A class that keeps keys its samples left untyped keeps unknown ones too, and reports none.
        let withNull = try GeneratorSupport.source(#"{"id": 1, "geo": null}"#) { $0.unknownKeys = .report }
        #expect(withNull.contains("unmappedKeys(\\.unmappedKeys)") && !withNull.contains("keyPolicy"), "\(withNull)")

        let ignored = try GeneratorSupport.source(sample) { $0.unknownKeys = .ignore }
        #expect(!ignored.contains("unmappedKeys") && !ignored.contains("keyPolicy"), "\(ignored)")
    }

    /// With `unknownKeys` `.report`, a key the samples did not show is an issue at its path, and
    /// strict mapping throws it.
    @Test func reportedUnknownKeysAreIssuesAtTheirPaths() throws {
        let source = try GeneratorSupport.source(#"{"id": 1, "owner": {"login": "a"}}"#) { $0.unknownKeys = .report }
        #expect(
            source.contains(
                "final class Owner: JastorObject {\n    var login = \"\"\n\n"
                    + "    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }\n"
                    + "    override class var properties: [JastorProperty] { register(\\.login) }\n}\n"), "\(source)")
        let later = Data(#"{"id": 2, "owner": {"login": "b", "email": "b@x"}, "extra": true}"#.utf8)
        var issues: [JastorIssue] = []
        _ = try ReportingRoot(json: later, issues: &issues)
        #expect(
            issues.map(\.description).sorted() == [
                "extra: expected a key ReportingRoot maps, found an unknown key",
                "owner.email: expected a key ReportingOwner maps, found an unknown key",
            ])
        #expect(throws: JastorError.self) { try ReportingRoot(validatingJSON: later) }
    }

    @Test func aKeyOfSeveralKindsIsKeptUntypedToo() throws {
        let source = try GeneratorSupport.source(#"{"value": 1, "flag": true}"#, #"{"value": "one", "flag": 1}"#)
        #expect(source.contains("Of several kinds in the samples, and kept in `unmappedKeys`: `value`, `flag`."))
        #expect(!source.contains("var value"))
        #expect(!source.contains("var flag"))
    }

    @Test func integersOfDifferentWidthsAcrossSamplesTakeTheWiderType() throws {
        let source = try GeneratorSupport.source(#"{"id": 1}"#, #"{"id": 505874924095815681}"#)
        #expect(source.contains("    var id: Int64 = 0\n"))
    }

    // MARK: - Arrays

    @Test func arraysOfObjectsNeedNoElementTypes() throws {
        let source = try GeneratorSupport.source(#"{"categories": [{"name": "toys"}, {"name": "books", "rank": 2}]}"#)
        #expect(source.contains("    var categories: [Category] = []\n"))
        #expect(!source.contains("arrayElementTypes"))
        #expect(source.contains("final class Category: JastorObject {\n    var name = \"\"\n    var rank: Int?\n"))
    }

    @Test func arraysOfArraysKeepTheirDepth() throws {
        let source = try GeneratorSupport.source(#"{"coordinates": [[[1, 2.5], [3, 4]]], "grid": [[true]]}"#)
        #expect(source.contains("    var coordinates: [[[Double]]] = []\n"))
        #expect(source.contains("    var grid: [[Bool]] = []\n"))
    }

    @Test func emptyArraysTakeTheirTypeFromOtherSamples() throws {
        let source = try GeneratorSupport.source(#"{"tags": [], "notes": []}"#, #"{"tags": ["a"], "notes": []}"#)
        #expect(source.contains("    var tags: [String] = []\n"))
        #expect(
            source.contains(
                "    /// Always empty in the samples: the elements are kept as they come.\n    var notes: [Any] = []\n")
        )
    }

    @Test func nullElementsMakeOptionalElementsAndMixedElementsStayUntyped() throws {
        let source = try GeneratorSupport.source(#"{"scores": [1, null, 3], "mixed": [1, "a"]}"#)
        #expect(source.contains("    var scores: [Int?] = []\n"))
        #expect(source.contains("    var mixed: [Any] = []\n"))
    }

    // MARK: - Dictionaries keyed by data

    @Test func objectsKeyedByIdsBecomeDictionariesOfModels() throws {
        let source = try GeneratorSupport.source(
            #"{"events": {"138586341": {"name": "a"}, "138586345": {"name": "b", "logo": "x"}}, "names": {"12": "x"}}"#)
        #expect(source.contains("    var events: [String: Event] = [:]\n"))
        #expect(source.contains("    var names: [String: String] = [:]\n"))
        #expect(source.contains("final class Event: JastorObject {\n    var name = \"\"\n    var logo: String?\n"))
    }

    @Test func manyKeysOfOneShapeBecomeADictionaryAboveTheThreshold() throws {
        let members = (1...20).map { #""plugin-\#($0)": {"version": "1.\#($0)"}"# }.joined(separator: ", ")
        let sample = #"{"plugins": {\#(members)}}"#
        let byDefault = try GeneratorSupport.source(sample)
        let raised = try GeneratorSupport.source(sample) { $0.mapThreshold = 21 }
        #expect(byDefault.contains("    var plugins: [String: Plugin] = [:]\n"))
        #expect(raised.contains("    var plugins = Plugins()\n"))
        #expect(raised.contains("    var plugin20 = Plugin1()\n"))
    }

    @Test func upperCaseCodesAreIdsButLoneUpperCaseWordsAreFields() throws {
        let source = try GeneratorSupport.source(
            #"{"venues": {"PLEYEL_PLEYEL": "Salle Pleyel"}, "link": {"URL": "x"}}"#)
        #expect(source.contains("    var venues: [String: String] = [:]\n"))
        #expect(source.contains("    var link = Link()\n"))
        #expect(source.contains(#"property(\.url, key: "URL")"#))
    }

    @Test func idKeysWithValuesOfSeveralKindsStayAClass() throws {
        let source = try GeneratorSupport.source(#"{"table": {"1": "one", "2": 2}}"#)
        #expect(source.contains("    var table = Table()\n"))
        #expect(source.contains(#"    var one = """#))
    }

    // MARK: - Shapes

    @Test func identicalShapesInDifferentPlacesAreOneClass() throws {
        let source = try GeneratorSupport.source(
            #"{"author": {"id": 1, "login": "a"}, "posts": [{"editor": {"id": 2, "login": "b"}}]}"#)
        #expect(source.contains("    var author = Author()\n"))
        #expect(source.contains("    var editor = Author()\n"))
        #expect(!source.contains("class Editor"))
        #expect(source.contains("/// From `author` in the samples.\n///\n/// Also at `posts[].editor`.\n"))
    }

    @Test func aChainOfNestedShapesBecomesOneRecursiveClass() throws {
        let source = try GeneratorSupport.source(
            #"{"node": {"id": 1, "child": {"id": 2, "child": {"id": 3}}}}"#)
        #expect(source.contains("final class Node: JastorObject {\n    var id = 0\n    var child: Node?\n"))
        #expect(!source.contains("class Child"))
    }

    @Test func aShapeThatContainsItselfBecomesARecursiveClass() throws {
        let source = try GeneratorSupport.source(
            #"{"statuses": [{"id": 1, "text": "a", "lang": "en", "retweeted_status": {"id": 2, "text": "b", "lang": "en"}}]}"#
        )
        #expect(source.contains("    var retweetedStatus: Status?\n"))
        #expect(!source.contains("class RetweetedStatus"))
    }

    // MARK: - Polymorphic families

    @Test func aDiscriminatorWithDifferentShapesMakesAFamily() throws {
        let sample = #"[{"type": "push", "id": 1, "commits": 3}, {"type": "watch", "id": 2, "action": "started"}]"#
        let family = try GeneratorSupport.source(sample) { $0.discriminator = "type" }
        #expect(family.contains("class Root: JastorObject {\n    var type = \"\"\n    var id = 0\n"))
        #expect(family.contains("final class PushRoot: Root {\n    var commits = 0\n"))
        #expect(family.contains("        case \"watch\": WatchRoot.self\n"))
        #expect(family.contains("/// From `[]` where `type` is `push`.\nfinal class PushRoot: Root {"))
        let flat = try GeneratorSupport.source(sample)
        #expect(flat.contains("final class Root: JastorObject {"))
        #expect(flat.contains("    var commits: Int?\n"))
    }

    @Test func objectsWithoutTheDiscriminatorMakeNoFamily() throws {
        let sample = #"[{"type": "push", "commits": 3}, {"type": "watch", "action": "a"}, {"kind": "other"}]"#
        let source = try GeneratorSupport.source(sample) { $0.discriminator = "type" }
        #expect(!source.contains("modelClass(for:"))
        #expect(source.contains("    var kind: String?\n"))
    }

    @Test func aDiscriminatorWhoseShapesAgreeMakesNoFamily() throws {
        let sample = #"[{"type": "a", "id": 1}, {"type": "b", "id": 2}]"#
        let source = try GeneratorSupport.source(sample) { $0.discriminator = "type" }
        #expect(!source.contains("modelClass(for:"))
        #expect(source.contains("final class Root: JastorObject {"))
    }

    @Test func aKeySomeVariantsShareGoesToTheBaseAsAnOptional() throws {
        let sample = """
            [{"type": "push", "id": 1, "org": {"login": "o"}, "commits": 3}, {"type": "watch", "id": 2, "action": "a"},
             {"type": "watch", "id": 3, "action": "b", "org": {"login": "p"}}]
            """
        let source = try GeneratorSupport.source(sample) { $0.discriminator = "type" }
        #expect(source.contains("class Root: JastorObject {\n    var type = \"\"\n    var id = 0\n    var org: Org?\n"))
        #expect(source.contains("    var unmappedKeys: [String: Any] = [:]\n"))
        #expect(source.contains("final class PushRoot: Root {\n    var commits = 0\n\n"))
    }

    // MARK: - Enums

    @Test func aSmallClosedSetOfWordsIsAnEnumWithACatchAll() throws {
        let source = try GeneratorSupport.source(
            #"[{"state": "open", "name": "a"}, {"state": "closed", "name": "b"}, {"state": "open", "name": "c"}, {"state": "in_progress", "name": "d"}, {"state": "open", "name": "e"}, {"state": "open", "name": "f"}]"#
        )
        #expect(source.contains("    var state = State.open\n"))
        #expect(source.contains("    var name = \"\"\n"))
        #expect(
            source.contains(
                "    enum State: RawRepresentable, JastorValue, Hashable, Sendable {\n        case open, closed, inProgress\n"
            ))
        #expect(source.contains("            case \"in_progress\": self = .inProgress\n"))
        #expect(source.contains("            default: self = .other(rawValue)\n"))
        let off = try GeneratorSupport.source(
            #"[{"state": "open"}, {"state": "closed"}, {"state": "open"}, {"state": "open"}]"#
        ) {
            $0.enumThreshold = 0
        }
        #expect(off.contains("    var state = \"\"\n"))
    }

    @Test func enumNamesClashWithNeitherTheEnumsOwnMembersNorTheGeneratedClasses() throws {
        let objects = [
            ("rawValue", "open", #"[{"id": 1}]"#), ("other", "closed", "[]"), ("unrecognized", "open", "[]"),
            ("rawValue", "closed", "[]"), ("other", "open", "[]"), ("unrecognized", "closed", "[]"),
        ].map { #"{"k": "\#($0)", "status": "\#($1)", "statuses": \#($2)}"# }
        let source = try GeneratorSupport.source("[" + objects.joined(separator: ", ") + "]")
        // `rawValue` is the enum's own property, and both catch-all names are values.
        #expect(!source.contains("self = .rawValue\n"))
        #expect(source.contains("case \"rawValue\": self = ."))
        #expect(source.contains("        case unrecognized2(String)\n"))
        // `Status` is the class of the `statuses` elements: the enum of `status` must not hide it.
        #expect(source.contains("    var statuses: [Status] = []\n"))
        #expect(source.contains("final class Status: JastorObject {"))
        #expect(!source.contains("    enum Status:"))
    }

    @Test func valuesSeenOnceEachOrTooManyStayStrings() throws {
        let once = try GeneratorSupport.source(#"[{"login": "ann"}, {"login": "bo"}, {"login": "cy"}]"#)
        #expect(once.contains("    var login = \"\"\n"))
        let many = (1...9).map { #"{"size": "s\#($0)"}, {"size": "s\#($0)"}"# }.joined(separator: ", ")
        #expect(try GeneratorSupport.source("[\(many)]").contains("    var size = \"\"\n"))
    }

    // MARK: - Optionals across samples

    @Test func withOneSampleOptionalUnlessSeenMakesKeysSeenOnceOptional() throws {
        let sample = #"{"license": {"key": "mit"}, "homepage": "https://a.b", "forks": [{"id": 1}, {"id": 2}]}"#
        let source = try GeneratorSupport.source(sample) { $0.optionalUnlessSeen = 2 }
        #expect(source.contains("    var license: License?\n"))
        #expect(source.contains("    var homepage: String?\n"))
        #expect(source.contains("final class Fork: JastorObject {\n    var id = 0\n"))
        #expect(try GeneratorSupport.source(sample).contains("    var license = License()\n"))
    }

    @Test func aKeyNullInOnePlaceIsTypedFromTheSameShapeElsewhere() throws {
        let source = try GeneratorSupport.source(#"{"a": {"x": null, "y": 1}, "b": {"x": "s", "y": 2}}"#)
        #expect(source.contains("final class A: JastorObject {\n    var x: String?\n    var y = 0\n"))
        #expect(!source.contains("Always `null`"))
    }
}
