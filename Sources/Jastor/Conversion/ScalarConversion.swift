import Foundation

// The conversion table: every rule by which a JSON scalar becomes a Swift value and a Swift value
// becomes JSON again lives in this file. The rules are lossless: a value that would change on the
// way (a fraction into `Int`, `300` into `UInt8`, `2^53 + 1` into `Double`) is a mismatch, never
// a rounded or wrapped value.

/// The result of converting one JSON scalar.
enum ScalarConversion<Value> {
    case success(Value)
    case failure(JastorIssue.Kind)
}

/// A Swift scalar type with a row in the conversion table.
protocol ScalarConvertible: JastorValue {
    /// Converts a JSON scalar, losslessly or not at all.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Self>
    /// The value as JSON.
    var jsonValue: JSONValue { get }
}

extension ScalarConvertible {
    /// Every scalar type maps through its row of this table.
    public static var jastorCodec: JastorCodec {
        ScalarTransformCodec(typeName: String(describing: Self.self), decode: converting, encode: \.jsonValue)
    }
}

// MARK: - String

extension String: ScalarConvertible {
    /// Strings as they are; numbers as their exact decimal text (`94015` → `"94015"`).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<String> {
        switch scalar {
        case .string(let value): .success(value)
        case .integer(let value): .success(String(value))
        case .unsignedInteger(let value): .success(String(value))
        case .double(let value) where value.isFinite: .success(NumberText.shortest(value))
        case .decimal(let value): .success(value.description)
        default: .failure(.typeMismatch)
        }
    }

    var jsonValue: JSONValue { .string(self) }
}

// MARK: - Bool

extension Bool: ScalarConvertible {
    /// JSON booleans, the numbers `0` and `1`, and the strings `"true"` and `"false"`.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Bool> {
        switch scalar {
        case .bool(let value): .success(value)
        case .integer(0): .success(false)
        case .integer(1): .success(true)
        case .double(let value) where value == 0 || value == 1: .success(value == 1)
        case .string("true"): .success(true)
        case .string("false"): .success(false)
        case .integer, .unsignedInteger, .double, .decimal: .failure(.valueOutOfRange)
        case .string: .failure(.invalidValue)
        case .null: .failure(.typeMismatch)
        }
    }

    var jsonValue: JSONValue { .bool(self) }
}

// MARK: - Integers

/// Integers of every width share one rule: exact or not at all.
protocol ExactInteger: FixedWidthInteger, ScalarConvertible {}

extension ExactInteger {
    /// Integers in range, doubles with no fraction in range, and integer strings (`"225"`).
    ///
    /// JSON booleans are not numbers and never convert.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Self> {
        let converted: Self?
        switch scalar {
        case .integer(let value): converted = Self(exactly: value)
        case .unsignedInteger(let value): converted = Self(exactly: value)
        case .double(let value): converted = value.isFinite ? Self(exactly: value) : nil
        case .decimal(let value): converted = NumberText.isInteger(value.description) ? Self(value.description) : nil
        case .string(let text):
            guard NumberText.isInteger(text) else { return .failure(.invalidValue) }
            converted = Self(text)
        case .bool, .null: return .failure(.typeMismatch)
        }
        return converted.map { .success($0) } ?? .failure(.valueOutOfRange)
    }

    var jsonValue: JSONValue {
        if let value = Int64(exactly: self) { return .integer(value) }
        return UInt64(exactly: self).map { .unsignedInteger($0) } ?? .string(String(self))
    }
}

extension Int: ExactInteger {}
extension Int8: ExactInteger {}
extension Int16: ExactInteger {}
extension Int32: ExactInteger {}
extension Int64: ExactInteger {}
extension UInt: ExactInteger {}
extension UInt8: ExactInteger {}
extension UInt16: ExactInteger {}
extension UInt32: ExactInteger {}
extension UInt64: ExactInteger {}

// MARK: - Floating point and Decimal

extension Double: ScalarConvertible {
    /// Numbers that a `Double` holds exactly (integers up to 2^53), and numeric strings.
    ///
    /// The strings `"NaN"`, `"Infinity"` and `"-Infinity"` are accepted because archives write non-finite
    /// values that way; a number too large for `Double` (`1e400`) is out of range.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Double> {
        switch scalar {
        case .double(let value): return .success(value)
        case .integer(let value): return Double(exactly: value).map { .success($0) } ?? .failure(.valueOutOfRange)
        case .unsignedInteger(let value):
            return Double(exactly: value).map { .success($0) } ?? .failure(.valueOutOfRange)
        case .decimal(let value): return NumberText.double(from: value)
        case .string(let text):
            if let special = NumberText.nonFinite[text] { return .success(special) }
            return NumberText.double(from: text)
        case .bool, .null: return .failure(.typeMismatch)
        }
    }

    var jsonValue: JSONValue { .double(self) }
}

extension Float: ScalarConvertible {
    /// What `Double` accepts, rounded to the nearest `Float`; finite values beyond `Float`'s
    /// range are out of range rather than infinite.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Float> {
        switch Double.converting(scalar) {
        case .success(let value):
            let float = Float(value)
            return value.isFinite && !float.isFinite ? .failure(.valueOutOfRange) : .success(float)
        case .failure(let kind):
            return .failure(kind)
        }
    }

    /// Written as the `Double` with the same shortest text (`0.1`, not `0.10000000149`).
    var jsonValue: JSONValue { .double(Double(description) ?? Double(self)) }
}

extension Decimal: ScalarConvertible {
    /// Numbers and numeric strings, exactly; a double is taken by its shortest text (`9.99`).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Decimal> {
        switch scalar {
        case .decimal(let value): return .success(value)
        case .integer(let value): return .success(Decimal(value))
        case .unsignedInteger(let value): return .success(Decimal(value))
        case .double(let value):
            guard value.isFinite, let decimal = Decimal(string: NumberText.shortest(value)) else {
                return .failure(.valueOutOfRange)
            }
            return .success(decimal)
        case .string(let text):
            guard NumberText.isNumber(text), let decimal = Decimal(string: text, locale: NumberText.posix) else {
                return .failure(.invalidValue)
            }
            return .success(decimal)
        case .bool, .null: return .failure(.typeMismatch)
        }
    }

    var jsonValue: JSONValue { .decimal(self) }
}

// MARK: - Date, URL, UUID, Data

extension Date: ScalarConvertible {
    /// ISO-8601 strings (`2014-08-29T10:12:00Z`, with or without fractional seconds or an
    /// offset) and numbers of seconds since 1970.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Date> {
        switch scalar {
        case .string(let text):
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else { return .failure(.invalidValue) }
            return .success(date)
        case .bool, .null:
            return .failure(.typeMismatch)
        default:
            switch Double.converting(scalar) {
            case .success(let seconds) where seconds.isFinite: return .success(Date(timeIntervalSince1970: seconds))
            case .success: return .failure(.valueOutOfRange)
            case .failure(let kind): return .failure(kind)
            }
        }
    }

    /// Written as seconds since 1970, which reads back exactly.
    var jsonValue: JSONValue {
        let seconds = timeIntervalSince1970
        return Int64(exactly: seconds).map { .integer($0) } ?? .double(seconds)
    }
}

extension URL: ScalarConvertible {
    /// Non-empty strings that `URL(string:)` accepts.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<URL> {
        guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
        guard !text.isEmpty, let url = URL(string: text) else { return .failure(.invalidValue) }
        return .success(url)
    }

    var jsonValue: JSONValue { .string(absoluteString) }
}

extension UUID: ScalarConvertible {
    /// Strings in the `E621E1F8-C36C-495A-93FC-0C247A3E6E5F` form, in either case.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<UUID> {
        guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
        return UUID(uuidString: text).map { .success($0) } ?? .failure(.invalidValue)
    }

    var jsonValue: JSONValue { .string(uuidString) }
}

extension Data: ScalarConvertible {
    /// Base64 strings.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Data> {
        guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
        return Data(base64Encoded: text).map { .success($0) } ?? .failure(.invalidValue)
    }

    var jsonValue: JSONValue { .string(base64EncodedString()) }
}

// MARK: - Number text

/// The textual side of number conversion: JSON's number grammar, and shortest round-trip text.
enum NumberText {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The spellings archives use for values JSON cannot hold.
    static let nonFinite: [String: Double] = ["NaN": .nan, "Infinity": .infinity, "-Infinity": -.infinity]

    /// How archives write a non-finite double, the text ``nonFinite`` reads back.
    static func text(ofNonFinite value: Double) -> String {
        value.isNaN ? "NaN" : value > 0 ? "Infinity" : "-Infinity"
    }

    /// Whether `text` is an integer in JSON's grammar: an optional `-` and digits.
    static func isInteger(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        return !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether `text` is a number in JSON's grammar (`-12.5e3`; no `+`, hex, `inf` or blanks).
    static func isNumber(_ text: String) -> Bool {
        var scanner = text.utf8.makeIterator()
        var state = 0  // 0 sign, 1 int digits, 2 after dot, 3 frac digits, 4 after e, 5 exp sign, 6 exp digits
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while let byte = scanner.next() {
            switch (state, byte) {
            case (0, UInt8(ascii: "-")): state = 7
            case (0, _) where isDigit(byte), (7, _) where isDigit(byte), (1, _) where isDigit(byte): state = 1
            case (1, UInt8(ascii: ".")): state = 2
            case (2, _) where isDigit(byte), (3, _) where isDigit(byte): state = 3
            case (1, UInt8(ascii: "e")), (1, UInt8(ascii: "E")), (3, UInt8(ascii: "e")), (3, UInt8(ascii: "E")):
                state = 4
            case (4, UInt8(ascii: "+")), (4, UInt8(ascii: "-")): state = 5
            case (4, _) where isDigit(byte), (5, _) where isDigit(byte), (6, _) where isDigit(byte): state = 6
            default: return false
            }
        }
        return state == 1 || state == 3 || state == 6
    }

    /// The `Double` nearest a `Decimal` (what Linux `JSONSerialization` hands over for numbers
    /// with many digits), rounded correctly.
    ///
    /// The decimal's integer significand and power of ten are written as text for `Double(_:)`,
    /// which rounds correctly; `Decimal.description` would give the same text at about seven
    /// times the cost, and `NSDecimalNumber.doubleValue` is not correctly rounded.
    static func double(from decimal: Decimal) -> ScalarConversion<Double> {
        guard !decimal.isNaN else { return .failure(.invalidValue) }
        let significand = decimal.significand
        let digits = NSDecimalNumber(decimal: significand).uint64Value
        guard Decimal(digits) == significand else { return double(from: decimal.description) }
        let sign = decimal.sign == .minus ? "-" : ""
        return double(from: "\(sign)\(digits)e\(decimal.exponent)")
    }

    /// A finite `Double` from numeric text; too large for `Double` is out of range.
    static func double(from text: String) -> ScalarConversion<Double> {
        guard isNumber(text), let value = Double(text) else { return .failure(.invalidValue) }
        return value.isFinite ? .success(value) : .failure(.valueOutOfRange)
    }

    /// The shortest text that reads back as `value`; integral values have no `.0`.
    static func shortest(_ value: Double) -> String {
        if let integer = Int64(exactly: value), abs(value) <= 9_007_199_254_740_992 { return String(integer) }
        return value.description
    }
}
