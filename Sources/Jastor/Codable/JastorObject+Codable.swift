import Foundation

/// `Codable` for every model, by the JSON mapping rules: the model is written as `toDictionary()`
/// writes it, into the library's JSON tree, which encodes itself; decoding reads the decoder's
/// value into that tree and maps it as `init(validating:)` maps a dictionary (JSON keys, key
/// strategy, transforms; a `$class` key is an ordinary, unmapped key).
enum ArchiveCoding {
    /// Fills `model` from a decoder; any issue becomes a `DecodingError` at its coding path.
    static func decode(_ model: JastorObject, from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var context = MappingContext(input: .dictionary)
        MappingEngine.map(value, into: model, by: .storage, context: &context)
        guard let first = context.issues.first else { return }
        let error = JastorError(issues: context.issues)
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath + first.path.components.map(ArchiveKey.init),
                debugDescription: error.description, underlyingError: error))
    }

    /// The model as `toDictionary()` writes it, as a JSON tree; fails on a cycle.
    static func codableValue(of model: JastorObject) throws(JastorError) -> JSONValue {
        var context = EncodingContext(purpose: .dictionary)
        let value = MappingEngine.encode(model, declaredType: type(of: model), context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        return value
    }
}

// MARK: - Encodable

extension JastorObject: Codable {
    /// Encodes the model as ``toDictionary()`` writes it: JSON keys, key strategy and transforms.
    ///
    /// `Codable` follows the JSON mapping rules in both directions, so a model inside your own
    /// `Codable` response type reads and writes the API's JSON. A `Decimal` is written as a
    /// string so that it reads back exactly. No class is recorded: a subclass in a property
    /// typed as its base class decodes as the base class (or the class its
    /// ``modelClass(for:)`` picks); archive such graphs with ``archive(to:format:)``.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(product)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` when the model holds a value JSON cannot represent
    ///   or a cycle.
    public func encode(to encoder: any Encoder) throws {
        do {
            try ArchiveCoding.codableValue(of: self).encode(to: encoder)
        } catch let error as JastorError {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}

/// A coding key for any JSON key or array index.
struct ArchiveKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(_ component: JastorPath.Component) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(intValue: index)
        }
    }
}

// MARK: - JSONValue: Codable

extension JSONValue: Codable {
    /// Reads any JSON value a decoder holds, refusing nesting deeper than the engine follows.
    init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count <= MappingContext.maximumDepth else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "nested deeper than \(MappingContext.maximumDepth) levels"))
        }
        if let keyed = try? decoder.container(keyedBy: ArchiveKey.self) {
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
        if let value = try? container.decode(Int64.self) {
            // `-0.0` decodes as the integer 0 too; keep its sign.
            if value == 0, let double = try? container.decode(Double.self), double.sign == .minus {
                return .double(double)
            }
            return .integer(value)
        }
        if let value = try? container.decode(UInt64.self) { return .unsignedInteger(value) }
        if let value = try? container.decode(Double.self) { return .double(value) }
        return .string(try container.decode(String.self))
    }

    /// Writes the value; non-finite doubles as `"NaN"`/`"Infinity"`/`"-Infinity"` and decimals
    /// as strings, so that every encoder accepts them and they read back exactly.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let object):
            var container = encoder.container(keyedBy: ArchiveKey.self)
            if let model = object.model, model.differsFromDeclaredType {
                try container.encode(model.className, forKey: ArchiveKey(stringValue: MappingEngine.classMarkerKey))
            }
            for entry in object.entries {
                try container.encode(entry.value, forKey: ArchiveKey(stringValue: entry.key))
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .opaque(let opaque):
            throw EncodingError.invalidValue(
                opaque.value,
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
        String(describing: type(of: encoder)).contains("Plist")
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
            } else {
                try container.encode(value.description)
            }
        case .double, .decimal:
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "\(self) is not a JSON value; archive the model to keep it"))
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(ISO8601Text.string(from: value) ?? value.description)
        case .data(let value): try container.encode(value.base64EncodedString())
        default: try container.encodeNil()
        }
    }
}
