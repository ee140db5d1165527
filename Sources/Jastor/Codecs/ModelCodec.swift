import Foundation

/// Reads a JSON object into a new instance of a ``JastorObject`` subclass.
///
/// The class built is the property's declared class, or the class `arrayElementTypes` names for
/// it. Only when reading a Jastor archive may a `$class` marker choose a subclass instead, and
/// only a subclass of that class: an archive cannot make Jastor build anything else.
final class ModelCodec<Model: JastorObject>: Codec<Model>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only a `let` metatype, which never changes.
    private let modelType: Model.Type
    /// Whether `modelType` overrides ``JastorObject/modelClass(for:)`` (or cannot be told not to):
    /// when it does not, the hook would pick nothing, so its view of each object is not built.
    private let consultsHook: Bool

    init(modelType: Model.Type = Model.self) {
        self.modelType = modelType
        self.consultsHook = RuntimeLayout.overridesModelClassHook(modelType)
    }

    override var typeName: String { TypeName.short(modelType) }

    /// `value` as a model of the declared class or a subclass, which this codec writes and reads
    /// back; `nil` for anything else.
    func model(in value: Any) -> Model? {
        guard let model = FoundationJSON.model(in: value) as? Model,
            ArchiveClassRegistry.isClass(type(of: model), inheritingFrom: modelType)
        else { return nil }
        return model
    }

    // The byte reader's values: `decode` below, inlined and so compiled for them.
    override func decodeDocument(
        _ source: DocumentValue, into slot: UnsafeMutablePointer<Model>, context: inout MappingContext
    ) -> Bool {
        decode(source, into: slot, context: &context)
    }

    // Always inlined, so that `decodeDocument` above holds a copy compiled for the byte reader's
    // values (a generic class's method is not specialised while the class's own parameters are not).
    @inline(__always)
    override func decode<Source: JSONSource>(
        _ source: Source, into slot: UnsafeMutablePointer<Model>, context: inout MappingContext
    ) -> Bool {
        guard isKind(.object, source, context: &context) else { return false }
        context.recordKeysEqualAsStrings(in: source)
        let members = source.object
        guard !context.isTooDeep(), let type = instantiatedType(for: members, context: &context) else { return false }
        guard !context.policy.readsPropertyNames else {
            // A model the archive wrote whole before: that instance, if it fits here.
            if context.archive?.usesReferences == true,
                let read = readReference(in: members, into: slot, context: &context)
            {
                return read
            }
            // `read` is generic over the object only, so that it is compiled for the byte reader's
            // objects here (over `Model` too, it would not be); it builds `type`, so is a `Model`.
            guard let model = ArchivedModel.read(type, from: members, context: &context) as? Model else {
                return false
            }
            slot.initialize(to: model)
            return true
        }
        let model = type.init()
        MappingEngine.fill(model, from: members, by: .storage, context: &context)
        slot.initialize(to: model)
        return true
    }

    override func encode(_ model: Model, context: inout EncodingContext) -> JSONValue {
        let value = MappingEngine.encode(model, declaredType: modelType, context: &context)
        if consultsHook || type(of: model) != modelType, context.checksModelClasses, case .object(let object) = value {
            // The hook sees the members it asks for as `Codable`'s output reads back, each written
            // as text alone: never the model's whole tree again.
            let chosen = ReadBackObject(object: object).pickedClass(by: { modelType.modelClass(for: $0) })
            record(chosen ?? modelType, for: model, context: &context)
        }
        return value
    }

    override func writeJSON(_ model: Model, to writer: inout JSONWriter, context: inout EncodingContext) {
        let start = writer.bytes.count
        MappingEngine.writeJSON(model, to: &writer, context: &context)
        if consultsHook || type(of: model) != modelType, context.checksModelClasses {
            checkClassReadBack(of: model, text: writer.bytes[start...], context: &context)
        }
    }

    override func foundationValue(_ model: Model, context: inout EncodingContext) -> Any {
        let object = MappingEngine.foundationObject(model, context: &context)
        // The object written is the one the check needs: nothing is written twice.
        if consultsHook || type(of: model) != modelType, context.checksModelClasses,
            let dictionary = object as? [String: Any]
        {
            let object = FoundationObject(dictionary: dictionary)
            record(
                object.pickedClass(by: { modelType.modelClass(for: $0) }) ?? modelType, for: model, context: &context)
        }
        return object
    }

    /// Reports a model in this slot that JSON would read back as another class.
    ///
    /// JSON records no class: a model reads back as the class `modelClass(for:)` picks from what
    /// it writes, else as the declared class, which drops a subclass's properties. So a subclass is
    /// checked, and so is the declared class itself where it overrides the hook (a base `Event`
    /// whose `type` the hook reads as a `PushEvent`'s). Reported at the model's path (JSON text,
    /// `Codable`, `toDictionary(issues:)`) when that is not the model's own class; archives record
    /// the class.
    ///
    /// The hook is asked about the values as the output reads back, from what the run has just
    /// written for the model, never from a second writing of it: the model's dictionary
    /// (`toDictionary()`, whose values read back as they are), or its JSON text read back by the
    /// byte reader (JSON text, whose `Double` `2.0` is written `2` and read back as the `Int` 2).
    /// So nothing is counted twice against the value limit, and the cost is the graph's written
    /// size times its depth (each model's text, `text`, is read once where it sits). `Codable`
    /// (``encode(_:context:)``) asks the hook from the tree it built, each member the hook reads
    /// written alone and read back (``ReadBackObject``): the cost is what the hook reads.
    @inline(never)
    private func checkClassReadBack(of model: Model, text: ArraySlice<UInt8>, context: inout EncodingContext) {
        // `null` where the run did not write the model (a cycle, the nesting or value limit), which
        // it has reported: there is nothing to read back.
        guard let document = try? JSONReader.read(Data(text)),
            case .object = DocumentValue(document: document, index: 0).kind
        else { return }
        let object = DocumentValue(document: document, index: 0).object
        record(object.pickedClass(by: { modelType.modelClass(for: $0) }) ?? modelType, for: model, context: &context)
    }

    /// Records, at the model's path, that `model` would read back as `chosen`, unless that is its class.
    private func record(_ chosen: JastorObject.Type, for model: Model, context: inout EncodingContext) {
        guard chosen != type(of: model) else { return }
        context.record(
            .unencodableValue,
            expected: "a model that reads back as its own class (JSON records none: \(typeName).modelClass(for:) "
                + "picks it from its JSON; archives record it)",
            found: "\(type(of: model)), which would read back as \(chosen)")
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<Model>? {
        (type as? Model.Type).map { ModelCodec(modelType: $0) }
    }

    /// Reads into `slot` the model `members` refers to, if it is a reference of a version-3
    /// archive (``ArchiveIdentities``): the shared model of its number, if it fits here; `nil`
    /// when `members` is no reference, else whether `slot` now holds the model.
    ///
    /// Kept out of line, and writing the slot itself, so that the frame of reading a model (one
    /// per nesting level) does not grow.
    @inline(never)
    private func readReference<Members: JSONObjectSource>(
        in members: Members, into slot: UnsafeMutablePointer<Model>, context: inout MappingContext
    ) -> Bool? where Members.Member: JSONSource {
        guard let reference = members[ArchiveIdentities.referenceMarker] else { return nil }
        guard
            let model = ArchivedModel.model(
                referencedBy: reference, in: members, declaredAs: modelType, context: &context)
        else { return false }
        guard let fitting = self.model(in: model) else {
            context.record(
                .disallowedClass, expected: "\(typeName) or a subclass",
                found: "a reference (\(ArchiveIdentities.referenceMarker)) to a \(type(of: model))")
            return false
        }
        slot.initialize(to: fitting)
        return true
    }

    /// The declared class; the subclass the declared class's `modelClass(for:)` picks; or in an
    /// archive, the subclass its `$class` marker names.
    private func instantiatedType<Members: JSONObjectSource>(
        for members: Members, context: inout MappingContext
    ) -> Model.Type? where Members.Member: JSONSource {
        guard context.policy.followsClassMarkers else { return chosenType(for: members, context: &context) }
        return markedType(for: members, context: &context)
    }

    /// The class an archive's `$class` marker names, if it is the declared class or a subclass.
    ///
    /// The name is resolved among the classes archives may name here (see
    /// ``ArchiveClassRegistry``); nothing is planned or instantiated before the class is known to
    /// fit. Kept out of line: its `Member?` would make every model read look up `Optional`'s
    /// metadata.
    @inline(never)
    private func markedType<Members: JSONObjectSource>(
        for members: Members, context: inout MappingContext
    ) -> Model.Type? where Members.Member: JSONSource {
        guard let marker = members[MappingEngine.classMarkerKey] else { return modelType }
        guard case .scalar(.string(let name)) = marker.kind else {
            context.record(
                .disallowedClass, expected: "a class name in \(MappingEngine.classMarkerKey)",
                found: marker.kind.summary)
            return nil
        }
        guard let resolved = ArchivedModel.markedClass(name, declaredAs: modelType, named: typeName, context: &context)
        else { return nil }
        if let type = resolved as? Model.Type { return type }
        context.record(.disallowedClass, expected: "\(typeName) or a subclass", found: "class \(name)")
        return nil
    }

    /// The class the declared class's polymorphism hook picks, if it is a subclass.
    private func chosenType<Members: JSONObjectSource>(for members: Members, context: inout MappingContext)
        -> Model.Type
    {
        guard consultsHook, let chosen = members.pickedClass(by: { modelType.modelClass(for: $0) }),
            chosen != modelType
        else {
            return modelType
        }
        guard let type = chosen as? Model.Type, ArchiveClassRegistry.isClass(type, inheritingFrom: modelType) else {
            context.record(
                .disallowedClass, expected: "\(typeName) or a subclass from \(typeName).modelClass(for:)",
                found: "\(chosen)")
            return modelType
        }
        return type
    }
}

extension JastorObject: JastorValue {}

extension JastorObject: CodecSupplying {
    /// Reads a JSON object into a new instance of the class it is called on.
    static var suppliedCodec: AnyCodec { ModelCodec<Self>() }
}
