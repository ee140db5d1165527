/// Gives every class a unique Swift name: the root name for a sample's root, else the name the key
/// where it was first seen suggests (`statuses` → `Status`), with the prefix; a clash with a Swift, Foundation or
/// Jastor type gains `Model`, and a clash with an earlier class gains its holder's name, then a number.
enum ClassNamer {
    /// Type names a generated class must not take.
    static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Calendar", "Character", "Codable", "Data", "Date", "Decimal",
        "Dictionary", "Double", "Equatable", "Error", "Float", "Foundation", "Hashable", "Index", "Int", "Int16",
        "Int32", "Int64", "Int8", "Jastor", "JastorArchiveFormat", "JastorError", "JastorIssue", "JastorJSONObject",
        "JastorJSONOptions", "JastorKeyPolicy", "JastorKeyStrategy", "JastorLimits", "JastorModel", "JastorObject",
        "JastorPassthrough", "JastorPath", "JastorProperty", "JastorPropertyBuilder", "JastorTransfer",
        "JastorTransform", "JastorValue", "Locale", "Never", "Notification", "Optional", "Protocol", "Range", "Result",
        "Self",
        "Set", "String", "Swift", "Thread", "TimeZone", "Timer", "Type", "UInt", "URL", "UUID", "Void",
    ]

    /// The names of `nodes`, in order.
    static func names(of nodes: [ClassNode], prefix: String) -> [String] {
        var names: [String] = []
        // Compared case-insensitively: each class is a file, and `MetaData.swift` and `Metadata.swift`
        // are one file on the default macOS and Windows file systems.
        var taken: Set<String> = []
        let soleHints = Set(nodes.compactMap { Set($0.nameHints).count == 1 ? $0.nameHints.first : nil })
        for node in nodes {
            let base = prefix + (node.rootName ?? bestHint(node.nameHints, avoiding: soleHints))
            var name = base
            while reservedTypeNames.contains(name) { name += "Model" }
            if taken.contains(name.lowercased()), let parent = node.parent, parent < names.count {
                name = names[parent] + String(name.dropFirst(prefix.count))
            }
            name = Identifier.numbered(name) { taken.contains($0.lowercased()) }
            taken.insert(name.lowercased())
            names.append(name)
        }
        return names
    }

    /// The name of the first place the class was seen, leaving to other classes the names they have
    /// no alternative to; `Model` when no key suggested a name.
    private static func bestHint(_ hints: [String], avoiding soleHints: Set<String>) -> String {
        let named = hints.filter { !$0.isEmpty }
        let candidates = Set(named).count > 1 ? named.filter { !soleHints.contains($0) } : named
        return candidates.first ?? named.first ?? "Model"
    }
}
