import Foundation
import Jastor
import Testing

/// A model whose every property maps through a built-in transform or a deep key path.
final class A22Transformed: JastorObject {
    var float: Float = 0
    var decimal: Decimal = 0
    var flag = false
    var big: UInt64 = 0
    var small: Int8?
    var double = 0.0
    var plain: Date?
    var fractional = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    var millis: Date?
    var stamp: Date?
    var text: String?
    var deep = ""
    var indexed: Int16 = 0

    override class var properties: [JastorProperty] {
        register {
            property(\.float, transform: .stringEncoded)
            property(\.decimal, key: "a.d")
            property(\.flag, transform: .stringEncoded)
            property(\.big, transform: .stringEncoded)
            property(\.small, transform: .stringEncoded)
            property(\.double, transform: .stringEncoded)
            property(\.plain, transform: .iso8601)
            property(\.fractional, transform: .iso8601WithFractionalSeconds)
            property(\.seconds, transform: .secondsSince1970)
            property(\.millis, transform: .millisecondsSince1970)
            property(\.stamp, transform: .date(format: "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"))
            property(\.text, transform: .numberEncoded)
            property(\.deep, key: "a.b.c")
            property(\.indexed, key: "list[2].x")
        }
    }
}

/// Transforms and deep key paths over generated values: each output brings the value back exactly,
/// or an issue at (or above) its path says why.
@Suite struct TransformLawTests {
    static let seeds: [UInt64] = [0xA22_7001, 0xA22_7002, 0xA22_7003]

    static func model(_ generator: inout A22Generator) -> A22Transformed {
        let model = A22Transformed()
        model.float = generator.float()
        model.decimal = generator.decimal()
        model.flag = generator.chance(50)
        model.big = generator.pick([0, .max, generator.random.next()])
        model.small = generator.pick([nil, .min, .max, 0])
        model.double = generator.double()
        model.plain = generator.chance(30) ? nil : generator.date()
        model.fractional = generator.date()
        model.seconds = generator.date()
        model.millis = generator.chance(30) ? nil : generator.date()
        model.stamp = generator.chance(30) ? nil : generator.date()
        model.text = generator.chance(30) ? nil : generator.string()
        model.deep = generator.string()
        model.indexed = generator.pick([0, .min, .max])
        return model
    }

    static let names: [String: String] = ["deep": "a.b.c", "indexed": "list.2.x", "decimal": "a.d"]

    static func differences(_ a: A22Transformed, _ b: A22Transformed) -> [String] {
        var found: [String] = []
        func check(_ name: String, _ same: Bool, _ left: Any?, _ right: Any?) {
            if !same { found.append("\(name): \(String(describing: left)) ≠ \(String(describing: right))") }
        }
        func seconds(_ date: Date?) -> Double? { date?.timeIntervalSinceReferenceDate }
        check("float", A22Exact.same(a.float, b.float), a.float, b.float)
        check("decimal", A22Exact.same(a.decimal, b.decimal), a.decimal, b.decimal)
        check("flag", a.flag == b.flag, a.flag, b.flag)
        check("big", a.big == b.big, a.big, b.big)
        check("small", a.small == b.small, a.small, b.small)
        check("double", A22Exact.same(a.double, b.double), a.double, b.double)
        check("plain", A22Exact.same(a.plain, b.plain, A22Exact.same), seconds(a.plain), seconds(b.plain))
        check("fractional", A22Exact.same(a.fractional, b.fractional), seconds(a.fractional), seconds(b.fractional))
        check("seconds", A22Exact.same(a.seconds, b.seconds), seconds(a.seconds), seconds(b.seconds))
        check("millis", A22Exact.same(a.millis, b.millis, A22Exact.same), seconds(a.millis), seconds(b.millis))
        check("stamp", A22Exact.same(a.stamp, b.stamp, A22Exact.same), seconds(a.stamp), seconds(b.stamp))
        check("text", A22Exact.same(a.text, b.text, A22Exact.same), a.text, b.text)
        check("deep", A22Exact.same(a.deep, b.deep), a.deep, b.deep)
        check("indexed", a.indexed == b.indexed, a.indexed, b.indexed)
        return found
    }

    static func uncovered(_ differences: [String], by issues: [JastorIssue]) -> [String] {
        differences.filter { difference in
            let name = String(difference.prefix(while: { $0 != ":" }))
            let path = names[name] ?? name
            return !issues.contains { issue in
                let issuePath = issue.path.description.replacingOccurrences(of: "[", with: ".")
                    .replacingOccurrences(of: "]", with: "")
                return issuePath.hasPrefix(path) || path.hasPrefix(issuePath)
            }
        }
    }

    @Test(arguments: seeds) func transformedValuesComeBackOrAreReported(seed: UInt64) {
        var generator = A22Generator(seed: seed, nonFinite: seed != Self.seeds[0])
        var seen: Set<String> = []
        func record(_ failure: String, _ index: Int, _ model: A22Transformed) {
            if seen.insert(String(failure.filter { !$0.isNumber }.prefix(40))).inserted {
                Issue.record("seed \(seed), model \(index): \(failure)\n\(model)")
            }
        }
        for index in 0..<300 {
            let model = Self.model(&generator)
            _ = model.description
            var issues: [JastorIssue] = []
            let dictionary = model.toDictionary(issues: &issues)
            var readIssues: [JastorIssue] = []
            let copy = A22Transformed(dictionary: dictionary, issues: &readIssues)
            let missed = Self.uncovered(Self.differences(model, copy), by: issues + readIssues)
            if !missed.isEmpty { record("toDictionary changed without an issue: \(missed)", index, model) }
            if issues.isEmpty && copy != model { record("toDictionary: copy unequal, nothing reported", index, model) }
            if let data = try? model.jsonData(options: [.sortedKeys, .prettyPrinted]) {
                var textIssues: [JastorIssue] = []
                if let text = try? A22Transformed(json: data, issues: &textIssues) {
                    let missed = Self.uncovered(Self.differences(model, text), by: textIssues)
                    if !missed.isEmpty { record("jsonData changed without an issue: \(missed)", index, model) }
                } else {
                    record("jsonData unreadable", index, model)
                }
            }
            for format in [JastorArchiveFormat.json, .binaryPropertyList] {
                do {
                    let copy = try A22Transformed.unarchive(from: try model.archivedData(format: format))
                    let differences = Self.differences(model, copy)
                    if !differences.isEmpty { record("archive \(format): \(differences)", index, model) }
                } catch {
                    record("archive \(format) threw: \(error)", index, model)
                }
            }
            if let data = try? JSONEncoder().encode(model) {
                do {
                    let copy = try JSONDecoder().decode(A22Transformed.self, from: data)
                    let differences = Self.differences(model, copy)
                    if !differences.isEmpty { record("JSONEncoder: \(differences)", index, model) }
                } catch {
                    record("JSONDecoder refused JSONEncoder's output: \(error)", index, model)
                }
            }
            if let data = try? PropertyListEncoder().encode(model) {
                do {
                    let copy = try PropertyListDecoder().decode(A22Transformed.self, from: data)
                    let differences = Self.differences(model, copy)
                    if !differences.isEmpty { record("PropertyListEncoder: \(differences)", index, model) }
                } catch {
                    record("PropertyListDecoder refused PropertyListEncoder's output: \(error)", index, model)
                }
            }
        }
    }
}
