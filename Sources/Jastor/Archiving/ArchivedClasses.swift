/// The model classes one archive holds, checked as each first appears: the archive's class
/// table (name → version: every class written and each of its superclasses below
/// ``JastorObject``) and the guarantee that another process can resolve every name.
struct ArchivedClasses {
    /// Every class written, first-seen order: its archive name, the class, its version and the
    /// transforms its properties are written with (``ClassPlan/archivedTransforms``).
    private(set) var entries: [(name: String, type: ObjectIdentifier, version: Int, transforms: [String: String])] = []
    /// The (class, declared class) pairs already checked.
    private var checked: [(type: ObjectIdentifier, declared: ObjectIdentifier)] = []

    /// The class table as the envelope records it.
    var table: JSONObject {
        var table = JSONObject(capacity: entries.count)
        for entry in entries {
            table.appendNew(.integer(Int64(entry.version)), forKey: entry.name)
        }
        return table
    }

    /// The transform table as the envelope records it (``ArchiveTransforms``): archive name →
    /// property name → transform, for the classes whose properties have any, in the class
    /// table's order and by property name, so that the same graph is written byte for byte alike.
    var transformTable: JSONObject {
        var table = JSONObject(capacity: entries.count)
        for entry in entries where !entry.transforms.isEmpty {
            var properties = JSONObject(capacity: entry.transforms.count)
            for (name, transform) in entry.transforms.sorted(by: { $0.key < $1.key }) {
                properties.appendNew(.string(transform), forKey: name)
            }
            table.appendNew(.object(properties), forKey: entry.name)
        }
        return table
    }

    /// Whether the pair is seen for the first time (and is now marked as seen).
    fileprivate mutating func isFirstSight(of type: ObjectIdentifier, declaredAs declared: ObjectIdentifier) -> Bool {
        guard !checked.contains(where: { $0.type == type && $0.declared == declared }) else { return false }
        checked.append((type, declared))
        return true
    }

    /// Adds a class; returns the class that already took `name`, if another did.
    fileprivate mutating func add(
        _ identity: ArchiveIdentity, of type: ObjectIdentifier, transforms: @autoclosure () -> [String: String]
    ) -> ObjectIdentifier? {
        if let taken = entries.first(where: { $0.name == identity.name }) {
            return taken.type == type ? nil : taken.type
        }
        entries.append((identity.name, type, identity.version, transforms()))
        return nil
    }
}

extension EncodingContext {
    /// Checks, the first time `type` is written where `declared` is expected, that the archive
    /// can name it: a stable name no other written class has, and (when the reader resolves it
    /// from a `$class` marker) one that resolves to `type` where `declared` is declared.
    ///
    /// Records a `.disallowedClass` issue at the current path when it cannot.
    ///
    /// - Parameters:
    ///   - type: The model's class.
    ///   - declared: The class the reading side expects here.
    ///   - identity: The class's archive name and version.
    ///   - resolvedByReader: Whether reading resolves the class (not for models inside untyped
    ///     values, which read back as dictionaries).
    mutating func checkArchivable(
        _ type: JastorObject.Type, declaredAs declared: JastorObject.Type, identity: ArchiveIdentity,
        resolvedByReader: Bool
    ) {
        guard archivedClasses.isFirstSight(of: ObjectIdentifier(type), declaredAs: ObjectIdentifier(declared)) else {
            return
        }
        switch identity.problem {
        case .name(let problem)?:
            record(
                .disallowedClass,
                expected: "a class with an archive name another process can resolve "
                    + "(override \(type).archiveName)", found: "\(type), with \(problem)")
            return
        case .version(let version)?:
            record(
                .disallowedClass,
                expected: "a class with an archive version of 1 or more (override \(type).archiveVersion)",
                found: "\(type), with archive version \(version)")
            return
        case nil:
            break
        }
        if archivedClasses.add(
            identity, of: ObjectIdentifier(type), transforms: plans.plan(for: type).archivedTransforms)
            != nil
        {
            record(
                .disallowedClass, expected: "one archived class per archive name (override archiveName)",
                found: "\(String(reflecting: type)) and another class both named \(identity.name.debugDescription)")
            return
        }
        guard recordBaseClasses(of: type, identity: identity) else { return }
        guard resolvedByReader, type != declared else { return }
        switch ArchiveClassRegistry.shared.family(of: declared).resolve(identity.name) {
        case .resolved(let resolved) where resolved == type:
            return
        case .resolved(let other):
            record(
                .disallowedClass, expected: "\(declared) or a subclass named \(identity.name.debugDescription)",
                found: "\(type), whose name stands for \(String(reflecting: other)) there (override archiveName)")
        case .ambiguous(let names):
            record(
                .disallowedClass,
                expected: "one class named \(identity.name.debugDescription) where \(declared) is "
                    + "declared (override archiveName)", found: names.joined(separator: ", "))
        case .unknown:
            record(
                .disallowedClass,
                expected: "\(declared) or a subclass that \(declared).archiveSubclasses lists "
                    + "or JastorObject.registerForArchiving(_:) registers",
                found: "\(type), which another process "
                    + "could not resolve")
        }
    }

    /// Adds the superclasses of `type` below ``JastorObject`` to the class table, so that reading
    /// migrates a model's inherited properties from the version of the class that declares them.
    ///
    /// A superclass that shares the class's archive name (an inherited `archiveName`) is not
    /// listed apart: reading does not look a base class's version up under its subclass's names.
    /// Records a `.disallowedClass` issue, and returns `false`, when a superclass's name or version
    /// cannot be recorded.
    private mutating func recordBaseClasses(of type: JastorObject.Type, identity: ArchiveIdentity) -> Bool {
        var next: AnyClass? = _getSuperclass(type)
        while let base = next as? JastorObject.Type, base != JastorObject.self {
            next = _getSuperclass(base)
            let baseIdentity = ArchiveIdentity(of: base)
            guard baseIdentity.name != identity.name else { continue }
            switch baseIdentity.problem {
            case .name(let problem)?:
                record(
                    .disallowedClass,
                    expected: "a base class with an archive name another process can resolve "
                        + "(override \(base).archiveName)", found: "\(base), base of \(type), with \(problem)")
                return false
            case .version(let version)?:
                record(
                    .disallowedClass,
                    expected: "a base class with an archive version of 1 or more (override \(base).archiveVersion)",
                    found: "\(base), base of \(type), with archive version \(version)")
                return false
            case nil:
                break
            }
            if archivedClasses.add(
                baseIdentity, of: ObjectIdentifier(base), transforms: plans.plan(for: base).archivedTransforms) != nil
            {
                record(
                    .disallowedClass, expected: "one archived class per archive name (override archiveName)",
                    found: "\(String(reflecting: base)) (base of \(type)) and another class both named "
                        + baseIdentity.name.debugDescription)
                return false
            }
        }
        return true
    }
}
