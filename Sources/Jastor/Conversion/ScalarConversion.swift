import Foundation

// The conversion table: every rule by which a JSON scalar becomes a Swift value and a Swift value
// becomes JSON again lives in this file. The rules are lossless: a value that would change on the
// way (a fraction into `Int`, `300` into `UInt8`, `2^53 + 1` into `Double`) is a mismatch, never
// a rounded or wrapped value.

/// The result of converting one JSON scalar.
enum ScalarConversion<Value> {
    case success(Value)
    /// The value the scalar reads as, which is written back as another JSON value (an ISO-8601
    /// time with more fractional digits than a `Date` holds, a `.date(format:)` text the format
    /// writes otherwise): kept, and reported at its path.
    case rewritten(Value)
    case failure(JastorIssue.Kind)

    /// The converted value transformed, or the same failure.
    func map<Other>(_ transform: (Value) -> Other) -> ScalarConversion<Other> {
        switch self {
        case .success(let value): .success(transform(value))
        case .rewritten(let value): .rewritten(transform(value))
        case .failure(let kind): .failure(kind)
        }
    }

    /// A value read from a numeric string, kept and reported when the text it is written back as
    /// is not that string (`"007"` into an `Int` is written `7`, `"19.90"` into a `Double` `19.9`).
    @inline(__always)
    func spelled(as text: String, writtenAs written: (Value) -> String) -> ScalarConversion<Value> {
        guard case .success(let value) = self, written(value) != text else { return self }
        return .rewritten(value)
    }
}

/// The issue of a number kept as read but written back otherwise: a literal with more digits than
/// the type holds (`0.1234567890123456789` into a `Double`), or a numeric string spelled otherwise
/// than its number is written (`"007"` into an `Int`): `count: expected Int written back as read,
/// found String "007" (kept as the number it spells, written 7)`.
func rewrittenNumber(_ typeName: String, kept: String) -> Rewritten {
    Rewritten(kind: .valueOutOfRange, expected: "\(typeName) written back as read", kept: kept)
}

/// A Swift scalar type with a row in the conversion table.
protocol ScalarConvertible: JastorValue, CodecSupplying, SendableMetatype {
    /// Converts a JSON scalar, losslessly or not at all.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Self>
    /// The value as JSON.
    var jsonValue: JSONValue { get }
    /// Writes the value as JSON text: the text of ``jsonValue``.
    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext)
    /// The value as `toDictionary()` holds it: ``jsonValue``'s Foundation value.
    var foundationValue: Any { get }
}

extension ScalarConvertible {
    /// Every scalar type maps through its row of this table.
    static var suppliedCodec: AnyCodec {
        // Closures, not the key path `\.jsonValue`: a key path called as a function reads through
        // the runtime's generic key-path projection on every value.
        ScalarCodec(
            typeName: TypeName.short(Self.self), decode: { Self.converting($0) }, encode: { $0.jsonValue },
            direct: outputRules)
    }

    /// The direct output of this row, formed here where `Self` is known.
    @inline(__always)
    static var outputRules: ScalarOutput<Self> {
        ScalarOutput(
            write: { value, writer, context in value.writeJSON(to: &writer, context: &context) },
            foundationValue: { $0.foundationValue })
    }

    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeTree(jsonValue, context: &context)
    }

    var foundationValue: Any { jsonValue.foundationValue }
}

// MARK: - String

extension String: ScalarConvertible {
    /// Strings as they are; numbers as the text they were written with (`1.50` → `"1.50"`), or,
    /// for numbers handed over as values, their exact decimal text (`94015` → `"94015"`).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<String> {
        switch scalar {
        case .string(let value): .success(value)
        case .integer(let value): .success(String(value))
        case .unsignedInteger(let value): .success(String(value))
        case .number(let literal): .success(literal.text)
        case .double(let value) where value.isFinite: .success(NumberText.text(value))
        case .float(let value) where value.isFinite: .success(NumberText.text(value))
        case .decimal(let value) where !value.isNaN: .success(value.description)
        case .double, .float, .decimal: .failure(.valueOutOfRange)
        case .null, .bool, .date, .data: .failure(.typeMismatch)
        }
    }

    /// A string of the byte reader's document is taken as it is, without forming its kind.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "String", decode: { converting($0) }, encode: { $0.jsonValue }, direct: outputRules,
            documentValue: { $0.plainString })
    }

    var jsonValue: JSONValue { .string(self) }

    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeString(self)
    }

    var foundationValue: Any { self }
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
        case .float(let value) where value == 0 || value == 1: .success(value == 1)
        case .number(let number): zeroOrOne(number.literal.parts)
        case .decimal(let value): value.isNaN ? .failure(.valueOutOfRange) : zeroOrOne(NumberText.parts(of: value))
        case .string("true"): .success(true)
        case .string("false"): .success(false)
        case .integer, .unsignedInteger, .double, .float: .failure(.valueOutOfRange)
        case .string: .failure(.invalidValue)
        case .null, .date, .data: .failure(.typeMismatch)
        }
    }

    private static func zeroOrOne(_ parts: DecimalParts) -> ScalarConversion<Bool> {
        switch parts.integer(as: UInt8.self) {
        case 0: .success(false)
        case 1: .success(true)
        default: .failure(.valueOutOfRange)
        }
    }

    /// `true` and `false` of the byte reader's document are taken without forming their kind.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "Bool", decode: { converting($0) }, encode: { $0.jsonValue }, direct: outputRules,
            documentValue: { $0.plainBool })
    }

    var jsonValue: JSONValue { .bool(self) }

    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext) {
        writer.writeBool(self)
    }

    var foundationValue: Any { self }
}

// MARK: - Integers

/// Integers of every width share one rule: exact or not at all.
protocol ExactInteger: FixedWidthInteger, ScalarConvertible {}

extension ExactInteger {
    /// Numbers and numeric strings whose value is an integer in range, exactly (`1.0`, `1e2` and
    /// `"225"` are integers; `1.5` and `1.000000000000000005` are not, and are never truncated).
    ///
    /// JSON booleans are not numbers and never convert.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Self> {
        let converted: Self?
        switch scalar {
        case .integer(let value): converted = Self(exactly: value)
        case .unsignedInteger(let value): converted = Self(exactly: value)
        case .double(let value): converted = value.isFinite ? Self(exactly: value) : nil
        case .float(let value): converted = value.isFinite ? Self(exactly: value) : nil
        case .number(let number): return number.literal.integer(as: Self.self)
        case .decimal(let value): converted = value.isNaN ? nil : NumberText.parts(of: value).integer(as: Self.self)
        case .string(let text):
            guard NumberText.isNumber(text) else { return .failure(.invalidValue) }
            return NumberLiteral(text: text).integer(as: Self.self).spelled(as: text) { String($0) }
        case .bool, .null, .date, .data: return .failure(.typeMismatch)
        }
        return converted.map { .success($0) } ?? .failure(.valueOutOfRange)
    }

    /// An integer of the byte reader's document that fits is taken without forming its kind.
    static var suppliedCodec: AnyCodec {
        let name = TypeName.short(Self.self)
        return ScalarCodec(
            typeName: name, decode: { converting($0) }, encode: { $0.jsonValue },
            direct: outputRules, documentValue: { $0.plainInteger.flatMap { Self(exactly: $0) } },
            rewritten: rewrittenNumber(name, kept: "the number it spells"))
    }

    var jsonValue: JSONValue {
        if let value = Int64(exactly: self) { return .integer(value) }
        return UInt64(exactly: self).map { .unsignedInteger($0) } ?? .string(String(self))
    }

    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext) {
        if let value = Int64(exactly: self) { return writer.writeInteger(value) }
        if let value = UInt64(exactly: self) { return writer.writeInteger(value) }
        writer.writeString(String(self))
    }

    var foundationValue: Any {
        // As `JSONValue.foundationValue` holds `.integer` and `.unsignedInteger`.
        if let value = Int64(exactly: self) { return Int(value) }
        if let value = UInt64(exactly: self) { return value }
        return String(self)
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
    /// Numbers and numeric strings, by one rule: an integer must be one whose `Double` is written as
    /// that integer (`9007199254740993` is refused, as text or as a number: its `Double` is
    /// `9007199254740992`); a number with a fraction or exponent reads as the nearest `Double`, unless
    /// it is beyond `Double`'s range or so small that it would read as zero.
    ///
    /// Mapping refuses non-finite values, which JSON cannot hold; only archives bring them back.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Double> {
        switch scalar {
        case .double(let value): return .success(value)
        // Every `Float` is a `Double`, exactly (`Float(0.1)` is 0.100000001490116119384765625).
        case .float(let value): return .success(Double(value))
        case .integer(let value): return NumberLiteral.double(ofInteger: value)
        case .unsignedInteger(let value): return NumberLiteral.double(ofInteger: value)
        case .number(let literal): return literal.doubleValue
        case .decimal(let value):
            // A decimal with no power of ten is an integer literal's (Linux `JSONSerialization` hands
            // integers beyond 64 bits over so): it must be exact, as the literal must.
            // `Decimal` drops trailing zeros into the exponent (`167772170` has exponent 1).
            guard value.exponent >= 0, !value.isNaN else { return NumberText.double(from: value) }
            return NumberLiteral(text: value.description).doubleValue
        case .string(let text):
            if let special = NumberText.nonFinite[text] { return .success(special) }
            guard NumberText.isNumber(text) else { return .failure(.invalidValue) }
            return NumberLiteral(text: text).doubleValue.spelled(as: text) { NumberText.text($0) }
        case .bool, .null, .date, .data: return .failure(.typeMismatch)
        }
    }

    /// Non-finite values are refused outside archives.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "Double", decode: { converting($0) }, encode: { $0.jsonValue }, isNonFinite: { !$0.isFinite },
            direct: outputRules, documentValue: { $0.plainDouble },
            rewritten: rewrittenNumber("Double", kept: "the nearest Double"))
    }

    var jsonValue: JSONValue { .double(self) }

    func writeJSON(to writer: inout JSONWriter, context: inout EncodingContext) {
        guard isFinite else { return writer.writeTree(jsonValue, context: &context) }
        writer.writeDouble(self, keepsFraction: false)
    }

    var foundationValue: Any { self }
}

extension Float: ScalarConvertible {
    /// What `Double` accepts, by the same rule, to the nearest `Float`: an integer must be exact
    /// in `Float` (`16777217` is refused); values beyond `Float`'s range are out of range.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Float> {
        switch scalar {
        case .float(let value): return .success(value)
        case .number(let number): return number.literal.floatValue
        case .integer(let value): return NumberLiteral.float(ofInteger: value)
        case .unsignedInteger(let value): return NumberLiteral.float(ofInteger: value)
        case .string(let text) where NumberText.isNumber(text):
            return NumberLiteral(text: text).floatValue.spelled(as: text) { NumberText.text($0) }
        // A decimal (Linux `JSONSerialization` hands long numbers over so) is read as its literal.
        case .decimal(let value) where !value.isNaN:
            return NumberLiteral(text: value.description).floatValue
        default: break
        }
        switch Double.converting(scalar) {
        case .success(let value):
            let float = Float(value)
            // Beyond `Float`'s range, or so small that it would read as zero, as with text.
            let isLost = value.isFinite && (!float.isFinite || (float == 0 && value != 0))
            if isLost { return .failure(.valueOutOfRange) }
            // A `Double` handed over as one: kept quietly when it is the `Double` the `Float` is
            // written as (`0.1`, `jsonValue`), or its text is the `Float`'s 9-digit text; one with more
            // digits (`0.123456789`, or `0.10000000149011612`, the `Float` 0.1 exactly) is reported.
            guard value.isFinite, value != 0, Double(float.description) != value,
                let parts = DecimalParts(numberText: value.description)
            else { return .success(float) }
            return NumberSpelling.isWrittenBack(parts, as: float) ? .success(float) : .rewritten(float)
        case .failure(let kind):
            return .failure(kind)
        case .rewritten(let value):
            // A number `Double` keeps as its nearest: `Float` holds it no more exactly.
            let float = Float(value)
            return float.isFinite && float != 0 ? .rewritten(float) : .failure(.valueOutOfRange)
        }
    }

    /// Non-finite values are refused outside archives.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "Float", decode: { converting($0) }, encode: { $0.jsonValue }, isNonFinite: { !$0.isFinite },
            direct: outputRules, rewritten: rewrittenNumber("Float", kept: "the nearest Float"))
    }

    /// Written as the `Double` with the same shortest text (`0.1`, not `0.10000000149`).
    var jsonValue: JSONValue { .double(Double(description) ?? Double(self)) }
}

extension Decimal: ScalarConvertible {
    /// Numbers and numeric strings, exactly (38 significant digits, 39 below 2^128, powers of ten
    /// from -128 to 127), or out of range; a `Double` or `Float` handed over as one is taken by its
    /// own shortest text (`9.99`; `Float(0.1)` is `0.1`).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Decimal> {
        switch scalar {
        case .decimal(let value): return .success(value)
        case .integer(let value): return .success(Decimal(value))
        case .unsignedInteger(let value): return .success(Decimal(value))
        case .number(let number): return number.literal.decimalValue
        case .double(let value):
            guard value.isFinite, let decimal = DecimalParts(numberText: value.description)?.decimal else {
                return .failure(.valueOutOfRange)
            }
            return .success(decimal)
        case .float(let value):
            // By the `Float`'s own shortest text, as a `Double` is by its own (`0.1`, not `0.100000001`).
            guard value.isFinite, let decimal = DecimalParts(numberText: value.description)?.decimal else {
                return .failure(.valueOutOfRange)
            }
            return .success(decimal)
        case .string(let text):
            guard NumberText.isNumber(text) else { return .failure(.invalidValue) }
            return NumberLiteral(text: text).decimalValue.spelled(as: text) { $0.description }
        case .bool, .null, .date, .data: return .failure(.typeMismatch)
        }
    }

    /// Its NaN (`Decimal.nan`, `NSDecimalNumber.notANumber`) is refused outside archives, as a
    /// `Double`'s is: JSON has no NaN.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "Decimal", decode: { converting($0) }, encode: { $0.jsonValue }, isNonFinite: { $0.isNaN },
            direct: outputRules, rewritten: rewrittenNumber("Decimal", kept: "the number it spells"))
    }

    var jsonValue: JSONValue { .decimal(self) }
}

// MARK: - Date, URL, UUID, Data

extension Date: ScalarConvertible {
    /// ISO-8601 date-times (`2014-08-29T10:12:00Z`, with any number of fractional digits and any
    /// offset; impossible dates such as `2014-02-30` refused), numbers of seconds since 1970, and
    /// `Date` objects (in property-list dictionaries).
    ///
    /// A time that the nearest `Date` is not written back as (more fractional digits than a `Date`
    /// holds: `…00.123456789Z`) is kept as that `Date` and reported (``rewrittenTime``).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Date> {
        switch scalar {
        case .string(let text):
            guard let reading = ISO8601Text.read(text) else { return .failure(.invalidValue) }
            // More fractional digits than a `Date` holds, or a second it cannot tell: the nearest.
            return reading.isExact ? .success(reading.date) : .rewritten(reading.date)
        case .date(let date):
            return .success(date)
        case .bool, .null, .data:
            return .failure(.typeMismatch)
        default:
            // A non-finite number of seconds is a `Date` too (its codec refuses it outside archives,
            // which write and read it back). A number the `Date` does not hold (its `Double` does
            // not, or the seconds since 2001 a `Date` keeps round it) is kept as the nearest `Date`.
            switch Double.converting(scalar) {
            case .success(let seconds):
                let date = Date(timeIntervalSince1970: seconds)
                return !seconds.isFinite || date.timeIntervalSince1970 == seconds ? .success(date) : .rewritten(date)
            case .rewritten(let seconds): return .rewritten(Date(timeIntervalSince1970: seconds))
            case .failure(let kind): return .failure(kind)
            }
        }
    }

    /// The built-in rule, which a class's ``JastorObject/dateTransform`` replaces.
    static var suppliedCodec: AnyCodec {
        ScalarCodec(
            typeName: "Date", decode: { converting($0) }, encode: { $0.jsonValue }, isNonFinite: { !$0.isFinite },
            isBuiltIn: true, direct: outputRules, documentValue: { $0.plainDate }, rewritten: rewrittenTime)
    }

    /// The issue of an ISO-8601 time that the nearest `Date`, which is kept, is not written back as.
    static let rewrittenTime = Rewritten(
        kind: .valueOutOfRange, expected: "a date-time that a Date holds exactly", kept: "the nearest Date")

    /// Written as ISO-8601 in UTC, with as many fractional digits as it takes to read back the same
    /// `Date` (`2014-08-29T10:12:00Z`, `2014-08-29T10:12:00.25Z`), years beyond 0–9999 in the
    /// expanded form (`+12345-…`).
    var jsonValue: JSONValue {
        if let text = ISO8601Text.string(from: self) { return .string(text) }
        return .double(timeIntervalSince1970)
    }

    /// Whether the date is a finite number of seconds: JSON cannot hold one that is not (NaN or an
    /// infinity), so only archives keep it.
    var isFinite: Bool { timeIntervalSinceReferenceDate.isFinite }
}

extension URL: ScalarConvertible {
    /// Non-empty strings that `URL(string:)` accepts as they are: one it would percent-encode
    /// first (`a b`, which newer Foundations take as `a%20b` and older ones refuse) is refused, so
    /// that the URL writes back the text it was read from, on every platform.
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<URL> {
        guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
        guard !text.isEmpty, let url = URL(string: text, encodingInvalidCharacters: false) else {
            return .failure(.invalidValue)
        }
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
    /// Base64 strings, and `Data` objects (in property-list dictionaries).
    static func converting(_ scalar: JSONScalar) -> ScalarConversion<Data> {
        if case .data(let data) = scalar { return .success(data) }
        guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
        return Data(base64Encoded: text).map { .success($0) } ?? .failure(.invalidValue)
    }

    var jsonValue: JSONValue { .string(base64EncodedString()) }
}

// MARK: - The byte reader's plain values

extension DocumentValue {
    // What the rows above accept as it is, read from the document's node without forming a
    // ``JSONKind`` (`nil` for anything else, which goes through the row): each must give exactly
    // the value `converting(kind)` succeeds with.

    /// The value of an integer node that `Int64` holds (``JSONKind`` `.integer`).
    var plainInteger: Int64? {
        let node = document.nodes[index]
        return node.kind == .integer ? Int64(node.first) : nil
    }

    /// The value of a `true` or `false` node.
    var plainBool: Bool? {
        switch document.nodes[index].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The `Date` of a string node left in the input that holds an ISO-8601 date-time written back
    /// as read, read from the input's bytes with no `String` built for it; `nil` for anything else
    /// (escaped text, another kind, a time the `Date` rounds), which ``Date/converting(_:)`` reads
    /// and reports as it reads every value.
    var plainDate: Date? {
        guard document.nodes[index].kind == .string else { return nil }
        guard let reading = document.withStringBytes(at: index, { ISO8601Text.read(utf8: $0) }), reading.isExact else {
            return nil
        }
        return reading.date
    }

    /// The text of a string node, built (and counted if repaired) as ``kind`` builds it.
    var plainString: String? {
        let kind = document.nodes[index].kind
        return kind == .string || kind == .decodedString ? document.string(at: index) : nil
    }
}
