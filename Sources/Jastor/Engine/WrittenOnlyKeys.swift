/// The keys a class's properties write but none reads (an `outputKey:` that differs from the
/// input key, an `.encodeOnly` property's key), for a class that keeps or reports the keys it
/// does not read.
///
/// Mapping does not keep such a key (output writes the property's value there) nor report it as
/// unknown (Jastor's own output holds it). So that its input value is not dropped in silence, it is
/// compared after mapping with what the properties write there, by the rules of `toDictionary()`
/// (text and keys by their bytes, numbers by value, members in any order): equal, as when
/// Jastor's own output is read back, nothing is said; different, it is an `.unknownKey` issue at
/// the key naming the properties. The key itself is reported when the input gives it more than
/// once (its earlier values are compared with nothing) or in another Unicode spelling (output
/// writes the declared one).
struct WrittenOnlyKeys: Sendable {
    /// Each key with the properties that write under it, in declaration order.
    private let keys: [(key: String, writers: [PropertyPlan])]
    /// Whether the class keeps the keys it does not read (else it reports them, and the check
    /// follows the key policy's: not in `update(with:)`, whose input is partial).
    private let keepsUnreadKeys: Bool

    /// The written-only keys of `properties`, or `nil` when there are none or the class neither
    /// keeps nor reports the keys it does not read (it ignores them all, these with them).
    init?(properties: [PropertyPlan], mappedKeys: Set<String>, keepsUnreadKeys: Bool, reportsUnreadKeys: Bool) {
        guard keepsUnreadKeys || reportsUnreadKeys else { return nil }
        var keys: [(key: String, writers: [PropertyPlan])] = []
        for property in properties {
            guard let key = property.outputPath?.first?.objectKey, !mappedKeys.contains(key) else { continue }
            if let index = keys.firstIndex(where: { $0.key == key }) {
                keys[index].writers.append(property)
            } else {
                keys.append((key, [property]))
            }
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
        self.keepsUnreadKeys = keepsUnreadKeys
    }

    /// Reports each written-only key of `members` whose value differs from what `model`'s
    /// properties write there.
    // Out of line: the mapping loop that calls it stays as small as without it.
    @inline(never)
    func check<Members: JSONObjectSource>(
        _ members: Members, of model: JastorObject, context: inout MappingContext
    ) where Members.Member: JSONSource {
        guard keepsUnreadKeys || context.policy.checksKeys else { return }
        for (key, writers) in keys {
            guard let member = members[key] else { continue }
            // Only the last value is compared; an earlier one is read and written by nothing.
            let count = members.count(ofKey: key)
            if count > 1 {
                _ = context.descend(into: .key(key)) { context in
                    context.recordDuplicateKey(count: count)
                    return false
                }
            }
            // Output writes the declared spelling.
            if PropertyPlan.hasOtherSpellings(utf8: key.utf8), let spelling = members.otherSpelling(ofKey: key) {
                context.recordRespelledKey(spelling, of: key, at: [.key(spelling)])
            }
            _ = context.descend(into: .key(key)) { context in
                Self.compare(member, with: writers, at: [.key(key)], in: model, context: &context)
                return false
            }
        }
    }

    /// Records an `.unknownKey` issue, at the context's path, when `member` (the input value at
    /// `path`, which no property reads) differs from what `writers` write there.
    static func compare<Member: JSONSource>(
        _ member: Member, with writers: [PropertyPlan], at path: [JastorPath.Component], in model: JastorObject,
        context: inout MappingContext
    ) {
        let written = value(of: writers, at: path, in: model)
        let read = comparable(member.foundationValue)
        // As written: text and keys by their bytes (`String`'s `==` calls other spellings equal).
        if let written, WrittenBackAsRead.isSame(read, comparable(written.foundationValue)) { return }
        let names = writers.map(\.name).joined(separator: " and ")
        let verb = writers.count == 1 ? "writes" : "write"
        let place = path.count == 1 ? "key" : "key path"
        context.record(
            .unknownKey,
            expected: "what \(names) \(verb) at this \(place), which no property reads: "
                + (written.map { summary(of: comparable($0.foundationValue)) } ?? "nothing"),
            found: summary(of: read))
    }

    /// What `writers` write at `path` of `model`'s `toDictionary()`, or `nil` when all are left
    /// out or nothing is there.
    private static func value(
        of writers: [PropertyPlan], at path: [JastorPath.Component], in model: JastorObject
    ) -> JSONValue? {
        var context = EncodingContext(purpose: .dictionary)
        var object = JSONValue.object(JSONObject())
        var wrote = false
        for property in writers {
            guard let path = property.outputPath else { continue }
            if property.omittedEmptiness != .notEmpty,
                property.accessor.emptiness(in: model) == property.omittedEmptiness
            {
                continue
            }
            object.insert(property.accessor.encode(model, context: &context), at: path[...])
            wrote = true
        }
        guard wrote else { return nil }
        var node = object
        for component in path {
            switch node {
            case .object(let members):
                guard let next = members[component.objectKey] else { return nil }
                node = next
            case .array(let elements):
                guard let index = component.arrayIndex, elements.indices.contains(index) else { return nil }
                node = elements[index]
            default: return nil
            }
        }
        return node
    }

    /// A scalar as issues name it (`String "L"`), a container as its JSON text with sorted keys.
    private static func summary(of value: JSONValue) -> String {
        switch value {
        case .array, .object:
            var writer = JSONWriter(escapesSlashes: false, isPretty: false, sortsKeys: true)
            var context = EncodingContext(purpose: .dictionary)
            writer.writeTree(value, context: &context)
            return String(decoding: writer.bytes, as: UTF8.self)
        default: return value.kind.summary
        }
    }

    /// A value with its objects' members in key order, so that equality ignores member order.
    private static func comparable(_ value: Any) -> JSONValue {
        var context = EncodingContext(purpose: .dictionary)
        return MappingEngine.encodeUntyped(value, context: &context)
    }
}
