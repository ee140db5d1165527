import Foundation

/// Keeps a JSON array as `[Any]`; when `arrayElementTypes` names a model class for the
/// property, each element is built as that model instead.
final class PassthroughArrayCodec: Codec<[Any]>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only an immutable `let` model codec.
    private let elementModel: ModelCodec<JastorObject>?

    init(elementModel: ModelCodec<JastorObject>? = nil) {
        self.elementModel = elementModel
    }

    override var typeName: String { elementModel.map { "[\($0.typeName)]" } ?? "[Any]" }

    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<[Any]>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.array, source, context: &context) else { return false }
        guard let elementModel else {
            // The Foundation array is built only when it is kept, and only once it is known to fit.
            guard let value = context.untypedValue(of: source) else { return false }
            guard let array = value as? [Any] else {
                recordMismatch(source, context: &context)
                return false
            }
            slot.initialize(to: array)
            return true
        }
        guard !context.isTooDeep() else { return false }
        var models: [Any] = []
        var index = 0  // counted by hand, as in ArrayCodec
        source.forEachElement { element in
            var model: JastorObject?
            _ = context.descend(into: .index(index)) { context in
                model = elementModel.decode(element, context: &context)
                return model != nil
            }
            if let model { models.append(model) }
            index += 1
        }
        slot.initialize(to: models)
        return true
    }

    override func encode(_ value: [Any], context: inout EncodingContext) -> JSONValue {
        guard let elementModel else { return MappingEngine.encodeUntyped(value, context: &context) }
        // Models as elements of the class `arrayElementTypes` names, which reads them back as models.
        guard !context.isTooDeep() else { return context.typedCut(typeName) }
        return .array(
            value.enumerated().map { index, element in
                context.descend(into: .index(index)) { context in
                    guard let model = elementModel.model(in: element) else {
                        // Anything else would read back as a model, or not at all: written as it
                        // is, and reported, so that `jsonData()`, `Codable` and archives refuse it.
                        context.record(
                            .unencodableValue,
                            expected: "\(elementModel.typeName) or a subclass (arrayElementTypes reads every element "
                                + "back as one)",
                            found: FoundationJSON.model(in: element).map { "\(type(of: $0))" }
                                ?? FoundationJSON(raw: element).kind.summary)
                        guard let other = FoundationJSON.model(in: element) else {
                            return MappingEngine.encodeUntyped(element, context: &context)
                        }
                        return MappingEngine.encode(other, declaredType: type(of: other), context: &context)
                    }
                    return elementModel.encode(model, context: &context)
                }
            })
    }

    override func emptiness(_ value: [Any]) -> Emptiness { value.isEmpty ? .emptyCollection : .notEmpty }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<[Any]>? {
        PassthroughArrayCodec(elementModel: ModelCodec(modelType: type))
    }
}
