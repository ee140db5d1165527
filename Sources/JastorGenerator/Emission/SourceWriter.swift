/// Writes the Swift declaration of each class in the house style: stored properties with defaults,
/// the registrations, the key strategy, element types and the polymorphism hook, under a doc
/// comment saying where the class was seen.
struct SourceWriter {
    private static let lineLength = 120

    let nodes: [ClassNode]
    let names: [String]

    /// The declaration of class `index`, ending with a newline.
    func declaration(of index: Int) -> String {
        let node = nodes[index]
        let name = names[index]
        let members = MemberLayout(index: index, nodes: nodes)
        var lines = DocComment(node: node, index: index, nodes: nodes, collector: members.collector).lines
        let superclass = node.superclass.map { names[$0] } ?? "JastorObject"
        let isOpen = node.discriminator != nil
        lines.append("\(isOpen ? "class" : "final class") \(name): \(superclass) {")
        for (property, propertyName) in zip(members.typed, members.names) {
            lines += Self.comment(for: property.type).map { "    /// " + $0 }
            lines.append("    " + declaration(of: property, named: propertyName))
        }
        if let collector = members.collector {
            lines.append("    var \(collector): [String: Any] = [:]")
        }
        lines.append("")
        if let strategy = members.keyStrategyOverride {
            lines.append("    override class var keyStrategy: JastorKeyStrategy { \(strategy.source) }")
        }
        lines += registrations(members, className: name)
        lines += elementTypes(members)
        if let discriminator = node.discriminator {
            lines += polymorphismHook(index: index, discriminator: discriminator)
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Stored properties

    private func declaration(of property: PropertyPlan, named name: String) -> String {
        let declared = PropertyNamer.declared(name)
        let type = swiftType(property.type)
        if property.isOptional || property.type == .scalar(.url) { return "var \(declared): \(type)?" }
        switch property.type {
        case .scalar(.string): return "var \(declared) = \"\""
        case .scalar(.bool): return "var \(declared) = false"
        case .scalar(.int): return "var \(declared) = 0"
        case .scalar(.double): return "var \(declared) = 0.0"
        case .scalar(.int64), .scalar(.decimal): return "var \(declared): \(type) = 0"
        case .scalar(.date): return "var \(declared) = Date(timeIntervalSince1970: 0)"
        case .model: return "var \(declared) = \(type)()"
        case .map, .emptyObject: return "var \(declared): \(type) = [:]"
        default: return "var \(declared): \(type) = []"
        }
    }

    private func swiftType(_ type: PropertyType) -> String {
        switch type {
        case .scalar(let scalar): scalar.swiftName
        case .model(let index): names[index]
        case .array(let element): "[\(swiftType(element))]"
        case .map(let value): "[String: \(swiftType(value))]"
        case .optional(let wrapped): swiftType(wrapped) + "?"
        case .emptyArray, .mixedArray: "[Any]"
        case .emptyObject, .alwaysNull, .mixed: "[String: Any]"
        }
    }

    private static func comment(for type: PropertyType) -> [String] {
        switch type {
        case .emptyArray: ["Always empty in the samples: the elements are kept as they come."]
        case .mixedArray:
            ["Elements the samples give no one type (several kinds, or empty objects): kept as they come."]
        case .emptyObject: ["Always empty in the samples, or with values of several kinds: kept as it comes."]
        default: []
        }
    }

    // MARK: - Registrations

    private func registrations(_ members: MemberLayout, className: String) -> [String] {
        var entries = zip(members.typed, members.names).map { property, name in
            var arguments = ["\"\(name)\"", "\\\(className).\(name)"]
            if let key = members.explicitKey(for: property, named: name) { arguments.append("key: " + key) }
            if case .scalar(.date(let format)) = property.type {
                arguments.append("transform: " + format.transformSource)
            }
            return arguments
        }
        if let collector = members.collector {
            entries.append(["\"\(collector)\"", "\\\(className).\(collector)"])
        }
        let calls = entries.enumerated().map { offset, arguments in
            let function = members.collector != nil && offset == entries.count - 1 ? ".unmappedKeys" : ".init"
            return (function, arguments)
        }
        let header = "    override class var properties: [JastorProperty]"
        if calls.count == 1, let (function, arguments) = calls.first {
            let single = header + " { [" + function + "(" + arguments.joined(separator: ", ") + ")] }"
            if single.count <= Self.lineLength { return [single] }
        }
        var lines = [header + " {", "        ["]
        for (function, arguments) in calls {
            lines += Self.call(function, arguments: arguments, indent: "            ", trailingComma: calls.count > 1)
        }
        lines += ["        ]", "    }"]
        return lines
    }

    /// `.init(…),` on one line, or with its arguments on the next lines when it is too long.
    private static func call(_ function: String, arguments: [String], indent: String, trailingComma: Bool) -> [String] {
        let comma = trailingComma ? "," : ""
        let single = indent + function + "(" + arguments.joined(separator: ", ") + ")" + comma
        guard single.count > lineLength else { return [single] }
        let inner = indent + "    "
        var lines = [indent + function + "("]
        var current = inner
        for (offset, argument) in arguments.enumerated() {
            let piece = argument + (offset == arguments.count - 1 ? ")" + comma : ",")
            if current != inner, current.count + 1 + piece.count > lineLength {
                lines.append(current)
                current = inner
            }
            current += (current == inner ? "" : " ") + piece
        }
        lines.append(current)
        return lines
    }

    private func elementTypes(_ members: MemberLayout) -> [String] {
        let entries = zip(members.typed, members.names).compactMap { property, name -> String? in
            switch property.type {
            case .array, .map: property.type.modelIndex.map { "\"\(name)\": \(names[$0]).self" }
            default: nil
            }
        }
        let header = "    override class var arrayElementTypes: [String: JastorObject.Type]"
        guard entries.count > 1 else {
            return entries.map { entry in
                let single = header + " { [" + entry + "] }"
                return single.count <= Self.lineLength ? single : header + " {\n        [" + entry + "]\n    }"
            }
        }
        return [header + " {", "        ["] + entries.map { "            " + $0 + "," } + ["        ]", "    }"]
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
