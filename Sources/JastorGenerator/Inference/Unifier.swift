/// Makes one class of the places that hold the same shape.
///
/// Shapes unify when their key sets are identical, anywhere (twitter's `user` in a status and in its
/// `retweeted_status`), or nearly identical and nested in each other (a status inside a status becomes
/// a recursive class). Classes that hold unified classes at the same key are unified too, until
/// nothing changes.
struct Unifier {
    /// Shapes nested in each other unify when they share at least this share of their keys.
    static let nestedSimilarity = 0.7

    private var nodes: [ClassNode]
    private var representative: [Int]
    /// The most cases an enum keeps when places join; more make it a `String`.
    private let enumThreshold: Int

    private init(nodes: [ClassNode], enumThreshold: Int) {
        self.nodes = nodes
        self.enumThreshold = enumThreshold
        representative = Array(nodes.indices)
    }

    /// The unified classes, in order of first appearance, and `types` with their models renumbered.
    static func unify(
        _ nodes: [ClassNode], types: [PropertyType], enumThreshold: Int
    ) -> (nodes: [ClassNode], types: [PropertyType]) {
        var unifier = Unifier(nodes: nodes, enumThreshold: enumThreshold)
        unifier.unifySimilarShapes()
        var merged: [Int: [PropertyPlan]] = [:]
        var changed = true
        while changed {
            changed = false
            merged = unifier.mergedProperties(changed: &changed)
        }
        return unifier.renumbered(merged, types: types)
    }

    // MARK: - Deciding

    private mutating func unifySimilarShapes() {
        for first in nodes.indices where isPlain(first) {
            for second in nodes.indices.dropFirst(first + 1) where isPlain(second) {
                if shouldUnify(first, second) { union(first, second) }
            }
        }
    }

    private func isPlain(_ index: Int) -> Bool {
        nodes[index].superclass == nil && nodes[index].discriminator == nil
    }

    private func shouldUnify(_ first: Int, _ second: Int) -> Bool {
        let leftKeys = nodes[first].keySet
        let rightKeys = nodes[second].keySet
        guard propertiesAgree(first, second, depth: 0) else { return false }
        if leftKeys == rightKeys { return true }
        let related =
            isAncestor(first, of: second) || isAncestor(second, of: first) || sharesName(first, second)
        let overlaps =
            Self.similarity(leftKeys, rightKeys) >= Self.nestedSimilarity
            || (sharesName(first, second) && (leftKeys.isSubset(of: rightKeys) || rightKeys.isSubset(of: leftKeys)))
        return related && overlaps
    }

    /// Whether two classes were found under the same name (`owner` in one sample, `owner` in
    /// another, or the same root name), so that one that lacks some keys of the other is the same class.
    private func sharesName(_ first: Int, _ second: Int) -> Bool {
        !Set(nodes[first].nameHints + [nodes[first].rootName].compactMap { $0 }).isDisjoint(
            with: nodes[second].nameHints + [nodes[second].rootName].compactMap { $0 })
    }

    /// Whether the shared keys of two classes have compatible types, nested classes compared (a few
    /// levels deep) by their keys and types in turn.
    private func propertiesAgree(_ first: Int, _ second: Int, depth: Int) -> Bool {
        let rightTypes = Dictionary(nodes[second].properties.map { ($0.key, $0.type) }) { first, _ in first }
        return nodes[first].properties.allSatisfy { property in
            rightTypes[property.key].map { compatible(property.type, $0, depth: depth) } ?? true
        }
    }

    private static func similarity(_ left: Set<String>, _ right: Set<String>) -> Double {
        Double(left.intersection(right).count) / Double(max(left.union(right).count, 1))
    }

    private func isAncestor(_ ancestor: Int, of index: Int) -> Bool {
        var current = nodes[index].parent
        while let parent = current {
            if parent == ancestor { return true }
            current = nodes[parent].parent
        }
        return false
    }

    /// Whether two places' types can be one property's type.
    private func compatible(_ left: PropertyType, _ right: PropertyType, depth: Int = 0) -> Bool {
        switch (left, right) {
        case (.alwaysNull, _), (_, .alwaysNull), (.mixed, .mixed), (.mixedArray, .mixedArray),
            (.numberArray, .numberArray), (.numberMap, .numberMap):
            return true
        case (.model(let first), .model(let second)):
            guard first != second, depth < 4 else { return true }
            // Nested classes agree when one's keys include the other's (a place where an optional key
            // never showed up) or they share most keys, and their shared keys agree in turn.
            let leftKeys = nodes[first].keySet
            let rightKeys = nodes[second].keySet
            let related =
                leftKeys.isSubset(of: rightKeys) || rightKeys.isSubset(of: leftKeys)
                || Self.similarity(leftKeys, rightKeys) >= Self.nestedSimilarity
            return related && propertiesAgree(first, second, depth: depth + 1)
        case (.enumeration, .enumeration), (.enumeration, .scalar(.string)), (.scalar(.string), .enumeration):
            return true
        case (.scalar(let first), .scalar(let second)):
            return first == second || (first.isNumber && second.isNumber)
                || (!first.isNumber && !second.isNumber && first != .bool && second != .bool)
        case (.array(let first), .array(let second)), (.map(let first), .map(let second)):
            return compatible(first, second, depth: depth)
        case (.optional(let first), _): return compatible(first, right, depth: depth)
        case (_, .optional(let second)): return compatible(left, second, depth: depth)
        case (.model(let index), .map(let value)), (.map(let value), .model(let index)):
            // A class at one place and a map at another: the class's keys were data after all.
            return nodes[index].properties.allSatisfy { compatible($0.type, value, depth: depth + 1) }
        case (.emptyArray, .array), (.array, .emptyArray), (.emptyArray, .emptyArray), (.emptyArray, .mixedArray),
            (.mixedArray, .emptyArray):
            return true
        case (.emptyObject, .model), (.model, .emptyObject), (.emptyObject, .map), (.map, .emptyObject),
            (.emptyObject, .emptyObject):
            return true
        default:
            return false
        }
    }

    // MARK: - Merging

    private mutating func find(_ index: Int) -> Int {
        var root = index
        while representative[root] != root { root = representative[root] }
        representative[index] = root
        return root
    }

    /// Joins two classes; the one seen first represents both.
    @discardableResult
    private mutating func union(_ first: Int, _ second: Int) -> Bool {
        let left = find(first)
        let right = find(second)
        guard left != right else { return false }
        representative[max(left, right)] = min(left, right)
        return true
    }

    /// Each class's properties merged over its members; sets `changed` when merging joined more classes.
    private mutating func mergedProperties(changed: inout Bool) -> [Int: [PropertyPlan]] {
        var result: [Int: [PropertyPlan]] = [:]
        for index in nodes.indices {
            let root = find(index)
            guard let existing = result[root] else {
                result[root] = nodes[index].properties
                continue
            }
            result[root] = mergeProperties(existing, nodes[index].properties, changed: &changed)
        }
        return result
    }

    private mutating func mergeProperties(
        _ left: [PropertyPlan], _ right: [PropertyPlan], changed: inout Bool
    ) -> [PropertyPlan] {
        let rightByKey = Dictionary(right.map { ($0.key, $0) }) { first, _ in first }
        var merged = left.map { property -> PropertyPlan in
            guard let other = rightByKey[property.key] else {
                return PropertyPlan(key: property.key, type: property.type, isOptional: true)
            }
            let type = mergeType(property.type, other.type, changed: &changed)
            return PropertyPlan(key: property.key, type: type, isOptional: property.isOptional || other.isOptional)
        }
        let leftKeys = Set(left.map(\.key))
        for property in right where !leftKeys.contains(property.key) {
            merged.append(PropertyPlan(key: property.key, type: property.type, isOptional: true))
        }
        return merged
    }

    private mutating func mergeType(_ left: PropertyType, _ right: PropertyType, changed: inout Bool) -> PropertyType {
        switch (left, right) {
        case _ where left == right: return left
        case (.alwaysNull, _): return right
        case (_, .alwaysNull): return left
        case (.enumeration(let first), .enumeration(let second)):
            let union = first + second.filter { !first.contains($0) }
            return union.count <= enumThreshold ? .enumeration(union) : .scalar(.string)
        case (.enumeration, .scalar(.string)), (.scalar(.string), .enumeration): return .scalar(.string)
        case (.scalar(.number(let first)), .scalar(.number(let second))):
            // The numbers of both places decide, so the type keeps each (or none does: untyped).
            return .scalar(.number(first.merging(second)))
        case (.scalar, .scalar):
            return compatible(left, right) ? .scalar(.string) : .mixed
        case (.model(let first), .model(let second)):
            if isPlain(find(first)), isPlain(find(second)), union(first, second) { changed = true }
            return .model(min(find(first), find(second)))
        case (.array(let first), .array(let second)):
            let element = mergeType(first, second, changed: &changed)
            return element.isPassthrough ? .mixedArray : .array(element)
        case (.map(let first), .map(let second)):
            let value = mergeType(first, second, changed: &changed)
            return value.isPassthrough ? .emptyObject : .map(value)
        case (.model(let index), .map(let value)), (.map(let value), .model(let index)):
            let merged = nodes[index].properties.reduce(value) { mergeType($0, $1.type, changed: &changed) }
            return merged.isPassthrough ? .emptyObject : .map(merged)
        case (.optional(let first), _): return .optional(mergeType(first, Self.unwrapped(right), changed: &changed))
        case (_, .optional(let second)): return .optional(mergeType(left, second, changed: &changed))
        case (.emptyArray, _), (.emptyObject, _): return compatible(left, right) ? right : .mixed
        case (_, .emptyArray), (_, .emptyObject): return compatible(left, right) ? left : .mixed
        default: return .mixed
        }
    }

    private static func unwrapped(_ type: PropertyType) -> PropertyType {
        if case .optional(let wrapped) = type { return wrapped }
        return type
    }

    // MARK: - Renumbering

    private mutating func renumbered(
        _ merged: [Int: [PropertyPlan]], types: [PropertyType]
    ) -> (nodes: [ClassNode], types: [PropertyType]) {
        let reachable = reachableClasses(merged, types: types)
        let roots = nodes.indices.filter { find($0) == $0 && reachable.contains($0) }
        let newIndex = Dictionary(uniqueKeysWithValues: roots.enumerated().map { ($1, $0) })
        var renumber: [Int] = []
        for index in nodes.indices { renumber.append(newIndex[find(index)] ?? 0) }
        var result: [ClassNode] = []
        for root in roots {
            var node = nodes[root]
            let members = nodes.indices.filter { find($0) == root }
            node.nameHints = Self.unique(members.flatMap { nodes[$0].nameHints })
            node.sites = Self.unique(members.flatMap { nodes[$0].sites })
            node.rootName = members.compactMap { nodes[$0].rootName }.first
            node.parent = node.parent.flatMap { reachable.contains(find($0)) ? renumber[$0] : nil }
            node.superclass = node.superclass.map { renumber[$0] }
            node.properties = (merged[root] ?? node.properties).map { property in
                var renumbered = property
                renumbered.type = property.type.mappingModels { renumber[$0] }
                return renumbered
            }
            result.append(node)
        }
        Self.breakRequiredCycles(in: &result)
        return (result, types.map { $0.mappingModels { renumber[$0] } })
    }

    /// The classes the roots still use, directly or through properties, superclasses and subclasses
    /// (a class whose place became a `[String: Value]` map is left out).
    private mutating func reachableClasses(_ merged: [Int: [PropertyPlan]], types: [PropertyType]) -> Set<Int> {
        var reachable: Set<Int> = []
        var pending = types.compactMap(\.modelIndex).map { find($0) }
        while let current = pending.popLast() {
            guard reachable.insert(current).inserted else { continue }
            let properties = merged[current] ?? nodes[current].properties
            pending += properties.compactMap(\.type.modelIndex).map { find($0) }
            if let superclass = nodes[current].superclass { pending.append(find(superclass)) }
            pending += nodes.indices.filter { index in nodes[index].superclass.map { find($0) } == current }
                .map { find($0) }
        }
        return reachable
    }

    /// A class cannot require an instance of itself: a non-optional model property that leads back
    /// to its own class (through non-optional models) becomes optional.
    private static func breakRequiredCycles(in nodes: inout [ClassNode]) {
        for index in nodes.indices {
            for position in nodes[index].properties.indices {
                let property = nodes[index].properties[position]
                guard !property.isOptional, case .model(let target) = property.type else { continue }
                if reaches(target, index, in: nodes) { nodes[index].properties[position].isOptional = true }
            }
        }
    }

    private static func reaches(_ start: Int, _ goal: Int, in nodes: [ClassNode]) -> Bool {
        var visited: Set<Int> = []
        var pending = [start]
        while let current = pending.popLast() {
            if current == goal { return true }
            guard visited.insert(current).inserted else { continue }
            for property in nodes[current].properties where !property.isOptional {
                if case .model(let next) = property.type { pending.append(next) }
            }
        }
        return false
    }

    private static func unique(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert($0).inserted }
    }
}
