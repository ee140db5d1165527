import Foundation

/// A JSON scalar as the mapper sees it, whatever representation it was read from.
///
/// Integers that fit `Int64` are ``integer(_:)``; only larger non-negative ones are
/// ``unsignedInteger(_:)``, so a twitter id such as `505874924095815681` stays exact. Every
/// other number read from JSON text is a ``number(_:)`` literal, converted from its digits.
enum JSONScalar {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    /// A `Double` handed over as one (Foundation's numbers, archives).
    case double(Double)
    /// A `Float` handed over as one (hand-built dictionaries, `NSNumber(value: Float)`): it converts
    /// as the `Double` of the same value, except where text is made, which is the `Float`'s own
    /// shortest text (`0.1`, not `0.10000000149011612`).
    case float(Float)
    case decimal(Decimal)
    /// A number as written in JSON text.
    case number(DocumentNumber)
    case string(String)
    /// A `Date` object in a Foundation dictionary (property lists hold them) or an archive.
    case date(Date)
    /// A `Data` object in a Foundation dictionary (property lists hold them) or an archive.
    case data(Data)
}

extension JSONScalar {
    /// What was found, for an issue; long strings are cut to keep messages readable.
    var summary: String {
        switch self {
        case .null: "null"
        case .bool(let value): "Bool \(value)"
        case .integer(let value): "Number \(value)"
        case .unsignedInteger(let value): "Number \(value)"
        case .double(let value): "Number \(NumberText.text(value))"
        case .float(let value): "Number \(NumberText.text(value))"
        case .decimal(let value): "Number \(value)"
        case .number(let literal): "Number \(literal.text)"
        case .string(let value):
            MessageText.cut(value, over: 60, keeping: 57).map { "String \($0.prefix.debugDescription)…" }
                ?? "String \(value.debugDescription)"
        case .date(let value): "Date \(ISO8601Text.describing(value))"
        case .data(let value): "Data (\(value.count) bytes)"
        }
    }

    /// Whether converting the scalar can give a non-finite number (a `Double` handed over as one, or
    /// the text `"NaN"`); JSON's number literals cannot.
    var mayBeNonFinite: Bool {
        switch self {
        case .double, .float, .decimal, .string, .date: true
        default: false
        }
    }

    /// Whether the scalar is a number (of any kind), not text or another value.
    var isNumber: Bool {
        switch self {
        case .integer, .unsignedInteger, .double, .float, .decimal, .number: true
        case .null, .bool, .string, .date, .data: false
        }
    }

    /// The scalar as a value of the library's own tree.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .unsignedInteger(let value): .unsignedInteger(value)
        case .double(let value): .double(value)
        case .float(let value): value.jsonValue
        case .decimal(let value): .decimal(value)
        case .number(let literal): literal.untypedValueOrNearest
        case .string(let value): .string(value)
        case .date(let value): .date(value)
        case .data(let value): .data(value)
        }
    }
}
