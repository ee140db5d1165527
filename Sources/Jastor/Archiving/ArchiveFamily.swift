/// The classes archives may name where one class is declared, by every name they answer to.
struct ArchiveFamily: Sendable {
    /// What a name resolves to.
    enum Resolution {
        case resolved(JastorObject.Type)
        case unknown
        /// Several classes answer to the name; their full Swift names.
        case ambiguous([String])
    }

    let base: JastorObject.Type
    /// Each member's archive name and aliases.
    private let byName: [String: [JastorObject.Type]]
    /// Each member's module-free Swift name, archive name and aliases (module-free too), which
    /// archives of format version 1 (`Module.Name`) are matched against.
    private let byLegacyName: [String: [JastorObject.Type]]

    init(base: JastorObject.Type, registered: [JastorObject.Type]) {
        var members: [JastorObject.Type] = []
        var seen: Set<ObjectIdentifier> = []
        var pending = registered.reversed() + [base]
        while let next = pending.popLast() {
            guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
            if ArchiveClassRegistry.isClass(next, inheritingFrom: base) { members.append(next) }
            pending += next.archiveSubclasses.reversed()
        }
        var byName: [String: [JastorObject.Type]] = [:]
        var byLegacyName: [String: [JastorObject.Type]] = [:]
        for member in members {
            let identity = ArchiveIdentity(of: member)
            for name in Set([identity.name] + identity.aliases) {
                byName[name, default: []].append(member)
            }
            let legacyNames = [ArchiveIdentity.defaultName(of: member), identity.name] + identity.aliases
            for name in Set(legacyNames.map(ArchiveIdentity.moduleFreeName)) {
                byLegacyName[name, default: []].append(member)
            }
        }
        self.base = base
        self.byName = byName
        self.byLegacyName = byLegacyName
    }

    /// Reports each class that `type`'s `archiveSubclasses` table lists outside the hierarchy
    /// below the class declaring the table: the family leaves it out, so archives never resolve it.
    ///
    /// A subclass inherits the table, so the class declaring it is the highest of `type`'s chain
    /// whose table lists the same classes; a table may list that class itself.
    static func declarationIssues(of type: JastorObject.Type, className: String) -> [JastorIssue] {
        let table = type.archiveSubclasses
        guard !table.isEmpty else { return [] }
        let listed = table.map(ObjectIdentifier.init)
        var declaring = type
        while let superclass = _getSuperclass(declaring) as? JastorObject.Type, superclass != JastorObject.self,
            superclass.archiveSubclasses.map(ObjectIdentifier.init) == listed
        {
            declaring = superclass
        }
        return table.filter { !ArchiveClassRegistry.isClass($0, inheritingFrom: declaring) }.map { stranger in
            JastorIssue(
                path: [.key(className), .key("archiveSubclasses")], kind: .invalidDeclaration,
                expected: "subclasses of \(TypeName.short(declaring))",
                found: "\(TypeName.short(stranger)), which is not one (archives never resolve it there)")
        }
    }

    /// The member that answers to `name`; in a format-version-1 archive (`legacy`), a name
    /// whose module differs from today's still finds its class.
    func resolve(_ name: String, legacy: Bool = false) -> Resolution {
        var found = byName[name] ?? []
        if found.isEmpty, legacy { found = byLegacyName[ArchiveIdentity.moduleFreeName(name)] ?? [] }
        switch found.count {
        case 0: return .unknown
        case 1: return .resolved(found[0])
        default: return .ambiguous(found.map { String(reflecting: $0) }.sorted())
        }
    }
}
