/// Gives a class's keys property names: `lowerCamelCase` with upper-case initialisms, Swift keywords
/// in backticks, names that clash with `JastorObject`'s own members renamed as a person would
/// (`description` → `summary`, else with `Value`), and a repeated name numbered, in key order.
enum PropertyNamer {
    /// Keywords a property may use in backticks (`var `default` = false`).
    static let escapedKeywords: Set<String> = [
        "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
        "in", "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol", "public",
        "repeat", "rethrows", "return", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while",
    ]

    /// Names a subclass of `JastorObject` cannot declare, or a key path cannot reach.
    static let renamedNames: Set<String> = [
        "Protocol", "Self", "Type", "archive", "archivedData", "arrayElementTypes", "debugDescription",
        "declarationIssues", "description", "encode", "hash", "hashValue", "init", "keyStrategy", "modelClass",
        "properties", "self", "toDictionary", "unarchive", "update",
    ]

    /// What a person names a key that clashes with a `JastorObject` member.
    static let readableRenames = [
        "description": "summary", "debugDescription": "debugSummary", "hash": "digest", "hashValue": "digestValue",
        "properties": "attributes", "self": "selfValue", "init": "initial", "update": "updateInfo",
    ]

    /// The property name for each key (without backticks), avoiding the names in `taken`; with
    /// `acronyms`, initialisms are upper-cased (`htmlURL`) where `strategy` still derives the key.
    static func names(
        for keys: [String], taken: Set<String> = [], strategy: MemberLayout.KeyStrategy = .exact,
        acronyms: Bool = false
    ) -> [String] {
        var used = taken
        return keys.map { key in
            var name = Identifier.propertyName(key)
            if acronyms {
                let upper = Identifier.propertyName(key, acronyms: true)
                if strategy.key(for: upper) == key || strategy.key(for: name) != key { name = upper }
            }
            if let readable = readableRenames[name] { name = readable }
            while renamedNames.contains(name) { name += "Value" }
            name = Identifier.numbered(name, isTaken: used.contains)
            used.insert(name)
            return name
        }
    }

    /// The name as declared: in backticks when it is a keyword.
    static func declared(_ name: String) -> String {
        escapedKeywords.contains(name) ? "`\(name)`" : name
    }
}
