/// The model classes archives may name, and how names resolve to them.
///
/// An archive never makes the runtime look a class up by name. A name is resolved only within
/// the *family* of the class declared where it appears: that class, the subclasses its
/// `archiveSubclasses` table lists (and theirs, transitively), and the classes the app registered
/// with `JastorObject.registerForArchiving(_:)`, each kept only if the runtime's class metadata
/// says it is the declared class or a subclass (asked without instantiating anything). Writing
/// uses the same resolution, so a class another process could not resolve is refused when the
/// archive is written.
final class ArchiveClassRegistry: Sendable {
    static let shared = ArchiveClassRegistry()

    private struct State {
        var registered: [JastorObject.Type] = []
        var families: [ObjectIdentifier: ArchiveFamily] = [:]
        /// Bumped by each registration, so that a family built from an older list is not stored.
        var generation = 0
    }

    private let state = Locked(State())

    /// Adds classes that archives may name wherever a superclass of theirs is declared.
    func register(_ types: [JastorObject.Type]) {
        state.withLock { state in
            for type in types where !state.registered.contains(where: { $0 == type }) {
                state.registered.append(type)
            }
            state.families.removeAll()
            state.generation += 1
        }
    }

    /// The classes archives may name where `base` is declared.
    ///
    /// Built on first use, outside the lock (it reads the classes' archive tables and names).
    func family(of base: JastorObject.Type) -> ArchiveFamily {
        let id = ObjectIdentifier(base)
        let (known, registered, generation) = state.withLock { ($0.families[id], $0.registered, $0.generation) }
        if let known { return known }
        let built = ArchiveFamily(base: base, registered: registered)
        return state.withLock { state in
            if let existing = state.families[id] { return existing }
            if state.generation == generation { state.families[id] = built }
            return built
        }
    }

    /// Whether `candidate` is `base` or a subclass of it, asked of the runtime's class metadata:
    /// neither class is instantiated nor planned.
    static func isClass(_ candidate: JastorObject.Type, inheritingFrom base: JastorObject.Type) -> Bool {
        // Opening the existential binds `Base` to `base`'s dynamic class, so the cast checks the
        // class hierarchy at run time.
        func fits<Base: JastorValue>(_: Base.Type) -> Bool { candidate is Base.Type }
        let opened: any JastorValue.Type = base
        return fits(opened)
    }
}

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
