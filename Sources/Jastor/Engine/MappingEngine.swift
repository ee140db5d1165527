import Foundation

/// The one mapping engine.
///
/// It applies a class plan to a JSON source to fill a model, and reads a model back out through
/// the same plan.
///
/// Every input (`[String: Any]`, archives, `Codable`) and every output (`toDictionary()`, archives,
/// equality, `description`) goes through here.
enum MappingEngine {
    /// The key under which archives record a model's class where it differs from the declared one.
    static let classMarkerKey = "$class"

    // MARK: Reading

    /// Fills `model` from `source`, which must be a JSON object.
    static func map<Source: JSONSource>(_ source: Source, into model: JastorObject, context: inout MappingContext) {
        guard case .object = source.kind else {
            context.record(.typeMismatch, expected: "Object for \(type(of: model))", found: source.kind.summary)
            return
        }
        let members = source.object
        fill(model, from: members, context: &context)
    }

    /// Fills `model` from the members of a JSON object, property by property; a missing key
    /// leaves its property untouched.
    static func fill<Members: JSONObjectSource>(
        _ model: JastorObject, from members: Members, context: inout MappingContext
    ) where Members.Member: JSONSource {
        let plan = PlanCache.shared.plan(for: type(of: model))
        context.recordDeclarationIssues(of: plan)
        let readsNames = context.input == .archive
        for property in plan.properties {
            if !readsNames, case .key(let key)? = property.inputKey {
                guard let member = members[key] else { continue }
                _ = context.descend(into: .key(key)) { context -> Void? in
                    property.accessor.decode(member, into: model, context: &context)
                    return ()
                }
                continue
            }
            guard let path = readsNames ? [.key(property.name)] : property.inputPath,
                let member = member(at: path, in: members)
            else { continue }
            _ = context.descend(into: path) { context -> Void? in
                property.accessor.decode(member, into: model, context: &context)
                return ()
            }
        }
        if !readsNames, let unmapped = plan.unmappedKeys {
            keepUnmappedKeys(of: members, plan: plan, in: unmapped, of: model, context: &context)
        }
    }

    /// Adds the members no property maps to the class's `.unmappedKeys` property, keeping the
    /// ones it already holds (so `update(with:)` adds to them).
    private static func keepUnmappedKeys<Members: JSONObjectSource>(
        of members: Members, plan: ClassPlan, in property: PropertyPlan, of model: JastorObject,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        var kept = property.accessor.value(in: model) as? [String: Any] ?? [:]
        var found = false
        members.forEachMember { key, member in
            guard !plan.mappedKeys.contains(key),
                context.descend(into: .key(key), { $0.isTooDeep(untyped: member) ? nil : () }) != nil
            else { return }
            kept[key] = member.foundationValue
            found = true
        }
        guard found else { return }
        property.accessor.decode(FoundationJSON(raw: kept), into: model, context: &context)
    }

    /// The value at `path` inside an object, or `nil` when a step is missing or of the wrong kind
    /// (each step as ``JSONSource/child(at:)`` takes it).
    static func member<Members: JSONObjectSource>(
        at path: [JastorPath.Component], in members: Members
    ) -> Members.Member? where Members.Member: JSONSource {
        guard let first = path.first, var current = members[first.objectKey] else { return nil }
        for component in path.dropFirst() {
            guard let next = current.child(at: component) else { return nil }
            current = next
        }
        return current
    }

    // MARK: Writing

    /// Writes `model` as a JSON object through its plan.
    ///
    /// - Parameters:
    ///   - model: The model to write.
    ///   - declaredType: The class the reading side will expect here; archives record the
    ///     model's own class when it differs.
    ///   - context: The output run.
    /// - Returns: The model's registered properties as an object tagged with its class.
    static func encode(_ model: JastorObject, declaredType: JastorObject.Type, context: inout EncodingContext)
        -> JSONValue
    {
        guard !context.isTooDeep(), context.beginWriting(model) else { return .null }
        defer { context.endWriting(model) }
        let plan = PlanCache.shared.plan(for: type(of: model))
        let tag = ModelTag(className: plan.className, differsFromDeclaredType: type(of: model) != declaredType)
        let inspecting = context.purpose == .inspection
        var object = JSONObject(model: context.purpose == .dictionary ? nil : tag, capacity: plan.properties.count)
        for property in plan.properties {
            if !inspecting, property.omitsEmptyValue, property.accessor.isEmpty(in: model) { continue }
            guard let path = context.purpose == .dictionary ? property.outputPath : [.key(property.name)] else {
                continue
            }
            let value = context.descend(into: path) { context in property.accessor.encode(model, context: &context) }
            object.insert(value, at: path[...])
        }
        if context.purpose == .dictionary, let unmapped = plan.unmappedKeys,
            case .object(let kept) = unmapped.accessor.encode(model, context: &context)
        {
            kept.forEachMember { key, value in
                if object[key] == nil { object.append(value, forKey: key) }
            }
        }
        return .object(object)
    }

    /// Writes an untyped Foundation value, the contents of a pass-through property.
    ///
    /// Models inside it are written through their plans.
    ///
    /// Values JSON cannot hold are kept as they are, and reported when the output must be real JSON.
    static func encodeUntyped(_ value: Any, context: inout EncodingContext) -> JSONValue {
        if let model = value as? JastorObject {
            return encode(model, declaredType: JastorObject.self, context: &context)
        }
        let source = FoundationJSON(raw: value)
        switch source.kind {
        case .scalar(let scalar):
            return scalar.jsonValue
        case .object:
            let members = source.object
            guard !context.isTooDeep() else { return .null }
            var object = JSONObject(capacity: members.dictionary.count)
            for key in members.dictionary.keys.sorted() {
                guard let member = members.dictionary[key] else { continue }
                object.append(context.descend(into: .key(key)) { encodeUntyped(member, context: &$0) }, forKey: key)
            }
            return .object(object)
        case .array:
            let elements = source.elements
            guard !context.isTooDeep() else { return .null }
            return .array(
                elements.enumerated().map { index, element in
                    context.descend(into: .index(index)) { encodeUntyped(element.raw, context: &$0) }
                })
        case .unsupported(let typeName):
            if context.purpose == .archive {
                context.record(.unencodableValue, expected: "a JSON value", found: typeName)
            }
            return .opaque(OpaqueValue(value: value))
        }
    }
}
