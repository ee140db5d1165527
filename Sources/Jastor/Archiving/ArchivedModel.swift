/// Builds models read from an archive, migrating older versions of their classes first.
enum ArchivedModel {
    /// A new `type` filled from an archived object, or `nil` (with an issue) when the archive
    /// holds a newer version of the class or of a superclass, no version for it, versions it
    /// cannot tell apart, or one a migration refused.
    ///
    /// The versions are checked before the class is instantiated. Each class of the model's chain
    /// below ``JastorObject`` whose archived version is older than its current one migrates the
    /// stored properties from its own archived version, base class first. What `migrate` hands
    /// back is in the current version's terms, so a class the archive's table does not list, met
    /// inside migrated properties (a model `migrate` introduced), is read as current; a class the
    /// table lists is read at its archived version there too, since migrated properties still hold
    /// the archive's own nested objects. Outside migrated properties, an unlisted class is an issue.
    ///
    /// - Parameters:
    ///   - type: The class to build.
    ///   - members: The archived object.
    ///   - rootName: The archive's root class name, for the root; nested models are read under
    ///     their class marker's name, or (without one) under the names of the declared class.
    ///   - context: The reading run.
    /// - Returns: The model, or `nil` when it cannot be read (the issue is recorded).
    static func read<Members: JSONObjectSource>(
        _ type: JastorObject.Type, from members: Members, rootName: String? = nil, context: inout MappingContext
    ) -> JastorObject? where Members.Member: JSONSource {
        let name = rootName ?? markerName(in: members)
        var disposition = context.archive?.disposition(of: type, writtenAs: name) ?? .current(changedTransforms: [])
        if case .unlisted = disposition, context.archive?.isInsideMigratedProperties == true {
            disposition = .current(changedTransforms: [])
        }
        switch disposition {
        case .current(let changes):
            // Refused only when the object holds a value a changed transform would read.
            if !changes.isEmpty, ArchiveTransforms.report(changes, in: members, context: &context) { return nil }
            let model = type.init()
            MappingEngine.fill(model, from: members, by: .storage, context: &context)
            return model
        case .older(let migrations, let changes):
            if !changes.isEmpty, ArchiveTransforms.report(changes, in: members, context: &context) { return nil }
            var properties = members.foundationDictionary
            properties[MappingEngine.classMarkerKey] = nil
            for migration in migrations {
                do {
                    try migration.type.migrate(archivedProperties: &properties, fromVersion: migration.version)
                } catch {
                    let stepType = migration.type == type ? "\(type)" : "\(migration.type) (base of \(type))"
                    context.record(
                        .unsupportedVersion,
                        expected: "\(migration.type).migrate to read version \(migration.version) of \(stepType)",
                        found: "an error: \(error)")
                    return nil
                }
            }
            let model = type.init()
            let wasInside = context.archive?.isInsideMigratedProperties ?? false
            context.archive?.isInsideMigratedProperties = true
            MappingEngine.fill(model, from: FoundationObject(dictionary: properties), by: .storage, context: &context)
            context.archive?.isInsideMigratedProperties = wasInside
            return model
        case .newer(let newer, let version):
            let of = newer == type ? "\(type)" : "\(newer) (base of \(type))"
            context.record(
                .unsupportedVersion, expected: "\(of) of archive version \(newer.archiveVersion) or earlier",
                found: "version \(version), written by a newer version of the class")
            return nil
        case .unlisted:
            context.record(
                .unreadableArchive, expected: "a version for \(type.archiveName) in the archive's class table",
                found: "none")
            return nil
        case .ambiguous(let ambiguous, let entries):
            let listed = entries.map { "\($0.name) (version \($0.version))" }
            let which = ambiguous == type ? "this \(type)" : "the base \(ambiguous) of this \(type)"
            context.record(
                .unreadableArchive,
                expected: "a class marker saying which of \(listed.joined(separator: " and ")) \(which) "
                    + "was archived as", found: "none, and the archive lists those names at different versions")
            return nil
        }
    }

    /// The model an archive's `{"$ref": number}` stands for: the shared model of that number
    /// (``ArchiveIdentities``), read now from the envelope's table if no place read it before, as
    /// a class its marker names that fits where `declared` is declared; `nil`, with an issue, for
    /// a number that is not a positive integer or that the table lacks, a reference beside other
    /// members, a definition that refers back to itself, or a class that does not fit.
    ///
    /// A shared model refused where first asked for is not read again at another place declaring
    /// the same class: the issues that refused it are recorded there again.
    static func model<Members: JSONObjectSource>(
        referencedBy reference: Members.Member, in members: Members, declaredAs declared: JastorObject.Type,
        context: inout MappingContext
    ) -> JastorObject? where Members.Member: JSONSource {
        let marker = ArchiveIdentities.referenceMarker
        var others = 0
        members.forEachMember { key, _ in if key != marker { others += 1 } }
        guard others == 0 else {
            context.record(
                .unreadableArchive, expected: "\(marker) alone in its object (a shared model)",
                found: "\(others) other member\(others == 1 ? "" : "s")")
            return nil
        }
        guard case .scalar(.integer(let wide)) = reference.kind, wide >= 1, let number = Int(exactly: wide) else {
            context.record(
                .unreadableArchive, expected: "the number of a shared model in \(marker)",
                found: reference.kind.summary)
            return nil
        }
        if let model = context.archive?.identities.model(numbered: number) { return model }
        if let issues = context.archive?.identities.refusal(of: number, declaredAs: declared) {
            context.recordAgain(issues)
            return nil
        }
        guard let read = context.archive?.readShared else {
            context.record(
                .unreadableArchive, expected: "a shared model numbered \(number) in the archive's table",
                found: "no table")
            return nil
        }
        guard context.archive?.identities.beginReading(number) == true else {
            context.record(
                .unreadableArchive, expected: "a shared model that does not hold itself",
                found: "model \(number) held inside itself")
            return nil
        }
        let mark = context.issueCount
        // The table is the archive's own content, never what a `migrate` handed back, whichever
        // place asks first: its classes are read at their archived versions.
        let wasInside = context.archive?.isInsideMigratedProperties ?? false
        context.archive?.isInsideMigratedProperties = false
        let model = read(number, declared, &context)
        context.archive?.isInsideMigratedProperties = wasInside
        let issues = model == nil ? context.recordedIssues(since: mark) : []
        context.archive?.identities.endReading(number, model: model, declaredAs: declared, issues: issues)
        return model
    }

    /// The class an archive's class marker `name` stands for where `declared` is declared (shown
    /// as `declaredName`), resolved among the classes archives may name there
    /// (``ArchiveClassRegistry``) before anything is planned or built; `nil`, with a
    /// `.disallowedClass` issue, for a name that stands for none there or for several.
    static func markedClass(
        _ name: String, declaredAs declared: JastorObject.Type, named declaredName: String,
        context: inout MappingContext
    ) -> JastorObject.Type? {
        switch context.archive?.resolve(name, declaredAs: declared) ?? .unknown {
        case .resolved(let type):
            return type
        case .unknown:
            context.record(.disallowedClass, expected: "\(declaredName) or a subclass", found: "class \(name)")
        case .ambiguous(let candidates):
            context.record(
                .disallowedClass,
                expected: "one class named \(name.debugDescription) where \(declaredName) is declared",
                found: candidates.joined(separator: ", "))
        }
        return nil
    }

    /// The name a model's class marker gives, if it has one.
    private static func markerName<Members: JSONObjectSource>(in members: Members) -> String?
    where Members.Member: JSONSource {
        guard let marker = members[MappingEngine.classMarkerKey], case .scalar(.string(let name)) = marker.kind else {
            return nil
        }
        return name
    }
}
