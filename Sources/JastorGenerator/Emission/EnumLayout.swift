/// The nested enum of a string key with a small closed set of values: a case per value seen, and a
/// catch-all case that keeps any other value, so that a value a server adds later maps (and
/// writes back) instead of failing.
struct EnumLayout {
    /// The enum's name inside its class: the key as a type name (`author_association` →
    /// `AuthorAssociation`; `type` → `Kind`).
    let name: String
    /// The values, in the order the samples showed them, with their case names.
    let cases: [(value: String, name: String)]
    /// The catch-all case, `other` unless a value took that name.
    let catchAll: String

    /// The enums of a class's properties, by property name.
    ///
    /// `classNames` are the generated classes: a nested enum of the same name would hide one inside
    /// its class, so it takes another name.
    static func enums(of members: MemberLayout, classNames: Set<String>) -> [String: EnumLayout] {
        var result: [String: EnumLayout] = [:]
        var taken = classNames
        for (property, propertyName) in zip(members.typed, members.names) {
            guard case .enumeration(let values) = property.type else { continue }
            var name = Identifier.typeName(property.key)
            if name.isEmpty || ClassNamer.reservedTypeNames.contains(name) {
                name = name == "Type" ? "Kind" : name + "Value"
            }
            name = Identifier.numbered(name, isTaken: taken.contains)
            taken.insert(name)
            let caseNames = Self.caseNames(values)
            let catchAll =
                caseNames.contains("other") ? Identifier.numbered("unrecognized", isTaken: caseNames.contains) : "other"
            result[propertyName] = EnumLayout(
                name: name, cases: Array(zip(values, caseNames)).map { (value: $0, name: $1) }, catchAll: catchAll)
        }
        return result
    }

    /// The case a non-optional property starts with: the first value seen.
    static func defaultCase(of type: PropertyType) -> String {
        guard case .enumeration(let values) = type, let first = values.first else { return "other(\"\")" }
        return caseNames([first])[0]  // after a dot, keywords need no backticks
    }

    /// The case names of `values`: never `rawValue` or `init`, which the enum declares itself.
    private static func caseNames(_ values: [String]) -> [String] {
        PropertyNamer.names(for: values, taken: ["rawValue", "init"])
    }

    /// The declaration, indented for a class body.
    func declaration(key: String) -> [String] {
        let list = cases.map { Self.declared($0.name) }.joined(separator: ", ")
        var lines = [
            "    /// The values of `\(key)` in the samples; any other value is kept in `.\(catchAll)`.",
            "    enum \(name): RawRepresentable, JastorValue, Hashable, Sendable {",
        ]
        let single = "        case " + list
        if single.count <= 120 {
            lines.append(single)
        } else {
            lines += cases.map { "        case " + Self.declared($0.name) }
        }
        lines += [
            "        /// A value the samples did not show.",
            "        case \(catchAll)(String)",
            "",
            "        init(rawValue: String) {",
            "            switch rawValue {",
        ]
        lines += cases.map { "            case \(SwiftLiteral.string($0.value)): self = .\($0.name)" }
        lines += [
            "            default: self = .\(catchAll)(rawValue)",
            "            }",
            "        }",
            "",
            "        var rawValue: String {",
            "            switch self {",
        ]
        lines += cases.map { "            case .\($0.name): \(SwiftLiteral.string($0.value))" }
        lines += [
            "            case .\(catchAll)(let value): value",
            "            }",
            "        }",
            "    }",
        ]
        return lines
    }

    /// A case name as declared: in backticks when it is a keyword (`open` is one only in context).
    private static func declared(_ name: String) -> String {
        name == "open" ? name : PropertyNamer.declared(name)
    }
}
