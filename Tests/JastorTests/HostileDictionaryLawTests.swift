import Foundation
import Jastor
import Testing

/// Hand-built dictionaries holding values of every Foundation and Swift kind, JSON or not, under
/// the model's own keys: mapping never traps, strict mapping throws exactly when lenient mapping
/// reports, and whatever was taken quietly comes back exactly from the model's own outputs.
@Suite struct HostileDictionaryLawTests {
    static let seeds: [UInt64] = [0xA22_6001, 0xA22_6002, 0xA22_6003]

    static let keys = [
        "i8", "i16", "i32", "i64", "int", "u8", "u16", "u32", "u64", "uint", "float", "optionalFloat", "double",
        "optionalDouble", "decimal", "optionalDecimal", "bool", "optionalBool", "string", "optionalString", "date",
        "optionalDate", "data", "url", "uuid", "suit", "rank", "ratio", "floats", "int16s", "dates", "strings", "map",
        "urls", "child", "children", "base", "bases", "baseMap", "address", "version.major", "pair", "stamp", "millis",
        "iso", "day", "count", "ratioText", "gender", "anything", "extra", "$class",
    ]

    static func value(_ generator: inout A22Generator, depth: Int) -> Any {
        switch generator.count(0..<34) {
        case 0: return Date(timeIntervalSinceReferenceDate: generator.double())
        case 1: return Data([0, 1, 255])
        case 2: return URL(fileURLWithPath: "/tmp/x y")
        case 3: return UUID()
        case 4: return NSSet(array: [1, 2])
        case 5: return Set([1, 2])
        case 6: return [1: "a"] as [Int: Any]
        case 7: return NSNumber(value: generator.float())
        case 8: return NSNumber(value: generator.double())
        case 9: return NSDecimalNumber(decimal: generator.decimal())
        case 10: return NSNumber(value: UInt64.max)
        case 11: return NSNumber(value: Int64.min)
        case 12: return NSNumber(value: true)
        case 13: return Character("é")
        case 14: return Int128.max
        case 15: return UInt8.max
        case 16: return Float16(0.1)
        case 17: return Optional<Int>.none as Any
        case 18: return Optional<Int?>.some(nil) as Any
        case 19: return NSString(string: generator.string())
        case 20: return NSMutableString(string: "mutable")
        case 21: return generator.string()
        case 22: return (1, "tuple")
        case 23: return A22Suit.marker
        case 24: return A22Wide()
        case 25: return NSNull()
        case 26: return NSArray(array: [1, "a", NSNull()])
        case 27 where depth > 0:
            return (0..<generator.count(0..<3)).map { _ in value(&generator, depth: depth - 1) }
        case 28 where depth > 0:
            var object: [String: Any] = [:]
            for _ in 0..<generator.count(0..<3) {
                object[generator.pick(keys)] = value(&generator, depth: depth - 1)
            }
            return object
        case 29: return generator.decimal()
        case 30: return generator.double()
        case 31: return generator.float()
        case 32:
            return NSDecimalNumber(
                string: generator.pick(["1e127", "-1e-128", "12345678901234567890123456789012345678"]))
        default: return generator.untyped(depth: 1)
        }
    }

    @Test(arguments: seeds) func handBuiltDictionariesNeverTrapAndWhatIsTakenComesBack(seed: UInt64) throws {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        func record(_ failure: String, _ index: Int, _ dictionary: [String: Any]) {
            if seen.insert(String(failure.prefix(50))).inserted {
                Issue.record(
                    "seed \(seed), dictionary \(index): \(failure)\n\(A22Wide(dictionary: [:]).description.prefix(0))\(dictionary.keys.sorted())"
                )
            }
        }
        for index in 0..<500 {
            var dictionary: [String: Any] = [:]
            for _ in 0..<generator.count(1..<5) {
                dictionary[generator.pick(Self.keys)] = Self.value(&generator, depth: 2)
            }
            var issues: [JastorIssue] = []
            let model = A22Wide(dictionary: dictionary, issues: &issues)
            _ = model.description
            _ = model.hashValue
            let strict = try? A22Wide(validating: dictionary)
            if (strict == nil) != !issues.isEmpty {
                record("strict \(strict == nil ? "threw" : "passed") but lenient reported \(issues)", index, dictionary)
            }
            guard issues.isEmpty else { continue }
            var outputIssues: [JastorIssue] = []
            let written = model.toDictionary(issues: &outputIssues)
            // Values taken as they are (a `Date` object, a non-JSON value kept untyped) may be ones
            // output cannot write: reported there, documented.
            if !outputIssues.isEmpty { continue }
            var readIssues: [JastorIssue] = []
            let copy = A22Wide(dictionary: written, issues: &readIssues)
            let differences = A22Exact.differences(model, copy)
            if !readIssues.isEmpty || !differences.isEmpty {
                record("toDictionary: \(readIssues.prefix(2)) \(differences.prefix(2))", index, dictionary)
            }
            do {
                var textIssues: [JastorIssue] = []
                let text = try A22Wide(json: try model.jsonData(), issues: &textIssues)
                let differences = A22Exact.differences(model, text)
                if !textIssues.isEmpty || !differences.isEmpty {
                    record("jsonData: \(textIssues.prefix(2)) \(differences.prefix(2))", index, dictionary)
                }
            } catch {
                record("jsonData threw for a model taken quietly: \(error)", index, dictionary)
            }
            for format in [JastorArchiveFormat.json, .binaryPropertyList] {
                do {
                    let copy = try A22Wide.unarchive(from: try model.archivedData(format: format))
                    let differences = A22Exact.differences(model, copy)
                    if !differences.isEmpty { record("archive \(format): \(differences.prefix(2))", index, dictionary) }
                } catch {
                    record("archive \(format) threw: \(error)", index, dictionary)
                }
            }
        }
    }
}
