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
