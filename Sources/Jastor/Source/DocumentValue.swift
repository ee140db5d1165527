import Foundation

/// A position in a ``JSONDocument``: the engine's third source, beside Foundation values and
/// the library's own value tree.
struct DocumentValue: JSONSource {
    let document: JSONDocument
    let index: Int

    var kind: JSONKind {
        let node = document.nodes[index]
        switch node.kind {
        case .null: return .scalar(.null)
        case .true: return .scalar(.bool(true))
        case .false: return .scalar(.bool(false))
        case .integer: return .scalar(.integer(Int64(node.first)))
        case .unsignedInteger: return .scalar(.unsignedInteger(UInt64(UInt(bitPattern: node.first))))
        case .double, .textDouble, .integerLiteral: return .scalar(.number(document.numberLiteral(at: index)))
        case .string, .decodedString: return .scalar(.string(document.string(at: index)))
        case .marked: return .scalar(document.markedValues[node.first])
        case .array: return .array
        case .object: return .object
        }
    }

    /// Whether ``kind`` is `null`, told from the node: an archive's marked values, the only other
    /// node whose kind is a scalar from elsewhere, are never `null` (a `null` marker is a `null` node).
    var isNull: Bool { document.nodes[index].kind == .null }

    /// Whether the value is an array: ``kind`` is `.array`, told without forming the kind.
    var isArray: Bool { document.nodes[index].kind == .array }

    /// The value's `Double` when it is a number with a fraction or an exponent that the reader
    /// found written back as read (finite, not zero, spelled as its `Double` is written: see
    /// ``NumberSpelling``): what ``DocumentNumber/doubleValue`` accepts as it is, read without
    /// forming the kind.
    var plainDouble: Double? {
        let node = document.nodes[index]
        guard node.kind == .double else { return nil }
        return Double(bitPattern: UInt64(UInt(bitPattern: node.first)))
    }

    var object: DocumentObject {
        let isObject = document.nodes[index].kind == .object
        return DocumentObject(document: document, container: index, count: isObject ? document.nodes[index].first : 0)
    }

    var elements: DocumentElements {
        let isArray = document.nodes[index].kind == .array
        return DocumentElements(
            document: document, startIndex: index + 1, endIndex: isArray ? document.nodes[index].second : index + 1,
            count: isArray ? document.nodes[index].first : 0)
    }

    /// The value as Foundation JSON; a number literal as the `Double` that holds it as written,
    /// else an exact `Decimal`, else the nearest `Double` (which the run reports).
    var foundationValue: Any {
        switch kind {
        case .scalar(let scalar): return scalar.jsonValue.foundationValue
        case .object: return object.foundationDictionary
        case .array: return elements.map(\.foundationValue)
        case .unsupported: return NSNull()
        }
    }

    // The codec's and the accessor's non-generic entries, specialised for this source; each
    // reports a string it read that holds U+FFFD in place of text a `String` cannot hold.
    @inline(__always)
    func read<Value>(
        through codec: Codec<Value>, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        let repairs = document.repairCount
        let read = codec.decodeDocument(self, into: slot, context: &context)
        if document.repairCount != repairs { reportRepairs(keeping: repairs, kept: read, context: &context) }
        return read
    }

    @inline(__always)
    func read(
        through accessor: PropertyAccessor, into model: JastorObject, by assignment: Assignment,
        context: inout MappingContext
    ) -> Bool {
        let repairs = document.repairCount
        let read = accessor.decodeDocument(self, into: model, by: assignment, context: &context)
        if document.repairCount != repairs { reportRepairs(keeping: repairs, kept: read, context: &context) }
        return read
    }

    /// Reports, at the current path, that a value read here holds text the input spelled in a way
    /// a Swift `String` cannot hold (invalid UTF-8, a lone surrogate escape such as `\ud800`),
    /// which the value keeps as U+FFFD.
    ///
    /// Each read reports what it made and nothing deeper reads reported, so a string is reported
    /// at the innermost value holding it; a read that kept nothing (`kept` is `false`: a mismatch,
    /// reported as such) reports nothing more. The entry points call this once more at the root,
    /// for strings read outside any value (a kept or reported key).
    ///
    /// A key given more than once in an object read whole here (an untyped value's dictionary) is
    /// reported the same way: the last value is kept.
    @inline(never)
    func reportRepairs(keeping count: Int = 0, kept: Bool = true, context: inout MappingContext) {
        guard document.repairCount != count else { return }
        defer { document.markRepairsReported(keeping: count) }
        guard kept else { return }
        let (repairs, duplicateKeys) = document.unreported(since: count)
        if repairs > 0 { context.recordRepairedText() }
        if !duplicateKeys.isEmpty {
            context.recordDuplicateKeys(duplicateKeys)
        }
    }

    /// This value as Foundation JSON, kept untyped at the current path, or `nil` when it is beyond
    /// the run's limits (``MappingContext/exceedsLimits(untyped:)``): each string in it read
    /// with U+FFFD (a value, or a key of an object in it) is reported at its own path, below the
    /// current one, rather than at the value as a whole (``reportRepairs(keeping:kept:context:)``).
    ///
    /// Of a key given more than once, only the last member is kept, and only its strings are
    /// reported; the duplicate key is reported at the value holding it, as before.
    func untypedValue(context: inout MappingContext) -> Any? {
        // Before the measure, which reads the strings too.
        let mark = document.repairCount
        guard !context.exceedsLimits(untyped: self) else { return nil }
        let value = foundationValue
        if document.repairedStrings(since: mark) != 0 {
            context.withValuesCounted { reportRepairedStrings(context: &$0) }
            document.forgetRepairedStrings(since: mark)
        }
        return value
    }

    /// Records each string read with U+FFFD in this value, at its path (only when there is one).
    @inline(never)
    private func reportRepairedStrings(context: inout MappingContext) {
        switch document.nodes[index].kind {
        case .string, .decodedString:
            if document.isRepairedString(at: index) { context.recordRepairedText() }
        case .array:
            var position = 0
            forEachElement { element in
                _ = context.descend(into: .index(position)) { context in
                    element.reportRepairedStrings(context: &context)
                    return true
                }
                position += 1
            }
        case .object:
            object.forEachKeptMember { key, member in
                _ = context.descend(into: .key(key)) { context in
                    if member.hasRepairedKey { context.recordRepairedText() }
                    member.reportRepairedStrings(context: &context)
                    return true
                }
            }
        default:
            break
        }
    }

    /// Whether this value is an object's member whose key reads with U+FFFD (the key's node is
    /// the one before the value's).
    private var hasRepairedKey: Bool { index > 0 && document.isRepairedString(at: index - 1) }

    /// Records each string read with U+FFFD among the `members` of an object `keepUnmappedKeys` met.
    ///
    /// Each at its path: a key where it was met, and inside a value `kept` (the last kept of its
    /// key), each string as ``untypedValue(context:)`` reports it. The caller then forgets the
    /// repairs counted while it met them.
    static func reportRepairedStrings(
        ofMembers members: [(key: String, value: DocumentValue, kept: Bool)], context: inout MappingContext
    ) {
        var reportedKeys: Set<String> = []
        context.withValuesCounted { context in
            for member in members {
                let reportsKey = member.value.hasRepairedKey && reportedKeys.insert(member.key).inserted
                guard reportsKey || member.kept else { continue }
                _ = context.descend(into: .key(member.key)) { context in
                    if reportsKey { context.recordRepairedText() }
                    if member.kept { member.value.reportRepairedStrings(context: &context) }
                    return true
                }
            }
        }
    }

    func forEachElement(_ body: (DocumentValue) -> Void) {
        for element in elements {
            body(element)
        }
    }
}
