/// What a run reading an archive knows about it: how its class names resolve, and the version
/// each class was archived at.
///
/// Each class is resolved, and its version compared, once per run.
struct ArchiveReading {
    /// What to do with a model of one class.
    enum Disposition: Equatable {
        /// The archive holds the class's current version: map it.
        case current
        /// The archive holds an older version: migrate, then map.
        case older(Int)
        /// The archive holds a newer version than the class: refuse it.
        case newer(Int)
        /// The archive's class table has no version for the class: refuse it, except inside
        /// migrated properties (see ``ArchivedModel``).
        case unlisted
    }

    /// Whether the archive is of format version 1, whose names are `Module.Name` and which
    /// records no class versions (every class is at version 1).
    let isLegacy: Bool
    /// The archive's class table: archive name → class version.
    private let classVersions: [String: Int]
    /// Whether the run is reading properties an older version's `migrate` handed back, which are
    /// in the current version's terms.
    var isInsideMigratedProperties = false
    private var families: [(base: ObjectIdentifier, family: ArchiveFamily)] = []
    private var dispositions: [(type: ObjectIdentifier, disposition: Disposition)] = []

    init(formatVersion: Int, classVersions: [String: Int]) {
        self.isLegacy = formatVersion < 2
        self.classVersions = classVersions
    }

    /// The class `name` stands for where `base` is declared (see ``ArchiveClassRegistry``).
    mutating func resolve(_ name: String, declaredAs base: JastorObject.Type) -> ArchiveFamily.Resolution {
        let id = ObjectIdentifier(base)
        if let known = families.first(where: { $0.base == id }) { return known.family.resolve(name, legacy: isLegacy) }
        let family = ArchiveClassRegistry.shared.family(of: base)
        families.append((id, family))
        return family.resolve(name, legacy: isLegacy)
    }

    /// What to do with an archived model of `type`, from the class's version and the archive's.
    mutating func disposition(of type: JastorObject.Type) -> Disposition {
        let id = ObjectIdentifier(type)
        if let known = dispositions.first(where: { $0.type == id }) { return known.disposition }
        let identity = ArchiveIdentity(of: type)
        let disposition: Disposition
        let names = [identity.name] + identity.aliases
        if let stored = isLegacy ? 1 : names.first(where: { classVersions[$0] != nil }).flatMap({ classVersions[$0] }) {
            disposition =
                stored == identity.version ? .current : stored < identity.version ? .older(stored) : .newer(stored)
        } else {
            disposition = .unlisted
        }
        dispositions.append((id, disposition))
        return disposition
    }
}
