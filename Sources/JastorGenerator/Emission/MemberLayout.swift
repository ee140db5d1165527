import Jastor

/// The members of one generated class: its typed properties and their names, the property that
/// keeps untyped keys, and the key strategy that needs the fewest explicit keys.
struct MemberLayout {
    /// A key strategy the generator may choose for a class.
    enum KeyStrategy: Equatable {
        case exact, snakeCase

        /// The strategy in Swift source.
        var source: String { self == .exact ? ".exact" : ".convertFromSnakeCase" }

        /// The key the strategy derives from a property name.
        func key(for name: String) -> String {
            self == .exact ? name : JastorKeyStrategy.convertFromSnakeCase.key(for: name)
        }
    }

    /// The properties with a Swift type, in key order.
    let typed: [PropertyPlan]
    /// Their names, without backticks.
    let names: [String]
    /// The `.unmappedKeys` property keeping untyped keys, when this class declares it.
    let collector: String?
    /// The class's key strategy.
    let keyStrategy: KeyStrategy
    /// The strategy to declare, when it differs from what the class inherits.
    let keyStrategyOverride: KeyStrategy?

    init(index: Int, nodes: [ClassNode]) {
        let node = nodes[index]
        let inherited = node.superclass.map { MemberLayout(index: $0, nodes: nodes) }
        typed = node.properties.filter { !$0.type.isUntyped }
        var taken = Set(inherited.map { $0.names + ($0.collector.map { [$0] } ?? []) } ?? [])
        names = PropertyNamer.names(for: typed.map(\.key), taken: taken)
        taken.formUnion(names)
        if Self.keepsUntypedKeys(index: index, nodes: nodes) {
            collector = PropertyNamer.names(for: ["unmappedKeys"], taken: taken).first
        } else {
            collector = nil
        }
        let keys = typed.map(\.key)
        let exactMisses = zip(names, keys).filter { KeyStrategy.exact.key(for: $0) != $1 }.count
        let snakeMisses = zip(names, keys).filter { KeyStrategy.snakeCase.key(for: $0) != $1 }.count
        if snakeMisses == exactMisses {
            keyStrategy = inherited?.keyStrategy ?? .exact
        } else {
            keyStrategy = snakeMisses < exactMisses ? .snakeCase : .exact
        }
        keyStrategyOverride = keyStrategy == (inherited?.keyStrategy ?? .exact) ? nil : keyStrategy
    }

    /// Whether this class declares the untyped-keys property: a plain class for its own untyped
    /// keys, a family's base for every member's (Jastor allows one per class chain).
    private static func keepsUntypedKeys(index: Int, nodes: [ClassNode]) -> Bool {
        let node = nodes[index]
        guard node.superclass == nil else { return false }
        let family = [index] + nodes.indices.filter { nodes[$0].superclass == index }
        return family.contains { member in nodes[member].properties.contains { $0.type.isUntyped } }
    }

    /// The `key:` argument a property needs under the class's strategy, or `nil`; keys that a path
    /// would split (dots, brackets, `@`, all digits) are written in the array form.
    func explicitKey(for property: PropertyPlan, named name: String) -> String? {
        let key = property.key
        let needsArrayForm =
            key.contains { ".[]@\\".contains($0) } || (!key.isEmpty && key.allSatisfy { $0.isASCII && $0.isNumber })
            || key.isEmpty
        if needsArrayForm { return "[" + SwiftLiteral.string(key) + "]" }
        return keyStrategy.key(for: name) == key ? nil : SwiftLiteral.string(key)
    }
}
