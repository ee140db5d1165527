import Foundation

/// The codec of a closure-pair transform.
final class ClosureCodec<Value>: Codec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s: a name and `@Sendable` closures.
    private let name: String
    private let decodeValue: @Sendable (Any) -> Value?
    private let encodeValue: @Sendable (Value) -> Any

    init(typeName: String, decode: @escaping @Sendable (Any) -> Value?, encode: @escaping @Sendable (Value) -> Any) {
        self.name = typeName
        self.decodeValue = decode
        self.encodeValue = encode
    }

    override var typeName: String { name }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let node = source.kind
        let input: Any
        switch node {
        case .scalar(let scalar): input = scalar.jsonValue.foundationValue
        case .object, .array, .unsupported: input = source.foundationValue
        }
        guard let value = decodeValue(input) else {
            context.record(.invalidValue, expected: name, found: node.summary)
            return false
        }
        slot.initialize(to: value)
        return true
    }

    /// Writes what the transform's `encode` returns, and reports it at the property's path when
    /// the transform's `decode` would not read it back (a value of the wrong type, or not JSON).
    ///
    /// The value is checked as the output's reader hands it over: from JSON text, a `Date` or
    /// `Data` comes back as the ISO-8601 or Base64 string the writer spells it as.
    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        let raw = encodeValue(value)
        let written = MappingEngine.encodeUntyped(raw, transformed: true, context: &context)
        switch written {
        case .opaque:
            // Not a JSON value: the output reports it where it must be JSON.
            break
        default:
            guard context.purpose != .inspection,
                decodeValue(written.readBack(asJSONText: context.purpose == .dictionary)) == nil
            else { break }
            context.record(
                .unencodableValue, expected: "a value the \(name) transform decodes (what its encode returned)",
                found: FoundationJSON(raw: raw).kind.summary)
        }
        return written
    }
}

extension JSONValue {
    /// The value as a transform's `decode` gets it back from the output: Foundation values; from
    /// JSON text (`asJSONText`), dates and data as the text JSON spells them as, and a whole
    /// `Double` as the `Int` its text (`1`, not `1.0`) reads back as.
    fileprivate func readBack(asJSONText: Bool) -> Any {
        guard asJSONText else { return foundationValue }
        switch self {
        case .double(let double) where double == double.rounded() && abs(double) < 1e15 && !double.isZero:
            return Int(double)
        case .double(let double) where double.isZero && double.sign == .plus:
            return 0
        case .date(let date): return ISO8601Text.string(from: date) ?? date.description
        case .data(let data): return data.base64EncodedString()
        case .array(let elements): return elements.map { $0.readBack(asJSONText: true) }
        case .object(let object):
            var dictionary: [String: Any] = [:]
            object.forEachMember { key, value in dictionary[key] = value.readBack(asJSONText: true) }
            return dictionary
        default: return foundationValue
        }
    }
}
