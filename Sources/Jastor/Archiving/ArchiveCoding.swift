import Foundation

/// `Codable` for every model: the model is written through its plan into the library's JSON
/// tree, which encodes itself; decoding reads that tree back through the same engine, strictly.
enum ArchiveCoding {
    /// Fills `model` from a decoder; any issue becomes a `DecodingError` at its coding path.
    static func decode(_ model: JastorObject, from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        var context = MappingContext(input: .archive)
        MappingEngine.map(value, into: model, by: .storage, context: &context)
        guard let first = context.issues.first else { return }
        let error = JastorError(issues: context.issues)
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath + first.path.components.map(ArchiveKey.init),
                debugDescription: error.description, underlyingError: error))
    }

    /// The model as a JSON tree for an archive; fails if the model holds something JSON cannot.
    static func archiveValue(of model: JastorObject, declaredType: JastorObject.Type) throws(JastorError) -> JSONValue {
        var context = EncodingContext(purpose: .archive)
        let value = MappingEngine.encode(model, declaredType: declaredType, context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        return value
    }
}

// MARK: - Encodable

extension JastorObject: Codable {
    /// Encodes the model's registered properties under their JSON keys.
    ///
    /// Values are written as `toDictionary()` writes them; a `Decimal` is written as a string so
    /// that it reads back exactly, and a nested model whose class differs from its property's
    /// declared class carries a `$class` marker.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(product)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` when the model holds a value JSON cannot represent.
    public func encode(to encoder: any Encoder) throws {
        do {
            try ArchiveCoding.archiveValue(of: self, declaredType: type(of: self)).encode(to: encoder)
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
        if let value = try? container.decode(Int64.self) { return .integer(value) }
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
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(into: &container)
        }
    }

    private func encodeScalar(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .unsignedInteger(let value): try container.encode(value)
        case .double(let value) where value.isFinite: try container.encode(value)
        case .double(let value): try container.encode(NumberText.text(ofNonFinite: value))
        case .decimal(let value): try container.encode(value.description)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        default: try container.encodeNil()
        }
    }
}
