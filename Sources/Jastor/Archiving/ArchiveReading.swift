/// What a run reading an archive knows about it: how its class names resolve, and the version
/// each class was archived at.
///
/// Each class is resolved once per run, and its versions (its own and its superclasses') compared
/// once per run and name it was written under.
struct ArchiveReading {
    /// What to do with a model of one class, read under one name.
    enum Disposition {
        /// The archive holds the current version of the class and of each of its superclasses:
        /// map it.
        ///
        /// The properties listed (with the class of the chain that declares each) are written
        /// with other transforms than the archive records for the class (``ArchiveTransforms``): a
        /// value of one is refused.
        case current(changedTransforms: [ArchiveTransforms.DeclaredChange])
        /// The archive holds older versions of some classes of the model's chain: migrate from
        /// each, base class first, then map.
        ///
        /// The properties listed changed their transforms in classes of the chain archived at
        /// their current version, which no `migrate` converts: a value of one is refused.
        case older([Migration], changedTransforms: [ArchiveTransforms.DeclaredChange])
        /// The archive holds a newer version of `type` (the class or a superclass): refuse it.
        case newer(JastorObject.Type, Int)
        /// The archive's class table has no version for the class: refuse it, except inside
        /// migrated properties (see ``ArchivedModel``).
        case unlisted
        /// The model has no class marker and the class answers to several names the table lists
        /// at different versions (`type`'s, the class or a superclass): which one the model was
        /// written as is unknown, so it is refused.
        case ambiguous(JastorObject.Type, [(name: String, version: Int)])
    }

    /// One class's `migrate` to run, and the version it reads from.
    struct Migration {
        let type: JastorObject.Type
        let version: Int
    }

    /// Whether the archive is of format version 1, whose names are `Module.Name` and which
    /// records no class versions (every class is at version 1).
    let isLegacy: Bool
    /// Whether the archive is of format version 3, whose models may be `$ref`s to one read before.
    let usesReferences: Bool
    /// The shared models read so far (``ArchiveIdentities``).
    var identities = ArchiveIdentities()
    /// Reads the shared model of a number from the envelope's table, as a class that fits where
    /// the given class is declared; `nil` when the archive has no table.
    var readShared: ((Int, JastorObject.Type, inout MappingContext) -> JastorObject?)?
    /// The archive's class table: archive name → class version.
    private let classVersions: [String: Int]
    /// The archive's transform table (``ArchiveTransforms``), or `nil` when it records none.
    private let transforms: [String: [String: String]]?
    /// Whether the run is reading properties an older version's `migrate` handed back, which are
    /// in the current version's terms.
    var isInsideMigratedProperties = false
    private var families: [(base: ObjectIdentifier, family: ArchiveFamily)] = []
    private var dispositions: [(type: ObjectIdentifier, name: String?, disposition: Disposition)] = []

    init(formatVersion: Int, classVersions: [String: Int], transforms: [String: [String: String]]? = nil) {
        self.isLegacy = formatVersion < 2
        self.usesReferences = formatVersion >= 3
        self.classVersions = classVersions
        self.transforms = transforms
    }

    /// The class `name` stands for where `base` is declared (see ``ArchiveClassRegistry``).
    mutating func resolve(_ name: String, declaredAs base: JastorObject.Type) -> ArchiveFamily.Resolution {
        let id = ObjectIdentifier(base)
        if let known = families.first(where: { $0.base == id }) { return known.family.resolve(name, legacy: isLegacy) }
        let family = ArchiveClassRegistry.shared.family(of: base)
        families.append((id, family))
        return family.resolve(name, legacy: isLegacy)
    }

    /// What to do with an archived model of `type`, from the archive's versions of the class and
    /// of its superclasses below ``JastorObject`` and from the classes' current versions.
    ///
    /// - Parameters:
    ///   - type: The model's class.
    ///   - name: The name the model was written under (its class marker, or the root class), or
    ///     `nil` for a model of the declared class, written without one.
    /// - Returns: Whether to map the model as it is, migrate it first, or refuse it.
    mutating func disposition(of type: JastorObject.Type, writtenAs name: String?) -> Disposition {
        let id = ObjectIdentifier(type)
        if let known = dispositions.first(where: { $0.type == id && $0.name == name }) { return known.disposition }
        let disposition = computedDisposition(of: type, writtenAs: name)
        dispositions.append((id, name, disposition))
        return disposition
    }

    private func computedDisposition(of type: JastorObject.Type, writtenAs name: String?) -> Disposition {
        let identity = ArchiveIdentity(of: type)
        let ownNames = [identity.name] + identity.aliases
        var migrations: [Migration] = []
        switch archivedVersion(among: ownNames, writtenAs: name) {
        case .none:
            return .unlisted
        case .ambiguous(let entries):
            return .ambiguous(type, entries)
        case .version(let stored):
            if stored > identity.version { return .newer(type, stored) }
            if stored < identity.version { migrations.append(Migration(type: type, version: stored)) }
        }
        // Superclasses, nearest first; an archive that lists none of a superclass's names was
        // written before superclasses were recorded, and reads its properties as current.
        var next: AnyClass? = _getSuperclass(type)
        while let base = next as? JastorObject.Type, base != JastorObject.self {
            next = _getSuperclass(base)
            let baseIdentity = ArchiveIdentity(of: base)
            let names = ([baseIdentity.name] + baseIdentity.aliases).filter { !ownNames.contains($0) }
            switch archivedVersion(among: names, writtenAs: nil) {
            case .none:
                continue
            case .ambiguous(let entries):
                return .ambiguous(base, entries)
            case .version(let stored):
                if stored > baseIdentity.version { return .newer(base, stored) }
                if stored < baseIdentity.version { migrations.insert(Migration(type: base, version: stored), at: 0) }
            }
        }
        let changes = changedTransforms(of: type, writtenAs: name, migrating: migrations.map(\.type))
        guard migrations.isEmpty else { return .older(migrations, changedTransforms: changes) }
        return .current(changedTransforms: changes)
    }

    /// The properties of a model of `type`, written under `name`, whose transforms are not the
    /// ones the archive records (``ArchiveTransforms``), each with the class of the chain that
    /// declares it; none when the archive records no transforms.
    ///
    /// Each class of the chain answers for the properties it declares: one archived at an older
    /// version (`migrating`) has its `migrate` convert them, so they are left out; one at its
    /// current version promises they are in its current terms, so they are compared, whichever
    /// class's version sends the model through `migrate`. The recorded transforms are found as
    /// ``archivedVersion(among:writtenAs:)`` finds the version: under the marker's name when the
    /// table lists it, else under each of the class's listed names (a model without a marker may
    /// have been written as any of them, so a transform any of them records otherwise is a change,
    /// never a guess); an unlisted name (a class marker in what `migrate` handed back) recorded
    /// nothing.
    private func changedTransforms(
        of type: JastorObject.Type, writtenAs name: String?, migrating: [JastorObject.Type]
    ) -> [ArchiveTransforms.DeclaredChange] {
        guard let transforms else { return [] }
        // The shared cache: a class's plan is built once per process (this run's `RunPlans` is
        // a memo over it).
        let plan = PlanCache.shared.plan(for: type)
        let identity = plan.archiveIdentity
        let written =
            if let name, classVersions[name] != nil {
                [name]
            } else {
                ([identity.name] + identity.aliases).filter { classVersions[$0] != nil }
            }
        var changes: [ArchiveTransforms.Change] = []
        for candidate in written {
            for change in ArchiveTransforms.changes(from: transforms[candidate] ?? [:], to: plan.archivedTransforms)
            where !changes.contains(where: { $0.property == change.property }) {
                changes.append(written.count > 1 ? change.writtenAs(candidate) : change)
            }
        }
        return changes.sorted { $0.property < $1.property }.compactMap { change in
            let owner = Self.declaringClass(of: change.property, in: type)
            return migrating.contains(where: { $0 == owner }) ? nil : (change, owner)
        }
    }

    /// The class of `type`'s chain below ``JastorObject`` that declares `property`: the furthest
    /// base class whose plan has it (`type` itself for a property no plan has, one the class
    /// dropped since).
    private static func declaringClass(of property: String, in type: JastorObject.Type) -> JastorObject.Type {
        var owner = type
        var next: AnyClass? = _getSuperclass(type)
        while let base = next as? JastorObject.Type, base != JastorObject.self {
            next = _getSuperclass(base)
            guard PlanCache.shared.plan(for: base).properties.contains(where: { $0.name == property }) else { break }
            owner = base
        }
        return owner
    }

    private enum ArchivedVersion {
        case none
        case version(Int)
        case ambiguous([(name: String, version: Int)])
    }

    /// The version the table records for a class answering to `names`: the one of the name the
    /// model was written under when known, else the one all its listed names share.
    private func archivedVersion(among names: [String], writtenAs name: String?) -> ArchivedVersion {
        if isLegacy { return .version(1) }
        if let name, let stored = classVersions[name] { return .version(stored) }
        var listed: [(name: String, version: Int)] = []
        for name in names where !listed.contains(where: { $0.name == name }) {
            if let stored = classVersions[name] { listed.append((name, stored)) }
        }
        guard let first = listed.first else { return .none }
        return listed.allSatisfy({ $0.version == first.version }) ? .version(first.version) : .ambiguous(listed)
    }
}
