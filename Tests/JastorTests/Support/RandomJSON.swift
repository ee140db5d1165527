import Foundation

@testable import Jastor

/// Builds random JSON-like Foundation trees, as `JSONSerialization` or hand-written code would
/// hand them to a mapper, and writes them as JSON text.
///
/// Most keys are the test models' real keys, so mapping actually happens; values are of every
/// kind a mapper meets, with a bias toward the awkward ones: `NSNull`, a Swift `nil`, huge and
/// negative integers, `NaN` and infinities, `-0.0`, `NSDecimalNumber`, `NSNumber` and Swift
/// booleans, empty strings, strings decoded from invalid UTF-8, numeric and date-like strings.
struct RandomJSON {
    /// The keys the test models read, plus a few no model reads.
    static let keys = [
        "name", "amount", "price", "createdAt", "category", "children", "tags", "string", "bool", "int", "int8",
        "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "double", "float", "decimal",
        "date", "url", "uuid", "data", "colour", "priority", "optionalString", "strings", "matrix", "scores",
        "metadata", "anything", "statuses", "nextPage", "id", "text", "user", "retweetCount", "retweetedStatus",
        "screenName", "followersCount", "resident", "residents", "byName", "legs", "breed", "ageInWeeks",
        "address", "city", "reports", "description", "birthDate", "", "é", "a.b", "$class",
    ]

    private var generator: SeededRandom

    init(seed: UInt64) {
        generator = SeededRandom(seed: seed)
    }

    // MARK: Trees

    /// Keys whose properties hold numbers or booleans, and strings, in the test models: half the
    /// time such a key gets a value of its own kind, so that more values map.
    private static let numberKeys: Set = [
        "amount", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
        "double", "float", "decimal", "priority", "id", "retweetCount", "followersCount", "legs", "ageInWeeks",
    ]
    private static let stringKeys: Set = [
        "name", "string", "text", "screenName", "breed", "city", "description", "colour", "optionalString", "url",
        "uuid", "data", "date", "createdAt", "birthDate", "nextPage", "price",
    ]

    /// A random object nested at most `depth` levels deep.
    mutating func object(depth: Int) -> [String: Any] {
        var object: [String: Any] = [:]
        for _ in 0..<int(below: 7) {
            let key = key()
            if int(below: 2) == 0, Self.numberKeys.contains(key) {
                object[key] = int(below: 4) == 0 ? boolean() : number()
            } else if int(below: 2) == 0, Self.stringKeys.contains(key) {
                object[key] = string()
            } else {
                object[key] = value(depth: depth - 1)
            }
        }
        return object
    }

    /// A random value; containers only while `depth` is positive.
    mutating func value(depth: Int) -> Any {
        let pick = int(below: depth > 0 ? 10 : 8)
        switch pick {
        case 0: return NSNull()
        case 1: return boolean()
        case 2, 3: return number()
        case 4, 5, 6: return string()
        case 7: return int(below: 20) == 0 ? Optional<String>.none as Any : string()
        case 8: return (0..<int(below: 5)).map { _ in value(depth: depth - 1) }
        default: return object(depth: depth)
        }
    }

    private mutating func key() -> String {
        int(below: 10) < 8
            ? Self.keys[int(below: Self.keys.count)] : String(decoding: bytes(count: int(below: 4)), as: UTF8.self)
    }

    // MARK: Scalars

    private mutating func boolean() -> Any {
        let value = int(below: 2) == 0
        return int(below: 2) == 0 ? value : NSNumber(value: value)
    }

    private mutating func number() -> Any {
        switch int(below: 16) {
        case 0: return Int.max
        case 1: return Int.min
        case 2: return NSNumber(value: UInt64.max)
        case 3: return NSNumber(value: Int64(bitPattern: generator.next()))
        case 4: return [Double.nan, .infinity, -.infinity][int(below: 3)]
        case 5: return [-0.0, 0.0, 1e300, -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude][int(below: 6)]
        case 6: return NSDecimalNumber(string: ["12345678901234567890.123", "-0.1", "1e-130"][int(below: 3)])
        case 7: return Double(Int(bitPattern: UInt(generator.next() >> 11))) / 1024
        case 8: return NSNumber(value: Float(int(below: 1000)) / 8)
        case 9: return Int(bitPattern: UInt(generator.next() >> UInt64(int(below: 64))))
        case 10: return -int(below: 1000)
        default: return int(below: 300)
        }
    }

    private mutating func string() -> String {
        switch int(below: 12) {
        case 0: return ""
        case 1: return String(decoding: bytes(count: int(below: 12)), as: UTF8.self)
        case 2: return ["true", "false", "0", "1", "-0", "1.5", "1e400", "18446744073709551616"][int(below: 8)]
        case 3: return String(Int64(bitPattern: generator.next()))
        case 4: return ["2014-08-29T10:12:00Z", "2014-08-29T10:12:00.250+02:00", "11-08-1988"][int(below: 3)]
        case 5: return ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "https://example.com/a?b=c", "SmFzdG9y"][int(below: 3)]
        case 6: return ["red", "green", "blue", "purple"][int(below: 4)]
        case 7: return "e\u{301} 🇫🇷 \u{0} \u{FFFD} \u{1D11E} \"\\/"
        default: return Self.keys[int(below: Self.keys.count)]
        }
    }

    private mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    private mutating func int(below bound: Int) -> Int {
        Int(generator.next() % UInt64(bound))
    }
}

// MARK: - JSON text

extension RandomJSON {
    /// Writes a generated tree as JSON text; `NaN`, infinities and Swift `nil`s become `null`,
    /// and an `NSDecimalNumber` keeps its exact digits.
    static func jsonText(_ value: Any) -> String {
        var text = ""
        write(value, into: &text)
        return text
    }

    private static func write(_ value: Any, into text: inout String) {
        let source = FoundationJSON(raw: value)
        switch source.kind {
        case .object:
            text += "{"
            for (index, key) in source.object.dictionary.keys.sorted().enumerated() {
                if index > 0 { text += "," }
                writeString(key, into: &text)
                text += ":"
                write(source.object.dictionary[key] ?? NSNull(), into: &text)
            }
            text += "}"
        case .array:
            text += "["
            for (index, element) in source.elements.enumerated() {
                if index > 0 { text += "," }
                write(element.raw, into: &text)
            }
            text += "]"
        case .scalar(.string(let string)): writeString(string, into: &text)
        case .scalar(.bool(let bool)): text += bool ? "true" : "false"
        case .scalar(.integer(let integer)): text += String(integer)
        case .scalar(.unsignedInteger(let integer)): text += String(integer)
        case .scalar(.double(let double)) where double.isFinite: text += "\(double)"
        case .scalar(.float(let float)) where float.isFinite: text += NumberText.shortest(float)
        case .scalar(.decimal(let decimal)) where decimal.isFinite: text += "\(decimal)"
        case .scalar(.number(let literal)): text += literal.text
        case .scalar(.null), .scalar(.double), .scalar(.float), .scalar(.decimal), .scalar(.date), .scalar(.data),
            .unsupported:
            text += "null"
        }
    }

    private static func writeString(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{0}"..."\u{1F}": text += String(format: "\\u%04X", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
