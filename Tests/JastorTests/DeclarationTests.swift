import Foundation
import Testing

@testable import Jastor

// Deliberately broken declarations.

private final class NegativeIndexKeys: JastorObject {
    var fromText = 0
    var fromArray = 0
    var output = 0
    var far = 0
    var near = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.fromText, key: "a[-1]")
            property(\.fromArray, key: ["b", -1])
            property(\.output, key: "output", outputKey: "c[-2]")
            property(\.far, key: "d.65536")
            property(\.near, key: "e.65535")
        }
    }
}

/// Key paths deeper than mapping follows (256 keys and indexes), and one at the limit.
private final class DeepKeys: JastorObject {
    var tooDeep = 0
    var tooDeepOutput = 0
    var atTheLimit = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.tooDeep, key: JastorPath(Array(repeating: "a", count: 257)))
            property(\.tooDeepOutput, key: "b", outputKey: JastorPath(Array(repeating: "c", count: 10_000)))
            property(\.atTheLimit, key: JastorPath(Array(repeating: "d", count: 256)))
        }
    }
}

private final class MalformedKeys: JastorObject {
    var doubleDot = 0
    var trailingBackslash = 0
    var openBracket = 0
    var textAfterQuote = 0
    var leadingDot = 0
    var trailingDot = 0
    var bareWord = 0
    var badEscape = 0
    var sound = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.doubleDot, key: "c..d")
            property(\.trailingBackslash, key: "e\\")
            property(\.openBracket, key: "f[1")
            property(\.textAfterQuote, key: #"g["h"x]"#)
            property(\.leadingDot, key: ".i")
            property(\.trailingDot, key: "j.")
            property(\.bareWord, key: "k[word]")
            property(\.badEscape, key: #"l["\u{zz}"]"#)
            property(\.sound, key: #"m[0]["n.o"].@1.p\.q"#)
        }
    }
}

private final class Unregistered: JastorObject {
    var name = ""
    var price = 0.0

    override class var properties: [JastorProperty] { [.init("name", \Unregistered.name)] }
}

private final class Misnamed: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] { [.init("name", \Misnamed.name), .init("cost", \Misnamed.name)] }
}

private final class WrongType: JastorObject {
    var name = ""
    var count = 0
    var label = ""

    override class var properties: [JastorProperty] {
        [.init("name", \WrongType.name), .init("count", \WrongType.label), .init("label", \WrongType.label)]
    }
}

private final class Duplicated: JastorObject {
    var name = ""

    override class var properties: [JastorProperty] {
        [.init("name", \Duplicated.name), .init("name", \Duplicated.name)]
    }
}

/// Two stored properties whose names are one text in two Unicode spellings.
///
/// `caf\u{E9}` and `cafe\u{301}`: Swift tells the identifiers apart; `String` calls them equal.
/// Two properties writing one key given in two Unicode spellings.
private final class TwoKeySpellings: JastorObject {
    var a = 0
    var b = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.a, key: "caf\u{E9}")
            property(\.b, key: "cafe\u{301}")
        }
    }
}

private final class TwoSpellings: JastorObject {
    var café = 0
    var café = 0

    override class var properties: [JastorProperty] { register(\.café, \.café) }
}

private final class WrongElementType: JastorObject {
    var tags: [String] = []
    var name = ""

    override class var properties: [JastorProperty] {
        [.init("tags", \WrongElementType.tags), .init("name", \WrongElementType.name)]
    }
    override class var arrayElementTypes: [String: JastorObject.Type] {
        ["tags": ProductCategory.self, "missing": Product.self]
    }
}

private final class Node: JastorObject {
    var name = ""
    var children: [Node] = []
    weak var parent: Node?
    lazy var cachedUppercase = name.uppercased()

    override class var properties: [JastorProperty] {
        [.init("name", \Node.name), .init("children", \Node.children), .ignored("parent", \Node.parent)]
    }
}

/// A registered `lazy var`, which mapping cannot write without running its initial value.
private final class LazyCount: JastorObject {
    var plain = 1
    lazy var count = 5

    override class var properties: [JastorProperty] { register(\.plain, \.count) }
}

/// The same, in the long form, which gives the name.
private final class LazyCountNamed: JastorObject {
    var plain = 1
    lazy var count = 5

    override class var properties: [JastorProperty] {
        [.init("plain", \LazyCountNamed.plain), .init("count", \LazyCountNamed.count)]
    }
}

/// A `lazy var` listed with `ignored(_:)`, as the lazy message advises.
private final class LazyIgnored: JastorObject {
    var plain = 1
    lazy var count = 5

    override class var properties: [JastorProperty] { register(\.plain) { ignored(\.count) } }
}

/// A computed alias registered beside the stored property it reads and writes.
private final class Aliased: JastorObject {
    var a = 0
    var b: Int {
        get { a }
        set { a = newValue }
    }

    override class var properties: [JastorProperty] { register(\.a, \.b) }
}

/// A stored property wrapped in a property wrapper, registered under its own name.
@propertyWrapper struct Trimmed {
    private var value = ""
    var wrappedValue: String {
        get { value }
        set { value = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

private final class Wrapped: JastorObject {
    @Trimmed var title: String

    override class var properties: [JastorProperty] { [.init("title", \Wrapped.title)] }
}

private enum Feeling: String, JastorValue {
    case calm, angry
}

/// A non-final class (its key paths go through accessors) with a key path Jastor cannot name,
/// registered under two names.
private class TwiceNamed: JastorObject {
    var feelings: [Feeling] = []

    override class var properties: [JastorProperty] {
        [JastorProperty("feelings", \TwiceNamed.feelings), JastorProperty("moods", \TwiceNamed.feelings)]
    }
}

private enum Level: String, CaseIterable, JastorValue {
    case low, high
}

/// A non-final class (its key paths go through accessors) whose properties are containers of an
/// enum that has cases to sample but no samples of its own (attack 17).
private class Levelled: JastorObject {
    var levels: [Level] = []
    var byName: [String: Level] = [:]
    var maybe: Level?
    var gaps: [Level?] = []
    var grid: [[Level]] = []

    override class var properties: [JastorProperty] {
        register(\.levels, \.byName, \.maybe, \.gaps, \.grid)
    }
}

/// A copy-pasted registration followed by the right one.
private final class Article: JastorObject {
    var title = ""
    var body = ""

    override class var properties: [JastorProperty] {
        [.init("title", \Article.title), .init("body", \Article.title), .init("body", \Article.body)]
    }
}

/// A point with an empty `JastorValue` conformance and no transform, inside an array.
private struct Point: JastorValue {
    var x = 0.0
}

private final class Shape: JastorObject {
    var points: [Point] = []
    var name = ""

    override class var properties: [JastorProperty] { register(\.points, \.name) }
}

/// An enum whose raw value (`Character`) has no rules: its empty `JastorValue` conformance cannot
/// make it mappable, while an enum over `String` beside it maps.
private enum Grade: Character, JastorValue {
    case top = "A"
}

private enum Stock: String, JastorValue {
    case inStock = "in_stock"
    case soldOut = "sold_out"
}

/// An `arrayElementTypes` entry for no property, and a stored property left unregistered.
private final class StaleElementTypes: JastorObject {
    var name = ""
    var scratch = 0

    override class var properties: [JastorProperty] { register(\.name) }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["items": Report.self] }
}

private final class Report: JastorObject {
    var grade: Grade?
    var status: Stock = .soldOut
    var name = ""

    override class var properties: [JastorProperty] { register(\.grade, \.status, \.name) }
}

/// A computed property over a stored one of the same type: its setter writes `fahrenheit`, which
/// must not make `\.celsius` pass for `fahrenheit`'s key path.
private final class Reading: JastorObject {
    var fahrenheit = 32.0
    var celsius: Double {
        get { (fahrenheit - 32) * 5 / 9 }
        set { fahrenheit = newValue * 9 / 5 + 32 }
    }

    override class var properties: [JastorProperty] { register(\.celsius) }
}

/// Two properties writing one key: `toDictionary()` could keep only one of them.
private final class SharedKey: JastorObject {
    var title = ""
    var heading = ""
    var rawTitle = ""

    override class var properties: [JastorProperty] {
        register {
            property(\.title, key: "name")
            property(\.heading, key: "header", outputKey: "name")
            property(\.rawTitle, key: "name", direction: .decodeOnly)
        }
    }
}

/// Output paths that collide without being equal: a key and a path through it, an index and a
/// key at one level.
private final class NestedCollision: JastorObject {
    var owner = ""
    var ownerName = ""
    var first = 0
    var label = ""

    override class var properties: [JastorProperty] {
        register {
            property(\.owner, key: "owner")
            property(\.ownerName, key: "owner.name")
            property(\.first, key: "items.0")
            property(\.label, key: "items.label")
        }
    }
}

/// `objectId` writes `"id"` by convention, and the snake-case key of `userName` is `user_name`.
private final class ConventionCollision: JastorObject {
    var objectId = ""
    var identifier = ""
    var userName = ""
    var login = ""

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        register(\.objectId, \.userName) {
            property(\.identifier, key: "id")
            property(\.login, key: "user_name")
        }
    }
}

/// A subclass may list an inherited property again: its registration replaces the superclass's
/// (another key, or ignored), as SFObjectMapping's subclasses override a mapping.
private class Vehicle: JastorObject {
    var wheels = 0
    var make = ""

    override class var properties: [JastorProperty] { register(\.wheels, \.make) }
}

private final class Bicycle: Vehicle {
    var gears = 0

    override class var properties: [JastorProperty] {
        register(\.gears) {
            property(\.wheels, key: "wheelCount")
            ignored(\.make)
        }
    }
}

/// `.some(nil)` and `nil` write the same `null`: an optional of an optional cannot come back.
private final class Survey: JastorObject {
    var answer: Int?? = nil
    var answers: [Int?]? = nil

    override class var properties: [JastorProperty] { register(\.answer, \.answers) }
}

/// A raw value that may be `nil`: the type writes `null` for it, as `nil` is written.
private struct Rating: RawRepresentable, JastorValue {
    var rawValue: Int?
}

/// Optionals of a type that writes `null` for a value of its own.
private final class RatedSurvey: JastorObject {
    var rating = Rating(rawValue: nil)
    var lastRating: Rating?
    var ratings: [Rating?] = []

    override class var properties: [JastorProperty] { register(\.rating, \.lastRating, \.ratings) }
}

/// Registration mistakes are reported with class and property names.
private final class VersionZero: JastorObject {
    var name = ""

    override class var archiveVersion: Int { 0 }
    override class var properties: [JastorProperty] { register(\.name) }
}

private final class NegativeVersion: JastorObject {
    var name = ""

    override class var archiveVersion: Int { -3 }
    override class var properties: [JastorProperty] { register(\.name) }
}

private final class MarkerNamed: JastorObject {
    var name = ""

    override class var archiveName: String { "$null" }
    override class var properties: [JastorProperty] { register(\.name) }
}

private final class EmptyNamed: JastorObject {
    var name = ""

    override class var archiveName: String { "" }
    override class var properties: [JastorProperty] { register(\.name) }
}

/// A class storing both `_count` and `count`: two properties, neither a wrapper's storage.
private final class Tally: JastorObject {
    var _count = 0
    var count = 0

    override class var properties: [JastorProperty] { register(\.count, \._count) }
}

@Suite struct DeclarationTests {
    /// `_name` is a property wrapper's storage only where the class stores no `name` itself (a
    /// wrapped `name` is computed): beside a stored `count`, a stored `_count` is its own property,
    /// mapped, written and archived under its own name.
    @Test func anUnderscoredPropertyBesideAStoredNamesakeIsItsOwnProperty() throws {
        #expect(Tally.declarationIssues.isEmpty, "\(Tally.declarationIssues)")
        let tally = try Tally(validating: ["count": 2, "_count": 3])
        #expect(tally.count == 2 && tally._count == 3)
        #expect(tally.toDictionary() as NSDictionary == ["count": 2, "_count": 3] as NSDictionary)
        let copy = try Tally.unarchive(from: tally.archivedData())
        #expect(copy.count == 2 && copy._count == 3)
    }

    @Test func aComputedPropertyIsNotTakenForTheStoredOneItWrites() {
        let issues = Reading.declarationIssues.map(\.description)
        // The runtime spells the computed key path `<computed 0x… (Double)>` here, `celsius` where
        // it keeps names; either way the registration is reported instead of taken for `fahrenheit`.
        #expect(
            issues.contains {
                $0.hasPrefix("Reading.celsius:")
                    || ($0.hasPrefix("Reading.<computed ")
                        && $0.contains("expected a key path whose stored property Jastor can name"))
            }, "\(issues)")
        #expect(issues.contains { $0.hasPrefix("Reading.fahrenheit: expected a registration") }, "\(issues)")
        #expect(Reading(dictionary: ["fahrenheit": 212]).fahrenheit == 32)
    }

    /// Containers of a case-iterable enum in a non-final class are named through their elements'
    /// samples (`[Level]`, `[String: Level]`, `Level?`, `[Level?]`, `[[Level]]`), and map both ways.
    @Test func containersOfACaseIterableEnumInANonFinalClassAreNamed() throws {
        #expect(Levelled.declarationIssues.isEmpty, "\(Levelled.declarationIssues)")
        let json: [String: Any] = [
            "levels": ["low", "high"], "byName": ["a": "high"], "maybe": "low", "gaps": ["high", NSNull()],
            "grid": [["low"], ["high", "low"]],
        ]
        let model = try Levelled(validating: json)
        #expect(model.levels == [.low, .high] && model.byName == ["a": .high] && model.maybe == .low)
        #expect(model.gaps == [.high, nil] && model.grid == [[.low], [.high, .low]])
        #expect(try Levelled(json: try model.jsonData()) == model)
    }

    @Test func unregisteredStoredPropertyIsReported() {
        #expect(
            Unregistered.declarationIssues.map(\.description) == [
                "Unregistered.price: expected a registration in Unregistered.properties, found an unregistered stored property"
            ])
        #expect(Unregistered.declarationIssues.allSatisfy { $0.kind == .invalidDeclaration })
    }

    @Test func registrationUnderAnotherPropertysNameIsReported() {
        #expect(
            Misnamed.declarationIssues.map(\.description) == [
                "Misnamed.cost: expected a key path to cost, found \\Misnamed.name"
            ])
    }

    @Test func copyPastedRegistrationIsReportedAndMapsNeitherWay() {
        #expect(
            WrongType.declarationIssues.map(\.description) == [
                "WrongType.count: expected a key path to count, found \\WrongType.label"
            ])
        let model = WrongType(dictionary: ["count": 3, "label": "l"])
        #expect(model.count == 0 && model.label == "l", "count's registration does not write label")
        model.update(with: ["count": "oops"])
        #expect(model.label == "l")
    }

    @Test func oneKeyPathUnderTwoNamesIsReported() throws {
        let issues = TwiceNamed.declarationIssues.map(\.description)
        #expect(issues.count == 2)
        let twice = try #require(issues.first)
        #expect(
            twice.hasPrefix(#"TwiceNamed.moods: expected a key path registered once, found \TwiceNamed.<computed "#))
        #expect(twice.hasSuffix(" (Array<Feeling>)>, registered as feelings too"))
        #expect(
            issues.last
                == "TwiceNamed.moods: expected a stored property of TwiceNamed, found a registration naming none")
    }

    @Test func theRightRegistrationStillMapsBesideAMisdirectedOne() {
        #expect(
            Article.declarationIssues.map(\.description) == [
                "Article.body: expected a key path to body, found \\Article.title"
            ])
        let article = Article(dictionary: ["title": "t", "body": "b"])
        #expect(article.title == "t" && article.body == "b")
    }

    @Test func aTypeWithNoRulesInsideAnArrayIsReportedAndLeftOut() {
        #expect(
            Shape.declarationIssues.map(\.description) == [
                "Shape.points: expected a transform for Point (transform: or registerAsDefault()), "
                    + "found an empty JastorValue conformance"
            ])
        let shape = Shape(dictionary: ["points": [["x": 1]], "name": "line"])
        #expect(shape.name == "line" && shape.points.isEmpty)
        #expect(shape.toDictionary().keys.sorted() == ["name"])
    }

    @Test func anEnumWhoseRawValueHasNoRulesIsReported() {
        #expect(
            Report.declarationIssues.map(\.description) == [
                "Report.grade: expected a transform for Grade (transform: or registerAsDefault()), "
                    + "found an empty JastorValue conformance"
            ])
        let report = Report(dictionary: ["grade": "A", "status": "in_stock", "name": "q3"])
        #expect(report.grade == nil && report.status == .inStock && report.name == "q3")
    }

    /// A property the declaration leaves out is not written either: every output that is read back
    /// reports the class's declaration issues (once per run) instead of writing a model without it;
    /// equality and `description` read what the plan holds.
    @Test func outputsReportDeclarationIssuesInsteadOfLeavingThePropertyOut() throws {
        let report = Report(dictionary: ["status": "in_stock", "name": "q3"])
        report.grade = .top
        var issues: [JastorIssue] = []
        let dictionary = report.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == Report.declarationIssues.map(\.description))
        #expect(dictionary["name"] as? String == "q3")
        let reports = [report, Report(dictionary: [:])]
        let jsonError = try #require(throws: JastorError.self) { try reports.jsonData() }
        #expect(jsonError.issues.map(\.description) == Report.declarationIssues.map(\.description))
        #expect(throws: JastorError.self) { try report.archivedData(format: .json) }
        #expect(throws: (any Error).self) { try JSONEncoder().encode(report) }
    }

    /// A declaration issue that leaves every registered value written (an `arrayElementTypes`
    /// entry or a registration naming nothing, an unregistered property) is not the issue of an
    /// output read back by lenient mapping; archives, read strictly, report it.
    @Test func outputsLeaveOutIssuesThatLoseNothing() throws {
        #expect(!StaleElementTypes.declarationIssues.isEmpty)
        let model = StaleElementTypes(dictionary: ["name": "x"])
        var issues: [JastorIssue] = []
        #expect(model.toDictionary(issues: &issues)["name"] as? String == "x")
        #expect(issues.isEmpty, "\(issues)")
        var readIssues: [JastorIssue] = []
        #expect(try StaleElementTypes(json: model.jsonData(), issues: &readIssues).name == "x")
        // Reading an archive maps strictly: archiving refuses instead of writing what cannot be read.
        let archiving = try #require(throws: JastorError.self) { try model.archivedData() }
        #expect(archiving.issues.map(\.description) == StaleElementTypes.declarationIssues.map(\.description))
    }

    @Test func declarationProblemsAreReportedOncePerClass() {
        let reports = Locked<[String]>([])
        let cache = PlanCache { plan in
            let text = PlanCache.reportText(for: plan)
            reports.withLock { $0.append(text) }
        }
        _ = cache.plan(for: Unregistered.self)
        _ = cache.plan(for: Unregistered.self)
        _ = cache.plan(for: Node.self)
        _ = cache.plan(for: Misnamed.self)
        #expect(
            reports.withLock { $0 } == [
                """
                Jastor: Unregistered is declared with 1 issue(s); strict mapping throws them and \
                Unregistered.declarationIssues lists them:
                  Unregistered.price: expected a registration in Unregistered.properties, found an unregistered \
                stored property

                """,
                """
                Jastor: Misnamed is declared with 1 issue(s); strict mapping throws them and \
                Misnamed.declarationIssues lists them:
                  Misnamed.cost: expected a key path to cost, found \\Misnamed.name

                """,
            ])
    }

    /// An archive version below 1 or an archive name no archive can hold is a declaration issue,
    /// found before anything is archived, and archiving such a model says which it is.
    @Test func archiveVersionAndNameMistakesAreReported() throws {
        #expect(
            VersionZero.declarationIssues.map(\.description) == [
                "VersionZero.archiveVersion: expected an archive version of 1 or more, found 0"
            ])
        #expect(
            NegativeVersion.declarationIssues.map(\.description) == [
                "NegativeVersion.archiveVersion: expected an archive version of 1 or more, found -3"
            ])
        #expect(
            MarkerNamed.declarationIssues.map(\.description) == [
                "MarkerNamed.archiveName: expected an archive name another process can resolve, found the archive "
                    + #"name "$null", which holds "$", reserved for the archive's markers ("$class", "$null")"#
            ])
        #expect(
            EmptyNamed.declarationIssues.map(\.description) == [
                "EmptyNamed.archiveName: expected an archive name another process can resolve, found an empty "
                    + "archive name"
            ])
        let version = try #require(throws: JastorError.self) { try VersionZero().archivedData() }
        #expect(
            version.description
                == "expected a class with an archive version of 1 or more (override VersionZero.archiveVersion), "
                + "found VersionZero, with archive version 0")
        let marker = try #require(throws: JastorError.self) { try MarkerNamed().archivedData(format: .json) }
        #expect(
            marker.description
                == "expected a class with an archive name another process can resolve (override "
                + #"MarkerNamed.archiveName), found MarkerNamed, with the archive name "$null", which holds "$", "#
                + #"reserved for the archive's markers ("$class", "$null")"#)
    }

    @Test func duplicateRegistrationIsReported() {
        #expect(
            Duplicated.declarationIssues.map(\.description) == [
                "Duplicated.name: expected one registration in Duplicated.properties, found several: "
                    + #"\Duplicated.name (registration 1) and \Duplicated.name (registration 2)"#
            ])
    }

    /// Names that differ only in their Unicode spelling look alike in a message: it spells both
    /// out and says to rename one.
    @Test func twoSpellingsOfOneNameAreToldApartInTheMessage() {
        let issues = TwoSpellings.declarationIssues.map(\.description)
        #expect(
            issues.first?.hasSuffix(#"; one name in two Unicode spellings (caf\u{e9}, cafe\u{301}): rename one"#)
                == true,
            "\(issues)")
        #expect(
            TwoKeySpellings.declarationIssues.map(\.description) == [
                #"TwoKeySpellings.b: expected an output key no other property writes, found "café", which a writes too; "#
                    + #"one key in two Unicode spellings (caf\u{e9}, cafe\u{301}): rename one"#
            ])
    }

    /// The message names both registrations: the runtime may spell the alias `\Aliased.b` or
    /// `\Aliased.<computed 0x… (Int)>`, so its position says which it is.
    @Test func aComputedAliasBesideItsPropertyNamesBothRegistrations() throws {
        let issues = Aliased.declarationIssues.map(\.description)
        #expect(issues.count == 1, "\(issues)")
        let message = try #require(issues.first)
        #expect(
            message.hasPrefix(
                #"Aliased.a: expected one registration in Aliased.properties, found several: \Aliased.a (registration 1) and \Aliased."#
            ))
        #expect(
            message.hasSuffix(
                " (registration 2), which both reach a's storage (a computed property over a? register one)"))
    }

    @Test func aRegisteredLazyVarIsReportedByName() {
        let expected =
            "expected a stored var (make it a plain var, or list it with ignored(_:)), found a lazy var, "
            + "which cannot be mapped"
        #expect(LazyCount.declarationIssues.map(\.description) == ["LazyCount.count: \(expected)"])
        #expect(LazyCountNamed.declarationIssues.map(\.description) == ["LazyCountNamed.count: \(expected)"])
        var issues: [JastorIssue] = []
        let model = LazyCount(dictionary: ["plain": 2, "count": 7], issues: &issues)
        #expect(issues.map(\.description) == ["LazyCount.count: \(expected)"], "reported at first use too")
        #expect(model.plain == 2 && model.count == 5)
        #expect(LazyIgnored.declarationIssues.isEmpty, "\(LazyIgnored.declarationIssues)")
        #expect(LazyIgnored(dictionary: ["plain": 2, "count": 7]).count == 5)
    }

    @Test func arrayElementTypesThatDoNotFitAreReported() {
        #expect(
            WrongElementType.declarationIssues.map(\.description) == [
                "WrongElementType.missing: expected a mapped property for arrayElementTypes, found none",
                "WrongElementType.tags: expected a model class that Array<String> can hold, found ProductCategory in arrayElementTypes",
            ])
    }

    @Test func strictModeThrowsDeclarationIssuesOnce() {
        let error = #expect(throws: JastorError.self) {
            try Unregistered(validating: ["name": "x", "price": 2.5])
        }
        #expect(
            error?.issues.map(\.description) == [
                "Unregistered.price: expected a registration in Unregistered.properties, found an unregistered stored property"
            ])
    }

    @Test func lenientModeStillMapsWhatIsRegisteredAndReportsTheRest() {
        var issues: [JastorIssue] = []
        let model = Unregistered(dictionary: ["name": "x", "price": 2.5], issues: &issues)
        #expect(model.name == "x")
        #expect(model.price == 0)
        #expect(issues.count == 1)
    }

    @Test func ignoredWeakAndLazyPropertiesAreLegal() {
        #expect(Node.declarationIssues.isEmpty, "\(Node.declarationIssues)")
        let root = Node(dictionary: ["name": "root", "children": [["name": "leaf"]], "parent": ["name": "x"]])
        root.children[0].parent = root
        #expect(root.children[0].parent === root)
        #expect(root.parent == nil, "an ignored property is never read")
        #expect(root.toDictionary().keys.sorted() == ["children", "name"], "nor written")
        #expect(root.cachedUppercase == "ROOT")
    }

    @Test func propertyWrappersAreRegisteredUnderTheirOwnName() {
        #expect(Wrapped.declarationIssues.isEmpty, "\(Wrapped.declarationIssues)")
        #expect(Wrapped(dictionary: ["title": "  padded  "]).title == "padded")
    }
    @Test func twoPropertiesWritingOneKeyAreReported() {
        #expect(
            SharedKey.declarationIssues.map(\.description) == [
                #"SharedKey.heading: expected an output key no other property writes, found "name", which title writes too"#
            ])
        #expect(
            NestedCollision.declarationIssues.map(\.description) == [
                #"NestedCollision.ownerName: expected an output key no other property writes, found "owner.name", which collides with "owner" that owner writes"#,
                #"NestedCollision.label: expected an output key no other property writes, found "items.label", which collides with "items[0]" that first writes"#,
            ])
        #expect(
            ConventionCollision.declarationIssues.map(\.description) == [
                #"ConventionCollision.identifier: expected an output key no other property writes, found "id", which objectId writes too"#,
                #"ConventionCollision.login: expected an output key no other property writes, found "user_name", which userName writes too"#,
            ])
    }

    @Test func aCollidingOutputKeyFailsStrictMapping() {
        let error = #expect(throws: JastorError.self) { try SharedKey(validating: ["name": "x"]) }
        #expect(error?.issues.map(\.kind) == [.invalidDeclaration])
    }
    @Test func aSubclassListingAnInheritedPropertyReplacesItsRegistration() throws {
        #expect(Bicycle.declarationIssues.isEmpty)
        let bicycle = try Bicycle(validating: ["wheelCount": 2, "wheels": 9, "make": "Brompton", "gears": 3])
        #expect(bicycle.wheels == 2 && bicycle.make == "" && bicycle.gears == 3)
        #expect(bicycle.toDictionary() as NSDictionary == ["wheelCount": 2, "gears": 3])
        #expect(
            Vehicle(dictionary: ["wheels": 4, "make": "VW"]).toDictionary() as NSDictionary == [
                "wheels": 4, "make": "VW",
            ])
    }

    @Test func anOptionalOfAnOptionalIsReported() {
        #expect(
            Survey.declarationIssues.map(\.description) == [
                "Survey.answer: expected one level of Optional (JSON has one null, so .some(nil) would read back as nil), found Optional<Optional<Int>>"
            ])
        // An optional array of optionals is one level per container, and maps.
        let survey = Survey(dictionary: ["answers": [1, NSNull()]])
        #expect(survey.answers == [1, nil])
    }

    /// An optional of a type that writes `null` for a value of its own is reported.
    ///
    /// With a raw value of `Int?` it is an optional of an optional in disguise:
    /// `.some(Rating(rawValue: nil))` would read back as `nil`. The type alone, which reads `null`
    /// as its own value, maps.
    @Test func anOptionalOfATypeThatWritesNullIsReported() {
        let message = "expected one level of Optional (JSON has one null, so .some(nil) would read back as nil), found "
        #expect(
            RatedSurvey.declarationIssues.map(\.description) == [
                "RatedSurvey.lastRating: " + message + "Optional<Rating>, whose Rating writes null too",
                "RatedSurvey.ratings: " + message + "Optional<Rating>, whose Rating writes null too",
            ])
        let survey = RatedSurvey(dictionary: ["rating": NSNull()])
        #expect(survey.rating.rawValue == nil)
        survey.rating = Rating(rawValue: 3)
        #expect(RatedSurvey(dictionary: survey.toDictionary()).rating.rawValue == 3)
    }

    @Test func anIndexOutsideTheKeyRangeIsReportedAndTheKeyLeftUnused() throws {
        #expect(
            NegativeIndexKeys.declarationIssues.map(\.description) == [
                "NegativeIndexKeys.fromText: expected indexes from 0 through 65535 in key:, found [-1] in a[-1]",
                "NegativeIndexKeys.fromArray: expected indexes from 0 through 65535 in key:, found [-1] in b[-1]",
                "NegativeIndexKeys.output: expected indexes from 0 through 65535 in outputKey:, found [-2] in c[-2]",
                "NegativeIndexKeys.far: expected indexes from 0 through 65535 in key:, found [65536] in d[65536]",
            ])
        var issues: [JastorIssue] = []
        let model = NegativeIndexKeys(
            dictionary: ["a": [1, 2], "b": [3], "output": 4, "d": [5], "e": Array(repeating: 6, count: 65_536)],
            issues: &issues)
        #expect(issues.map(\.kind) == Array(repeating: .invalidDeclaration, count: 4))
        #expect([model.fromText, model.fromArray, model.far] == [0, 0, 0] as [Int])
        #expect(model.output == 4 && model.near == 6)
        // Output leaves the unsound keys out, says why, and does not crash.
        var written: [JastorIssue] = []
        let dictionary = model.toDictionary(issues: &written)
        #expect(Set(dictionary.keys) == ["e"])
        #expect((dictionary["e"] as? [Any])?.count == 65_536)
        #expect(written.map(\.description) == NegativeIndexKeys.declarationIssues.map(\.description))
        let error = try #require(throws: JastorError.self) { try model.jsonData() }
        #expect(error.issues.count == 4)
        #expect(throws: (any Error).self) { try JSONEncoder().encode(model) }
    }

    /// A key path of more keys and indexes than mapping follows is reported at first use.
    ///
    /// The property neither reads nor writes there: written, its value would be deeper than a read
    /// takes. A 10 000-key `outputKey:` wrote one nested call per key and overflowed the stack.
    @Test func aKeyPathDeeperThanMappingFollowsIsReportedAndTheKeyLeftUnused() throws {
        let expected = [
            "DeepKeys.tooDeep: expected at most 256 keys and indexes in key: (the levels of nesting mapping "
                + "follows), found 257",
            "DeepKeys.tooDeepOutput: expected at most 256 keys and indexes in outputKey: (the levels of nesting "
                + "mapping follows), found 10000",
        ]
        #expect(DeepKeys.declarationIssues.map(\.description) == expected)
        func nested(_ key: String, _ depth: Int, _ value: Int) -> Any {
            var nested: Any = value
            for _ in 0..<depth { nested = [key: nested] }
            return nested
        }
        let dictionary: [String: Any] = [
            "a": nested("a", 256, 1), "b": 2, "d": nested("d", 255, 3),
        ]
        let error = try #require(throws: JastorError.self) { try DeepKeys(validating: dictionary) }
        #expect(error.issues.map(\.description) == expected)
        let model = DeepKeys(dictionary: dictionary)
        #expect([model.tooDeep, model.tooDeepOutput, model.atTheLimit] == [0, 2, 3] as [Int])
        var issues: [JastorIssue] = []
        let written = model.toDictionary(issues: &issues)
        #expect(issues.map(\.description) == expected)
        #expect(Set(written.keys) == ["d"])
        #expect(DeepKeys(dictionary: written).atTheLimit == 3)
        #expect(throws: JastorError.self) { try model.jsonData() }
    }

    @Test func keyTextAPathCannotHoldIsReportedAndTheKeyLeftUnused() {
        let issues = MalformedKeys.declarationIssues.map(\.description)
        #expect(
            issues == [
                #"MalformedKeys.doubleDot: expected a key: Jastor can read as a key path, found "c..d", which holds an empty key before a dot (write an empty key as [""])"#,
                #"MalformedKeys.trailingBackslash: expected a key: Jastor can read as a key path, found "e\\", which holds a backslash at the end, escaping nothing"#,
                #"MalformedKeys.openBracket: expected a key: Jastor can read as a key path, found "f[1", which holds a bracket without its closing ]"#,
                #"MalformedKeys.textAfterQuote: expected a key: Jastor can read as a key path, found "g[\"h\"x]", which holds text after a quoted key before its closing bracket"#,
                #"MalformedKeys.leadingDot: expected a key: Jastor can read as a key path, found ".i", which holds an empty key before a dot (write an empty key as [""])"#,
                #"MalformedKeys.trailingDot: expected a key: Jastor can read as a key path, found "j.", which holds an empty key at the end (write an empty key as [""])"#,
                #"MalformedKeys.bareWord: expected a key: Jastor can read as a key path, found "k[word]", which holds "word" in brackets, which is neither an index nor a quoted key"#,
                #"MalformedKeys.badEscape: expected a key: Jastor can read as a key path, found "l[\"\\u{zz}\"]", which holds a quoted key without its closing quote or with an escape that names no character"#,
            ])
        let model = MalformedKeys(dictionary: ["c": ["d": 1], "e": 2, "f": [0, 3], "m": [["n.o": [0, ["p.q": 9]]]]])
        #expect([model.doubleDot, model.trailingBackslash, model.openBracket] == [0, 0, 0] as [Int])
        #expect(model.sound == 9)
        #expect(model.toDictionary() as NSDictionary == ["m": [["n.o": [NSNull(), ["p.q": 9]]]]])
    }

    /// Every path renders as text that parses back into it with nothing to report; seeded.
    @Test func renderedPathsParseBackWithoutAMalformation() {
        let seed: UInt64 = 41
        print("renderedPathsParseBackWithoutAMalformation: seed \(seed)")
        var generator = SeededRandom(seed: seed)
        let alphabet: [Character] = ["a", "Z", "0", "7", "@", ".", "[", "]", "\"", "\\", "\n", "é", " ", "-", "{", "}"]
        for _ in 0..<2_000 {
            let components: [JastorPath.Component] = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                if Bool.random(using: &generator) { return .index(Int.random(in: 0...70_000, using: &generator)) }
                let length = Int.random(in: 0...5, using: &generator)
                return .key(String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
            }
            let path = JastorPath(components)
            let parsed = JastorPath(parsing: path.description)
            #expect(parsed == path, "\(path.description)")
            #expect(parsed.malformation == nil, "\(path.description): \(parsed.malformation ?? "")")
        }
    }
}
