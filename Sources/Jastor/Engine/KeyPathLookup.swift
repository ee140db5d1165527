/// Where a property's key path leads inside a JSON object: to a value, to nothing, or to a step
/// holding a value that cannot hold the next one.
///
/// A step is missing (nothing to read, as a missing key) when the object lacks its key, an array
/// its index, or the value there is `null`. It is mistyped when the value there is a scalar (or
/// an array, for a key that is not an index): `address.city` over `{"address": "Daly City"}`
/// reads nothing, and that is reported at the step (``MistypedKeyPathSteps``), never dropped in
/// silence.
enum KeyPathLookup<Member: JSONSource> {
    case found(Member)
    case missing
    /// The value at `path[..<depth]` cannot hold `path[depth]`; `found` is what it is.
    case mistyped(depth: Int, found: JSONKind)

    /// Follows `path` from `members`, each step as ``JSONSource/child(at:)`` takes it.
    @inline(__always)
    init<Members: JSONObjectSource>(_ path: [JastorPath.Component], in members: Members)
    where Members.Member == Member {
        guard let first = path.first, var current = members[first.objectKey] else {
            self = .missing
            return
        }
        var depth = 1
        while depth < path.count {
            guard let next = current.child(at: path[depth]) else {
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
        switch value.kind {
        case .object, .scalar(.null):
            return .missing
        case .array where component.arrayIndex != nil:
            return .missing
        case let kind:
            return .mistyped(depth: depth, found: kind)
        }
    }

    /// The value the path leads to, if any.
    var member: Member? {
        if case .found(let member) = self { return member }
        return nil
    }
}

/// The mistyped key-path steps one model's mapping has reported, so that a step several key
/// paths go through (`address` of `address.city` and `address.zip`) is reported once.
struct MistypedKeyPathSteps {
    private var reported: [ArraySlice<JastorPath.Component>] = []

    /// Records, at the step's path, that the value at `path[..<depth]` cannot hold `path[depth]`,
    /// unless that step was already reported:
    /// `address: expected an object holding "city" (key path address.city), found String "Daly City"`.
    mutating func record(
        _ path: [JastorPath.Component], depth: Int, found: JSONKind, context: inout MappingContext
    ) {
        let step = path[..<depth]
        guard !reported.contains(step) else { return }
        reported.append(step)
        let holding =
            switch path[depth] {
            case .key(let key): "an object holding \"\(key)\""
            case .index(let index): "an array holding element \(index)"
            }
        _ = context.descend(into: Array(step)) { context in
            context.record(
                .typeMismatch, expected: "\(holding) (key path \(JastorPath(path)))", found: found.summary)
            return false
        }
    }
}
