/// Where a property's key path leads inside a JSON object: to a value, to nothing, or to a step
/// holding a value that cannot hold the next one.
///
/// A step is missing (nothing to read, as a missing key) when the object lacks its key, an array
/// its index, or the value there is `null`. It is mistyped when the value there is not the
/// container the step names (a key names an object's member, an index an array's element, as
/// output writes them): `address.city` over `{"address": "Daly City"}`, or `years.2024` over
/// `{"years": {"2024": 5}}`, reads nothing, and that is reported at the step
/// (``KeyPathStepReports``), never dropped in silence.
enum KeyPathLookup<Member: JSONSource> {
    case found(Member)
    case missing
    /// The value at `path[..<depth]` cannot hold `path[depth]`; `found` is what it is.
    case mistyped(depth: Int, found: JSONKind)

    /// Follows `path` from `members`, each step as ``JSONSource/member(at:)`` takes it.
    @inline(__always)
    init<Members: JSONObjectSource>(_ path: [JastorPath.Component], in members: Members)
    where Members.Member == Member {
        guard let first = path.first, var current = members[first.objectKey] else {
            self = .missing
            return
        }
        var depth = 1
        while depth < path.count {
            guard let next = current.member(at: path[depth]) else {
                self = Self.stop(at: current, before: path[depth], depth: depth)
                return
            }
            current = next
            depth += 1
        }
        self = .found(current)
    }

    /// Why `value` has no child at `component`: missing (an object without the key, an array
    /// without the index, `null`) or mistyped (any other value).
    @inline(never)
    private static func stop(at value: Member, before component: JastorPath.Component, depth: Int) -> Self {
        switch (value.kind, component) {
        case (.scalar(.null), _), (.object, .key), (.array, .index):
            return .missing
        case (let kind, _):
            return .mistyped(depth: depth, found: kind)
        }
    }
}

/// The key-path steps one model's mapping has reported, so that a step several key paths go
/// through (`address` of `address.city` and `address.zip`) is reported once: a step holding a
/// value that cannot hold the next one, a step whose key the object gives more than once, and a
/// step whose key it gives in another Unicode spelling.
struct KeyPathStepReports {
    private var mistyped: [ArraySlice<JastorPath.Component>] = []
    private var repeated: [ArraySlice<JastorPath.Component>] = []
    private var respelled: [ArraySlice<JastorPath.Component>] = []

    /// Records, at the step's path, that the value at `path[..<depth]` cannot hold `path[depth]`,
    /// unless that step was already reported:
    /// `address: expected an object holding "city" (key path address.city), found String "Daly City"`;
    /// an index step over an object says how to name the key of its digits: `years: expected an
    /// array holding element 2024 (key path years[2024]; for the key "2024" write years["2024"]),
    /// found Object`.
    mutating func recordMistyped(
        _ path: [JastorPath.Component], depth: Int, found: JSONKind, context: inout MappingContext
    ) {
        let step = path[..<depth]
        guard !mistyped.contains(step) else { return }
        mistyped.append(step)
        let expected =
            switch (path[depth], found) {
            case (.key(let key), _): "an object holding \"\(key)\" (key path \(JastorPath(path)))"
            case (.index(let index), .object):
                // Output writes an index step as an array: the key of those digits is quoted.
                "an array holding element \(index) (key path \(JastorPath(path)); for the key \"\(index)\" write "
                    + "\(JastorPath(path[..<depth] + [.key(String(index))] + path[(depth + 1)...])))"
            case (.index(let index), _): "an array holding element \(index) (key path \(JastorPath(path)))"
            }
        _ = context.descend(into: Array(step)) { context in
            context.record(.typeMismatch, expected: expected, found: found.summary)
            return false
        }
    }

    /// Records each step of `path` whose key its object gives more than once (the last value is
    /// the one followed), at the step's path, unless that step was already reported:
    /// `address: expected one value for the key, found 2 (the last is kept)`.
    ///
    /// Only JSON text repeats keys (``JSONObjectSource/mayRepeatKeys``). The first step is left out
    /// when `table` holds its key: a property reading that key reports it where the model's keys
    /// are read.
    mutating func recordRepeated<Members: JSONObjectSource>(
        along path: [JastorPath.Component], in members: Members, skippingKeysOf table: KeyTable,
        context: inout MappingContext
    ) where Members.Member: JSONSource {
        guard Members.mayRepeatKeys, let first = path.first else { return }
        var key = first.objectKey
        if key.withUTF8({ table.position(of: $0) }) < 0 {
            recordIfRepeated(members.count(ofKey: key), at: path[..<1], context: &context)
        }
        guard var current = members[key] else { return }
        for depth in 1..<path.count {
            if case .object = current.kind {
                recordIfRepeated(
                    current.object.count(ofKey: path[depth].objectKey), at: path[...depth], context: &context)
            }
            guard let next = current.member(at: path[depth]) else { return }
            current = next
        }
    }

    /// Records each step of `path` whose key its object gives in another Unicode spelling than
    /// output writes there (``ClassPlan/writtenSpelling(at:)``), at the step's path as read,
    /// unless that step was already reported: the value is followed, and the written key is
    /// written back.
    ///
    /// The first step is left out when the plan's key table holds its key: a property reading
    /// that key reports it where the model's keys are read.
    mutating func recordRespelled<Members: JSONObjectSource>(
        along path: [JastorPath.Component], in members: Members, of plan: ClassPlan, context: inout MappingContext
    ) where Members.Member: JSONSource {
        guard case .key(let key)? = path.first, var current = members[key] else { return }
        var read = path
        let first = plan.writtenSpelling(at: path[..<1])
        let firstSpelling = members.otherSpelling(ofKey: first)
        read[0] = .key(firstSpelling ?? first)
        var bytes = key
        if let firstSpelling, bytes.withUTF8({ plan.keyTable.position(of: $0) }) < 0 {
            recordIfRespelled(firstSpelling, of: first, at: path[..<1], read: read[..<1], context: &context)
        }
        for depth in 1..<path.count {
            guard let next = current.member(at: path[depth]) else { return }
            if case .key = path[depth], case .object = current.kind {
                let written = plan.writtenSpelling(at: path[...depth])
                let spelling = current.object.otherSpelling(ofKey: written)
                read[depth] = .key(spelling ?? written)
                if let spelling {
                    recordIfRespelled(
                        spelling, of: written, at: path[...depth], read: read[...depth], context: &context)
                }
            }
            current = next
        }
    }

    private mutating func recordIfRespelled(
        _ spelling: String, of key: String, at step: ArraySlice<JastorPath.Component>,
        read: ArraySlice<JastorPath.Component>, context: inout MappingContext
    ) {
        guard !respelled.contains(step) else { return }
        respelled.append(step)
        context.recordRespelledKey(spelling, of: key, at: Array(read))
    }

    private mutating func recordIfRepeated(
        _ count: Int, at step: ArraySlice<JastorPath.Component>, context: inout MappingContext
    ) {
        guard count > 1, !repeated.contains(step) else { return }
        repeated.append(step)
        _ = context.descend(into: Array(step)) { context in
            context.recordDuplicateKey(count: count)
            return false
        }
    }
}
