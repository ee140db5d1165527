import Foundation
import Testing

@testable import Jastor

/// A model with the remaining kinds of registration: key paths into objects and arrays, a date
/// format, a string-encoded number, snake-case keys and kept unmapped keys.
private final class Addressed: JastorObject {
    var city = ""
    var firstReport = ""
    var birthDate: Date?
    var amount = 0
    var createdAt: Date?
    var extras: [String: Any] = [:]

    override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    override class var properties: [JastorProperty] {
        [
            .init("city", \Addressed.city, key: "address.city"),
            .init("firstReport", \Addressed.firstReport, key: "reports[0].description"),
            .init("birthDate", \Addressed.birthDate, transform: .date(format: "MM-dd-yyyy")),
            .init("amount", \Addressed.amount, transform: .stringEncoded),
            .init("createdAt", \Addressed.createdAt), .unmappedKeys("extras", \Addressed.extras),
        ]
    }
}

/// Random trees from ``RandomJSON`` mapped into several model classes, leniently and strictly,
/// from dictionaries and from JSON bytes.
///
/// For every tree and class: nothing crashes; lenient mapping keeps going (and from bytes does not
/// throw, the bytes being valid JSON); strict mapping throws exactly when lenient mapping reports
/// issues, builds the same model when it does not, and throws only ``JastorError``s; every issue is
/// a value issue (type, range, value, nesting, a value no property reads) whose path leads to a value that exists in the
/// input; and a lenient result maps back equal from its own `toDictionary()`. A failure names the
/// seed and the tree's index, and prints the tree as JSON, so it reproduces.
@Suite struct PropertyBasedTests {
    /// Seeds run as separate test cases, so they run in parallel.
    static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002, 0x5EED_0003, 0x5EED_0004]
    /// Trees per seed; each tree is checked against every class of ``models``.
    static let treesPerSeed = 25_000
    static let models: [JastorObject.Type] = [
        Everything.self, Product.self, SearchResponse.self, Kennel.self, Addressed.self,
    ]

    @Test func atLeastAHundredThousandTreesPerRun() {
        #expect(Self.seeds.count * Self.treesPerSeed >= 100_000)
    }

    @Test(arguments: seeds) func randomTreesMapWithinTheRules(seed: UInt64) {
        var random = RandomJSON(seed: seed)
        for index in 0..<Self.treesPerSeed {
            let tree = random.object(depth: 4)
            let extra = random.value(depth: 2)
            for model in Self.models {
                if let failure = Self.check(model, tree: tree, rootArrayWith: extra) {
                    Issue.record(
                        "seed \(seed), tree \(index), \(model): \(failure)\ntree: \(RandomJSON.jsonText(tree))")
                    return
                }
            }
        }
    }

    @Test func theGeneratorIsDeterministicAndCoversTheAwkwardValues() {
        var first = RandomJSON(seed: 42)
        var second = RandomJSON(seed: 42)
        var texts: [String] = []
        for _ in 0..<200 {
            let text = RandomJSON.jsonText(first.object(depth: 4))
            #expect(text == RandomJSON.jsonText(second.object(depth: 4)))
            texts.append(text)
        }
        let all = texts.joined()
        for awkward in [
            "null", "true", "9223372036854775807", "-9223372036854775808", "18446744073709551615",
            "12345678901234567890.123", "-0.0", "1e+300", "\"\"", "\u{FFFD}", "\"statuses\":", "[[",
        ] {
            #expect(all.contains(awkward), "no generated tree holds \(awkward)")
        }
    }

    @Test func theTreesExerciseMappingAndIssuesAlike() {
        var random = RandomJSON(seed: 7)
        var issueCount = 0
        var filled = 0
        var strictSuccesses = 0
        for _ in 0..<500 {
            let tree = random.object(depth: 4)
            var issues: [JastorIssue] = []
            let model = Everything(dictionary: tree, issues: &issues)
            issueCount += issues.count
            if model != Everything() { filled += 1 }
            if issues.isEmpty, model != Everything() { strictSuccesses += 1 }
        }
        print(
            "PropertyBasedTests: of 500 trees, \(filled) filled an Everything, \(strictSuccesses) strictly; \(issueCount) issues"
        )
        #expect(filled > 100, "too few trees fill a property: \(filled)")
        #expect(strictSuccesses > 10, "too few trees map strictly: \(strictSuccesses)")
        #expect(issueCount > 250, "too few issues to check paths on: \(issueCount)")
    }

    // MARK: - The rules

    /// The first rule `model` breaks on `tree`, or `nil`.
    static func check(_ model: JastorObject.Type, tree: [String: Any], rootArrayWith extra: Any) -> String? {
        var issues: [JastorIssue] = []
        let lenient = model.init(dictionary: tree, issues: &issues)
        if let stray = strayIssue(issues, in: tree) { return "lenient: \(stray)" }
        do {
            let strict = try model.init(validating: tree)
            if !issues.isEmpty { return "strict mapping succeeded although lenient mapping reported \(issues)" }
            if strict != lenient { return "strict and lenient mapping built different models" }
        } catch let error as JastorError {
            if error.issues != issues { return "strict issues \(error.issues) differ from lenient \(issues)" }
        } catch {
            return "strict mapping threw \(type(of: error)), not JastorError"
        }
        if model.init(dictionary: lenient.toDictionary()) != lenient { return "toDictionary() does not map back equal" }
        return checkBytes(model, tree: tree) ?? checkRootArray(model, elements: [tree, extra])
    }

    private static func checkBytes(_ model: JastorObject.Type, tree: [String: Any]) -> String? {
        let data = Data(RandomJSON.jsonText(tree).utf8)
        do {
            _ = try model.init(json: data)
        } catch {
            return "lenient mapping of valid JSON threw \(error)"
        }
        do {
            _ = try model.init(validatingJSON: data)
        } catch let error as JastorError {
            if let stray = strayIssue(error.issues, in: tree) { return "strict from bytes: \(stray)" }
        } catch {
            return "strict mapping from bytes threw \(type(of: error)), not JastorError"
        }
        return nil
    }

    private static func checkRootArray(_ model: JastorObject.Type, elements: [Any]) -> String? {
        guard model == Product.self else { return nil }
        var issues: [JastorIssue] = []
        let products = [Product](jsonArray: elements, issues: &issues)
        if products.count > elements.count { return "a root array built more models than it has elements" }
        return strayIssue(issues, in: elements).map { "root array: \($0)" }
    }

    /// An issue that is not about a value of the input, or whose path leads nowhere in it.
    private static func strayIssue(_ issues: [JastorIssue], in input: Any) -> String? {
        // `.unknownKey`: a value under a key read through a longer path (`address` of
        // `address.city`) that no property reads, which a class keeping unmapped keys (`Addressed`)
        // cannot keep.
        let valueKinds: [JastorIssue.Kind] = [
            .typeMismatch, .valueOutOfRange, .invalidValue, .nestingTooDeep, .unknownKey,
        ]
        for issue in issues {
            guard valueKinds.contains(issue.kind) else { return "an issue of kind \(issue.kind): \(issue)" }
            guard issue.path.value(in: input) != nil else { return "an issue whose path leads nowhere: \(issue)" }
        }
        return nil
    }
}
