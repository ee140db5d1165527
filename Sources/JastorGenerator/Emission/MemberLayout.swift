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

    init(index: Int, nodes: [ClassNode], unknownKeys: GeneratorOptions.UnknownKeys) {
        let node = nodes[index]
        let inherited = node.superclass.map { MemberLayout(index: $0, nodes: nodes, unknownKeys: unknownKeys) }
        typed = node.properties.filter { !$0.type.isUntyped }
        var taken = Set(inherited.map { $0.names + ($0.collector.map { [$0] } ?? []) } ?? [])
        let keys = typed.map(\.key)
        // Each strategy names the properties its own way (`htmlURL` where snake_case derives
        // `html_url`); the one that leaves fewer explicit keys wins.
        let candidates = [KeyStrategy.exact, .snakeCase].map { strategy in
            let names = PropertyNamer.names(for: keys, taken: taken, strategy: strategy, acronyms: true)
            return (names: names, misses: zip(names, keys).filter { strategy.key(for: $0) != $1 }.count)
        }
        let (exact, snake) = (candidates[0], candidates[1])
        if snake.misses == exact.misses {
            keyStrategy = inherited?.keyStrategy ?? .exact
        } else {
            keyStrategy = snake.misses < exact.misses ? .snakeCase : .exact
        }
        names = keyStrategy == .snakeCase ? snake.names : exact.names
        taken.formUnion(names)
        if Self.keepsUntypedKeys(index: index, nodes: nodes, unknownKeys: unknownKeys) {
            collector = PropertyNamer.names(for: ["unmappedKeys"], taken: taken).first
        } else {
            collector = nil
        }
        keyStrategyOverride = keyStrategy == (inherited?.keyStrategy ?? .exact) ? nil : keyStrategy
    }

    /// Whether this class declares the untyped-keys property: every class that has no superclass
    /// when unknown keys are kept (Jastor allows one per class chain), else a plain class for its
    /// own untyped keys and a family's base always, so that a variant the samples did not show
    /// loses nothing.
    private static func keepsUntypedKeys(
        index: Int, nodes: [ClassNode], unknownKeys: GeneratorOptions.UnknownKeys
    ) -> Bool {
        let node = nodes[index]
        guard node.superclass == nil else { return false }
        if node.discriminator != nil || unknownKeys == .keep { return true }
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
