/// Writes the Swift declaration of each class in the house style: stored properties with defaults,
/// the key strategy, the short registration form, the polymorphism hook and nested enums, under a
/// doc comment saying where the class was seen.
struct SourceWriter {
    private static let lineLength = 120

    let nodes: [ClassNode]
    let names: [String]
    /// Whether each class is declared `nonisolated` (``GeneratorOptions/declaresNonisolated``).
    var declaresNonisolated = false
    /// What the classes do with keys their samples did not show (``GeneratorOptions/unknownKeys``).
    var unknownKeys = GeneratorOptions.UnknownKeys.keep

    /// The declaration of class `index`, ending with a newline.
    func declaration(of index: Int) -> String {
        let node = nodes[index]
        let name = names[index]
        let members = MemberLayout(index: index, nodes: nodes, unknownKeys: unknownKeys)
        let enums = EnumLayout.enums(of: members, classNames: Set(names))
        var lines = DocComment(node: node, index: index, nodes: nodes, collector: members.collector).lines
        let superclass = node.superclass.map { names[$0] } ?? "JastorObject"
        let isOpen = node.discriminator != nil
        let isolation = declaresNonisolated ? "nonisolated " : ""
        lines.append("\(isolation)\(isOpen ? "class" : "final class") \(name): \(superclass) {")
        for (property, propertyName) in zip(members.typed, members.names) {
            lines += Self.comment(for: property.type).map { "    /// " + $0 }
            lines.append("    " + declaration(of: property, named: propertyName, enumName: enums[propertyName]?.name))
        }
        if let collector = members.collector {
            lines.append("    var \(collector): [String: Any] = [:]")
        }
        lines.append("")
        if let strategy = members.keyStrategyOverride {
            lines.append("    override class var keyStrategy: JastorKeyStrategy { \(strategy.source) }")
        }
        // A class that keeps unknown keys reports none; a subclass inherits its base's policy.
        if unknownKeys == .report, members.collector == nil, node.superclass == nil {
            lines.append("    override class var keyPolicy: JastorKeyPolicy { .reportUnknownKeys }")
        }
        lines += registrations(members)
        if let discriminator = node.discriminator {
            lines += [""] + polymorphismHook(index: index, discriminator: discriminator)
        }
        for (property, propertyName) in zip(members.typed, members.names) {
            guard let layout = enums[propertyName] else { continue }
            lines += [""] + layout.declaration(key: property.key)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Stored properties

    private func declaration(of property: PropertyPlan, named name: String, enumName: String?) -> String {
        let declared = PropertyNamer.declared(name)
        let type = enumName ?? swiftType(property.type)
        if property.isOptional || property.type == .scalar(.url) { return "var \(declared): \(type)?" }
        switch property.type {
        case .scalar(.string): return "var \(declared) = \"\""
        case .scalar(.bool): return "var \(declared) = false"
        case .scalar(.number(let facts)):
            switch facts.type {
            case .int: return "var \(declared) = 0"
            case .double: return "var \(declared) = 0.0"
            default: return "var \(declared): \(type) = 0"
            }
        case .scalar(.date): return "var \(declared) = Date(timeIntervalSince1970: 0)"
        case .enumeration: return "var \(declared) = \(type).\(EnumLayout.defaultCase(of: property.type))"
        case .model: return "var \(declared) = \(type)()"
        case .map, .emptyObject, .numberMap: return "var \(declared): \(type) = [:]"
        default: return "var \(declared): \(type) = []"
        }
    }

    private func swiftType(_ type: PropertyType) -> String {
        switch type {
        case .scalar(let scalar): scalar.swiftName
        case .enumeration: "String"
        case .model(let index): names[index]
        case .array(let element): "[\(swiftType(element))]"
        case .map(let value): "[String: \(swiftType(value))]"
        case .optional(let wrapped): swiftType(wrapped) + "?"
        case .emptyArray, .mixedArray, .numberArray: "[Any]"
        case .emptyObject, .alwaysNull, .mixed, .numberMap: "[String: Any]"
        }
    }

    private static func comment(for type: PropertyType) -> [String] {
        switch type {
        case .emptyArray: ["Always empty in the samples: the elements are kept as they come."]
        case .mixedArray:
            ["Elements the samples give no one type (several kinds, or empty objects): kept as they come."]
        case .emptyObject: ["Always empty in the samples, or with values of several kinds: kept as it comes."]
        case .numberArray, .numberMap:
            [
                "Numbers no one Swift number type holds exactly: kept and written back as the same numbers (an",
                "integer as `Int`, one a `Double` writes back as written as `Double`, any other as an exact",
                "`Decimal`; one none of them holds, such as `1e400`, is reported).",
            ]
        default: []
        }
    }

    // MARK: - Registrations

    /// `register(\\.a, \\.b) { … }`: the key paths that follow the class's rules, then one line for
    /// each property with a key or transform of its own, untyped ones, and the unmapped keys.
    private func registrations(_ members: MemberLayout) -> [String] {
        var listed: [String] = []
        var rules: [String] = []
        for (property, name) in zip(members.typed, members.names) {
            let keyPath = "\\." + name
            var arguments: [String] = []
            if let key = members.explicitKey(for: property, named: name) { arguments.append("key: " + key) }
            if case .scalar(.date(let format)) = property.type {
                arguments.append("transform: " + format.transformSource)
            }
            if !arguments.isEmpty {
                rules.append("property(" + ([keyPath] + arguments).joined(separator: ", ") + ")")
            } else if property.type.isPassthrough {
                rules.append(keyPath)
            } else {
                listed.append(keyPath)
            }
        }
        if let collector = members.collector { rules.append("unmappedKeys(\\.\(collector))") }
        let header = "    override class var properties: [JastorProperty]"
        let call = "register" + (listed.isEmpty && !rules.isEmpty ? "" : "(" + listed.joined(separator: ", ") + ")")
        if rules.isEmpty, (header + " { " + call + " }").count <= Self.lineLength {
            return [header + " { " + call + " }"]
        }
        var lines = [header + " {"]
        let opening = "        " + call + (rules.isEmpty ? "" : " {")
        if opening.count <= Self.lineLength {
            lines.append(opening)
        } else {
            lines.append("        register(")
            lines += Self.packed(listed, indent: "            ")
            lines.append("        )" + (rules.isEmpty ? "" : " {"))
        }
        if !rules.isEmpty {
            lines += rules.map { "            " + $0 }
            lines.append("        }")
        }
        lines.append("    }")
        return lines
    }

    /// Comma-separated items on as few lines as fit, as swift-format packs arguments.
    private static func packed(_ items: [String], indent: String) -> [String] {
        var lines: [String] = []
        var current = indent
        for (offset, item) in items.enumerated() {
            let piece = item + (offset == items.count - 1 ? "" : ",")
            if current != indent, current.count + 1 + piece.count > lineLength {
                lines.append(current)
                current = indent
            }
            current += (current == indent ? "" : " ") + piece
        }
        lines.append(current)
        return lines
    }

    private func polymorphismHook(index: Int, discriminator: String) -> [String] {
        let subclasses = nodes.indices.filter { nodes[$0].superclass == index }
        var lines = [
            "    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {",
            "        switch json[\(SwiftLiteral.string(discriminator))] as? String {",
        ]
        for subclass in subclasses {
            let tag = nodes[subclass].tag ?? ""
            lines.append("        case \(SwiftLiteral.string(tag)): \(names[subclass]).self")
        }
        lines += ["        default: nil", "        }", "    }"]
        return lines
    }
}
