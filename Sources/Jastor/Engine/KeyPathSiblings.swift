/// The values under a key that a property reads through a longer key path (`meta` of
/// `meta.note`) that no property reads (`meta.page`), for a class that keeps or reports the keys
/// it does not read.
///
/// The whole key counts as mapped, so `.unmappedKeys` does not keep it and `.reportUnknownKeys`
/// does not report it; these values would be lost in silence. Each is an `.unknownKey` issue at
/// its path instead, unless another property reads the whole key (and keeps them).
struct KeyPathSiblings: Sendable {
    /// Each first key read through a longer path, with every path read or written under it.
    private let keys: [(key: String, paths: [[JastorPath.Component]])]
    /// The paths under ``keys`` that properties write but none reads, with their writers: an
    /// input value there is compared with what is written, as ``WrittenOnlyKeys`` does for keys.
    private let writtenOnlyPaths: [(path: [JastorPath.Component], writers: [PropertyPlan])]
    /// The paths properties read.
    private let readPaths: [[JastorPath.Component]]
    /// The first property reading through each of ``keys``, to name in issues.
    private let readers: [String: String]
    private let modelName: String
    /// Whether the class keeps the keys it does not read (else it reports them, and the check
    /// follows the key policy's: not in `update(with:)`, whose input is partial).
    private let keepsUnreadKeys: Bool

    /// The checks of `properties`, or `nil` when no property reads through a longer key path or
    /// the class neither keeps nor reports the keys it does not read.
    init?(
        properties: [PropertyPlan], modelName: String, keepsUnreadKeys: Bool, reportsUnreadKeys: Bool
    ) {
        guard keepsUnreadKeys || reportsUnreadKeys else { return nil }
        var keys: [(key: String, paths: [[JastorPath.Component]])] = []
        var readers: [String: String] = [:]
        for property in properties {
            guard let path = property.inputPath, path.count > 1, let first = path.first?.objectKey else { continue }
            if readers[first] == nil {
                readers[first] = property.name
                keys.append((first, []))
            }
        }
        // A key some property reads whole (an untyped `meta` beside `meta.note`) loses nothing.
        let readWhole = Set(properties.compactMap { $0.inputPath?.count == 1 ? $0.inputPath?.first?.objectKey : nil })
        keys.removeAll { readWhole.contains($0.key) }
        guard !keys.isEmpty else { return nil }
        for index in keys.indices {
            let key = keys[index].key
            keys[index].paths = properties.flatMap { [$0.inputPath, $0.outputPath].compactMap { $0 } }
                .filter { $0.first?.objectKey == key }
        }
        let inputPaths = properties.compactMap(\.inputPath)
        var writtenOnlyPaths: [(path: [JastorPath.Component], writers: [PropertyPlan])] = []
        for property in properties {
            guard let path = property.outputPath, path.count > 1, let first = path.first?.objectKey,
                readers[first] != nil, !inputPaths.contains(where: { Self.matches($0[...], path) })
            else { continue }
            if let index = writtenOnlyPaths.firstIndex(where: { Self.matches($0.path[...], path) }) {
                writtenOnlyPaths[index].writers.append(property)
            } else {
                writtenOnlyPaths.append((path, [property]))
            }
        }
        self.writtenOnlyPaths = writtenOnlyPaths
        self.readPaths = inputPaths
        self.keys = keys
        self.readers = readers
        self.modelName = modelName
        self.keepsUnreadKeys = keepsUnreadKeys
    }

    /// Reports each value under ``keys`` in `members` that no property's path reaches.
    // Out of line: the mapping loop that calls it stays as small as without it.
    @inline(never)
    func check<Members: JSONObjectSource>(_ members: Members, of model: JastorObject, context: inout MappingContext)
    where Members.Member: JSONSource {
        guard keepsUnreadKeys || context.policy.checksKeys else { return }
        for (key, paths) in keys {
            guard let member = members[key] else { continue }
            let found =
                keepsUnreadKeys
                ? "a value under \"\(key)\", which \(readers[key] ?? key) reads through (unmapped keys keep whole keys only)"
                : "an unknown key"
            _ = context.descend(into: .key(key)) { context in
                report(member, at: [.key(key)], paths: paths, found: found, of: model, context: &context)
                return true
            }
        }
    }

    /// Reports the members of `node` (at `position`, a proper prefix of some of `paths`) that
    /// no path reaches, and looks further into those on the way to one.
    ///
    /// A `null` array element before the last one a path reaches is not reported: the output pads
    /// the array with `null` up to that element (`tags[1]` writes `{"tags": [null, "b"]}`), so the
    /// model's own output reads back and nothing is lost. A `null` after it, or any other value
    /// no path reaches, is.
    private func report<Node: JSONSource>(
        _ node: Node, at position: [JastorPath.Component], paths: [[JastorPath.Component]], found: String,
        of model: JastorObject, context: inout MappingContext
    ) {
        func visit(_ child: Node, _ component: JastorPath.Component, padding: Int = 0) {
            let next = position + [component]
            if let written = writtenOnlyPaths.first(where: { Self.matches($0.path[...], next) }) {
                recordRespelling(of: component, as: written.path[position.count], context: &context)
                _ = context.descend(into: component) { context in
                    WrittenOnlyKeys.compare(child, with: written.writers, at: next, in: model, context: &context)
                    return true
                }
                return
            }
            let below = paths.filter { $0.count >= next.count && Self.matches($0.prefix(next.count), next) }
            if below.contains(where: { $0.count == next.count }) { return }
            // A step only written paths take: a read path's steps are reported where it is read.
            if let step = below.first?[position.count], !readPaths.contains(where: { $0.starts(with: next) }) {
                recordRespelling(of: component, as: step, context: &context)
            }
            if below.isEmpty, case .index(let index) = component, index < padding, child.isNull { return }
            _ = context.descend(into: component) { context in
                if below.isEmpty {
                    context.record(.unknownKey, expected: "a key \(modelName) maps", found: found)
                } else {
                    report(child, at: next, paths: below, found: found, of: model, context: &context)
                }
                return true
            }
        }
        switch node.kind {
        case .object: node.object.forEachMember { key, child in visit(child, .key(key)) }
        case .array:
            // The elements before the last one a path reaches, which the output pads with `null`.
            let padding =
                paths.compactMap { path -> Int? in
                    guard path.count > position.count, case .index(let index) = path[position.count] else { return nil }
                    return index
                }.max() ?? 0
            var index = 0
            node.forEachElement { child in
                visit(child, .index(index), padding: padding)
                index += 1
            }
        case .scalar, .unsupported: break
        }
    }

    /// Records `component`, a key as the input spells it, when it is another Unicode spelling of
    /// `step`, the key a written path holds there: output writes the path's spelling.
    private func recordRespelling(
        of component: JastorPath.Component, as step: JastorPath.Component, context: inout MappingContext
    ) {
        guard case .key(let spelling) = component, case .key(let key) = step,
            !WrittenBackAsRead.isSameText(spelling, key)
        else { return }
        context.recordRespelledKey(spelling, of: key, at: [component])
    }

    /// Whether two paths name the same steps (an index is an array's element, never the key of
    /// its digits: output writes it so, and a key path reads it so).
    private static func matches(_ path: ArraySlice<JastorPath.Component>, _ other: [JastorPath.Component]) -> Bool {
        path.elementsEqual(other)
    }
}
