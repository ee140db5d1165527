import Foundation

extension JSONValue: Codable {
    /// Reads any JSON value a decoder holds, refusing nesting deeper than the engine follows.
    init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= MappingContext.maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "nested deeper than \(MappingContext.maximumDepth) levels"))
        }
        if let keyed = try? decoder.container(keyedBy: CodingPathKey.self) {
            var object = JSONObject(capacity: keyed.allKeys.count)
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                object.appendNew(try keyed.decode(JSONValue.self, forKey: key), forKey: key.stringValue)
            }
            self = .object(object)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd {
                elements.append(try unkeyed.decode(JSONValue.self))
            }
            self = .array(elements)
        } else {
            self = try Self.scalar(from: decoder.singleValueContainer())
        }
    }

    private static func scalar(from container: any SingleValueDecodingContainer) throws -> JSONValue {
        if container.decodeNil() { return .null }
        if let value = try? container.decode(Bool.self) { return .bool(value) }
        if isJSONCoder(container), let number = try jsonDecoderNumber(from: container) { return number }
        if let value = try? container.decode(Int64.self) {
            // `-0.0` decodes as the integer 0 too; keep its sign.
            if value == 0, let double = try? container.decode(Double.self), double.sign == .minus {
                return .double(double)
            }
            return .integer(value)
        }
        if let value = try? container.decode(UInt64.self) { return .unsignedInteger(value) }
        if let value = try? container.decode(Double.self) {
            // A decoder with a non-conforming float strategy reads the strings it names (`"NaN"`) as
            // numbers too. The library never encodes a non-finite number (see `encodeScalar`), so
            // such a value was written as a string, and stays one.
            if !value.isFinite, let text = try? container.decode(String.self) { return .string(text) }
            return .double(value)
        }
        return .string(try container.decode(String.self))
    }

    /// The number `JSONDecoder` holds in `container`, as the library's own reader keeps it; `nil`
    /// when the value is not a number.
    ///
    /// Read as a `Decimal`, which keeps every digit up to 38. `JSONDecoder` refuses a number no
    /// `Decimal` holds (`1e-400`, `1e400`, `1e-130`), naming its text, which is then read as the
    /// byte reader reads it: a `String` keeps the text, a `Double` or an untyped value reports
    /// what it cannot hold, as `init(json:)` does (asked for an `Int64`, `JSONDecoder` would read
    /// `1e-400` as 0 in silence).
    private static func jsonDecoderNumber(from container: any SingleValueDecodingContainer) throws -> JSONValue? {
        let value: Decimal
        do {
            value = try container.decode(Decimal.self)
        } catch is DecodingError {
            return nil  // not a number
        } catch {
            guard let text = refusedNumberText(in: error), let literal = DocumentValue.number(text: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: container.codingPath,
                        debugDescription: "a number JSONDecoder cannot read (\(error)); read the JSON with "
                            + "init(json:) to keep it",
                        underlyingError: error))
            }
            return literal
        }
        guard !value.isNaN else { return nil }
        guard NumberText.parts(of: value).digits.count <= exactDecimalDigits else {
            // `JSONDecoder` keeps 38 digits and drops the rest in silence (and its `Double` is
            // only the nearest one): the number may not be what the JSON says.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "a number of more than \(exactDecimalDigits) significant digits, which "
                        + "JSONDecoder may have rounded (to \(value)); read the JSON with init(json:) to keep it"))
        }
        guard let double = try? container.decode(Double.self) else {
            // An integer `Double` does not take (`0e5`): the `Decimal` is exact.
            return number(exactly: value, nearest: Double(value.description) ?? .nan)
        }
        guard let number = number(exactly: value, nearest: double) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "a number JSONDecoder reads as \(value) (Decimal) and \(NumberText.text(double)) "
                        + "(Double); read the JSON with init(json:) to keep it"))
        }
        return number
    }

    /// The text of the number `error` says `JSONDecoder` refused, if it is that error.
    ///
    /// Foundation's `JSONError.numberIsNotRepresentableInSwift(parsed:)` is not public: its one
    /// string is found by reflection, and used only when it is a JSON number.
    private static func refusedNumberText(in error: any Error) -> String? {
        let name = String(reflecting: type(of: error))
        guard name.hasPrefix("Foundation"), name.hasSuffix(".JSONError"),
            let refusal = Mirror(reflecting: error).children.first,
            refusal.label == "numberIsNotRepresentableInSwift"
        else { return nil }
        if let text = refusal.value as? String { return text }
        return Mirror(reflecting: refusal.value).children.first?.value as? String
    }

    /// A number `JSONDecoder` read, from its `Decimal` value: an integer when it is one that fits
    /// (`Int64` decoding rounds `1382793324396960.88` to an integer), the `Double` whose shortest
    /// text it is, else the `Decimal` (`-65.613616999999977`), as the library's own reader keeps
    /// numbers; `nil` when the `Decimal` may not be exact (beyond ``exactDecimalDigits`` digits, or
    /// zero for a number that is not).
    private static func number(exactly value: Decimal, nearest double: Double) -> JSONValue? {
        let parts = NumberText.parts(of: value)
        guard parts.digits.count <= exactDecimalDigits, !parts.isZero || double == 0 else { return nil }
        if let integer = parts.integer(as: Int64.self) {
            // `-0.0` is the integer 0 as a `Decimal`; keep its sign.
            return integer == 0 && double.sign == .minus ? .double(double) : .integer(integer)
        }
        if let integer = parts.integer(as: UInt64.self) { return .unsignedInteger(integer) }
        if let shortest = DecimalParts(numberText: double.description), shortest.sameValue(as: parts) {
            return .double(double)
        }
        // An integer beyond 64 bits that a `Double` is exactly (2^64), whose shortest text is
        // another number (18446744073709552000): its literal, as the byte reader keeps it, so that a
        // `Decimal` reads it exactly and an untyped value holds the `Double`, from bytes and here.
        if parts.isInteger, parts.isExactly(double) { return DocumentValue.number(text: "\(value)") ?? .decimal(value) }
        return .decimal(value)
    }

    /// Writes the value; non-finite doubles as `"NaN"`/`"Infinity"`/`"-Infinity"` and decimals
    /// as strings, so that every encoder accepts them and they read back exactly.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: CodingPathKey.self)
            if let model = object.model, model.differsFromDeclaredType {
                try container.encode(model.className, forKey: CodingPathKey(stringValue: MappingEngine.classMarkerKey))
            }
            for entry in object.entries {
                if entry.key == ArchiveSpelling.null, Self.isPropertyListEncoder(encoder) {
                    // Foundation's decoder then fails on the whole dictionary.
                    throw EncodingError.invalidValue(
                        self,
                        EncodingError.Context(
                            codingPath: encoder.codingPath,
                            debugDescription: "PropertyListEncoder writes the key \"$null\" as nil, "
                                + "which its decoder cannot read; archive the model to keep it"))
                }
                try container.encode(entry.value, forKey: CodingPathKey(stringValue: entry.key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .opaque(let opaque):
            // The value's text, not the value: printing the error would describe the value, which
            // may trap (a struct holding a NaN `Date`).
            throw EncodingError.invalidValue(
                ValueDescription.describing(opaque.value),
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "\(opaque.typeName) is not a JSON value"))
        case .string(ArchiveSpelling.null) where Self.isPropertyListEncoder(encoder):
            // `PropertyListEncoder` spells `nil` as this very string, so it would read back as `nil`.
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "PropertyListEncoder writes the string \"$null\" as it writes nil; "
                        + "archive the model to keep it"))
        case .double(let value) where value == 0 && value.sign == .minus && Self.isPropertyListEncoder(encoder):
            // Foundation's property lists on Linux share one number object for 0.0 and -0.0.
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "PropertyListEncoder does not keep the sign of -0.0; archive the model to keep it"
                ))
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(into: &container)
        }
    }

    /// Whether `encoder` is Foundation's `PropertyListEncoder`, whose spellings lose two values.
    private static func isPropertyListEncoder(_ encoder: any Encoder) -> Bool {
        isFoundationCoder(encoder, named: "Plist")
    }

    /// Whether `coder` (an encoder, a decoder or one of their containers) is one of Foundation's
    /// whose type name holds `fragment` (its types are private, so only their names tell them
    /// apart); the module is checked too, so that another module's `MyJSONDecoder` is not taken
    /// for Foundation's.
    static func isFoundationCoder(_ coder: Any, named fragment: String) -> Bool {
        let name = String(reflecting: type(of: coder))
        return (name.hasPrefix("Foundation.") || name.hasPrefix("FoundationEssentials.")) && name.contains(fragment)
    }

    /// Whether a `Codable` encoder writes `value` as text (see ``encodeScalar(into:)``), which
    /// reads back as a `String` where the value is untyped.
    static func writesAsText(_ value: Decimal, byJSONEncoder: Bool) -> Bool {
        guard !value.isNaN else { return false }
        let parts = NumberText.parts(of: value)
        if let double = Double(value.description), parts.isHeld(by: double),
            double != double.rounded(.towardZero) || abs(double) <= 9_007_199_254_740_992
        {
            return false
        }
        return !(byJSONEncoder && parts.digits.count <= exactDecimalDigits)
    }

    /// The significant digits a `Decimal` read by `JSONDecoder` surely holds exactly: it keeps 38,
    /// rounding longer numbers, so a longer value goes as text.
    private static let exactDecimalDigits = 36

    /// Whether `container` belongs to Foundation's `JSONEncoder` or `JSONDecoder`, which write and
    /// read a `Decimal` as a JSON number with all its digits.
    private static func isJSONCoder(_ container: Any) -> Bool {
        isFoundationCoder(container, named: "JSON")
    }

    /// Writes a scalar as JSON would hold it.
    ///
    /// A `Decimal` is written as the `Double` whose shortest text is its
    /// value (for integers, up to 2^53), else as its exact text in a string (a `Decimal` property reads either exactly); a date
    /// or data kept untyped as ISO-8601 or Base64 text. A value JSON cannot hold (NaN, infinity) is
    /// an error naming its path, never a different value.
    private func encodeScalar(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .double(let value) where value.isFinite: try container.encode(value)
        case .decimal(let value) where !value.isNaN:
            // An integral double beyond 2^53 could read back as a different integer (property-list
            // decoders hand its exact binary value to an `Int64`): such decimals are written as text.
            if let double = Double(value.description), NumberText.parts(of: value).isHeld(by: double),
                double != double.rounded(.towardZero) || abs(double) <= 9_007_199_254_740_992
            {
                try container.encode(double)
            } else if Self.isJSONCoder(container), NumberText.parts(of: value).digits.count <= Self.exactDecimalDigits {
                // A number with every digit, which `JSONDecoder` reads back as this `Decimal`
                // (text would read back as a string where the value is untyped).
                try container.encode(value)
            } else {
                try container.encode(value.description)
            }
        case .double, .decimal:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "\(self) is not a JSON value; archive the model to keep it"))
        case .numberLiteral(let number):
            // Only decoding makes one, and mapping converts it: no model holds it.
            throw EncodingError.invalidValue(
                number.literalText,
                EncodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "the number \(number.literalText), which neither a Double nor a Decimal holds"))
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(ISO8601Text.string(from: value) ?? ISO8601Text.describing(value))
        case .data(let value): try container.encode(value.base64EncodedString())
        default: try container.encodeNil()
        }
    }
}

// MARK: - Numbers no Swift number holds

extension DocumentValue {
    /// The one number of a document read from `text`, as ``JSONValue/numberLiteral(_:)`` holds it
    /// (an integer that fits 64 bits as an integer); `nil` when `text` is not one JSON number.
    static func number(text: String) -> JSONValue? {
        guard let document = try? JSONReader.read(Data(text.utf8)) else { return nil }
        let root = DocumentValue(document: document, index: 0)
        switch root.kind {
        case .scalar(.number): return .numberLiteral(root)
        case .scalar(.integer(let value)): return .integer(value)
        case .scalar(.unsignedInteger(let value)): return .unsignedInteger(value)
        default: return nil
        }
    }

    /// The text of the number at this position (empty for any other value).
    var literalText: String {
        guard case .scalar(.number(let number)) = kind else { return "" }
        return number.text
    }
}
