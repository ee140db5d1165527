/// Builds models read from an archive, migrating older versions of their classes first.
enum ArchivedModel {
    /// A new `type` filled from an archived object, or `nil` (with an issue) when the archive
    /// holds a newer version of the class, no version for it, or one its migration refused.
    ///
    /// The version is checked before the class is instantiated. What `migrate` hands back is in
    /// the current version's terms, so a class the archive's table does not list, met inside
    /// migrated properties (a model `migrate` introduced), is read as current; a class the table
    /// lists is read at its archived version there too, since migrated properties still hold the
    /// archive's own nested objects. Outside migrated properties, an unlisted class is an issue.
    static func read<Model: JastorObject, Members: JSONObjectSource>(
        _ type: Model.Type, from members: Members, context: inout MappingContext
    ) -> Model? where Members.Member: JSONSource {
        var disposition = context.archive?.disposition(of: type) ?? .current
        if disposition == .unlisted, context.archive?.isInsideMigratedProperties == true { disposition = .current }
        switch disposition {
        case .current:
            let model = type.init()
            MappingEngine.fill(model, from: members, by: .storage, context: &context)
            return model
        case .older(let version):
            var properties = members.foundationDictionary
            properties[MappingEngine.classMarkerKey] = nil
            do {
                try type.migrate(archivedProperties: &properties, fromVersion: version)
            } catch {
                context.record(
                    .unsupportedVersion, expected: "\(type).migrate to read version \(version) of \(type)",
                    found: "an error: \(error)")
                return nil
            }
            let model = type.init()
            let wasInside = context.archive?.isInsideMigratedProperties ?? false
            context.archive?.isInsideMigratedProperties = true
            MappingEngine.fill(model, from: FoundationObject(dictionary: properties), by: .storage, context: &context)
            context.archive?.isInsideMigratedProperties = wasInside
            return model
        case .newer(let version):
            context.record(
                .unsupportedVersion, expected: "\(type) of archive version \(type.archiveVersion) or earlier",
                found: "version \(version), written by a newer version of the class")
            return nil
        case .unlisted:
            context.record(
                .unreadableArchive, expected: "a version for \(type.archiveName) in the archive's class table",
                found: "none")
            return nil
        }
    }
}
