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
            guard let model = ArchivedModel.read(type, from: members, context: &context) else { return false }
            slot.initialize(to: model)
            return true
        }
        let model = type.init()
        MappingEngine.fill(model, from: members, by: .storage, context: &context)
        slot.initialize(to: model)
        return true
    }

    override func encode(_ model: Model, context: inout EncodingContext) -> JSONValue {
        if consultsHook || type(of: model) != modelType { checkClassReadBack(of: model, context: &context) }
        return MappingEngine.encode(model, declaredType: modelType, context: &context)
    }

    override func writeJSON(_ model: Model, to writer: inout JSONWriter, context: inout EncodingContext) {
        if consultsHook || type(of: model) != modelType { checkClassReadBack(of: model, context: &context) }
        MappingEngine.writeJSON(model, to: &writer, context: &context)
    }

    override func foundationValue(_ model: Model, context: inout EncodingContext) -> Any {
        let object = MappingEngine.foundationObject(model, context: &context)
        // The object written is the one the check needs: nothing is written twice.
        if consultsHook || type(of: model) != modelType {
            checkClassReadBack(of: model, written: object, context: &context)
        }
        return object
    }

    /// Reports a model in this slot that JSON would read back as another class.
    ///
    /// JSON records no class: a model reads back as the class `modelClass(for:)` picks from what
    /// it writes, else as the declared class, which drops a subclass's properties. So a subclass is
    /// checked, and so is the declared class itself where it overrides the hook (a base `Event`
    /// whose `type` the hook reads as a `PushEvent`'s). Reported
    /// at the model's path (JSON text, `Codable`, `toDictionary(issues:)`) when that is not the
    /// model's own class; archives record the class.
    ///
    /// The hook is asked about the values as the output reads back: `written`, the model's
    /// dictionary, when the caller has written one (`toDictionary()`, whose values read back as they
    /// are); else the model's JSON text, written apart and read back (JSON text and `Codable`, whose
    /// `Double` `2.0` is written `2` and read back as the `Int` 2), with this check off inside: each
    /// model is checked once where it sits, so the cost stays linear in the graph's size times its
    /// depth, and a cycle ends at its first repeat.
    @inline(never)
    private func checkClassReadBack(of model: Model, written: Any? = nil, context: inout EncodingContext) {
        guard context.purpose == .dictionary, context.checksClassReadBack else { return }
        let chosen: JastorObject.Type
        if let written {
            let object = FoundationObject(dictionary: written as? [String: Any] ?? [:])
            chosen = object.pickedClass(by: { modelType.modelClass(for: $0) }) ?? modelType
        } else {
            chosen = classReadBackFromText(of: model, context: &context)
        }
        guard chosen != type(of: model) else { return }
        context.record(
            .unencodableValue,
            expected: "a model that reads back as its own class (JSON records none: \(typeName).modelClass(for:) "
                + "picks it from its JSON; archives record it)",
            found: "\(type(of: model)), which would read back as \(chosen)")
    }

    /// The class `model`'s JSON text reads back as in this slot.
    ///
    /// The text is written apart and read by the byte reader, so the hook is handed its numbers as
    /// reading hands them (an integer as `Int`, else the nearest `Double`). The text's own issues
    /// are reported where it is written; its values count against the run's value limit, so that
    /// a graph sharing such models is written in time proportional to the limit.
    private func classReadBackFromText(of model: Model, context: inout EncodingContext) -> JastorObject.Type {
        var writer = JSONWriter(escapesSlashes: true)
        var apart = EncodingContext(purpose: .dictionary, limits: context.valueLimitLeft)
        apart.checksClassReadBack = false
        MappingEngine.writeJSON(model, to: &writer, context: &apart)
        context.charge(apart)
        // The writer writes JSON (`null` for a model it cannot write, read as an empty object here).
        guard let document = try? JSONReader.read(Data(writer.bytes)) else {
            return modelType.modelClass(for: FoundationObject(dictionary: [:]).hookView) ?? modelType
        }
        let object = DocumentValue(document: document, index: 0).object
        return object.pickedClass(by: { modelType.modelClass(for: $0) }) ?? modelType
    }

    override func replacingModelType(with type: JastorObject.Type) -> Codec<Model>? {
        (type as? Model.Type).map { ModelCodec(modelType: $0) }
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
        switch context.archive?.resolve(name, declaredAs: modelType) ?? .unknown {
        case .resolved(let resolved):
            if let type = resolved as? Model.Type { return type }
            context.record(.disallowedClass, expected: "\(typeName) or a subclass", found: "class \(name)")
        case .unknown:
            context.record(.disallowedClass, expected: "\(typeName) or a subclass", found: "class \(name)")
        case .ambiguous(let candidates):
            context.record(
                .disallowedClass, expected: "one class named \(name.debugDescription) where \(typeName) is declared",
                found: candidates.joined(separator: ", "))
        }
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
