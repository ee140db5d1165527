import Foundation

extension JastorObject {
    // MARK: Archiving

    /// Writes the model and everything it holds to a file, atomically.
    ///
    /// The archive is written to a temporary file beside `url` (`.<name>.jastor-tmp-<random>`),
    /// flushed to disk and renamed over `url` only when complete, so a failed or killed write
    /// leaves any earlier file at `url` as it was. Only a regular file is replaced: a folder, a
    /// named pipe, a device or a socket at `url` (or where its links lead), and a URL naming a
    /// folder (ending in `/`), are refused before anything is written. An existing file keeps its
    /// permissions; a symbolic link at `url` is followed, replacing the file it points to (written
    /// beside it). A failed write removes its temporary file, and the next write removes any a
    /// killed writer left. The archive records the class of the root model and of every nested
    /// model stored under a property of a less specific type, so ``unarchive(from:)-(URL)``
    /// rebuilds a graph of equal models (a model held in two places comes back as two).
    ///
    /// ```swift
    /// try catalog.archive(to: URL(fileURLWithPath: "catalog.archive"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - format: The file format; a binary property list unless you ask for JSON.
    /// - Throws: ``JastorError`` naming `url`, when the model holds a value JSON cannot represent
    ///   (or a cycle), `url` is not a file URL or names something other than a regular file, or the
    ///   file cannot be written.
    public final func archive(to url: URL, format: JastorArchiveFormat = .binaryPropertyList) throws {
        let data: Data
        do {
            data = try archivedData(format: format)
        } catch let error as JastorError {
            throw JastorError(issues: error.issues, file: url)
        }
        try ArchiveFileWriter.write(data, to: url)
    }

    /// The archive of the model, as ``archive(to:format:)`` would write it.
    ///
    /// ```swift
    /// let data = try product.archivedData(format: .json)
    /// ```
    ///
    /// - Parameter format: The archive format.
    /// - Returns: The archive's bytes.
    /// - Throws: ``JastorError`` when the model holds a value JSON cannot represent, or a model
    ///   whose class another process could not resolve from the archive (`.disallowedClass`: see
    ///   ``archiveSubclasses`` and ``registerForArchiving(_:)``), or more values than
    ///   ``JastorLimits/maximumValueCount`` (`.tooManyValues`), counted as reading the archive
    ///   counts them (a model held in several places is written once, and referred to where it
    ///   is held).
    public final func archivedData(format: JastorArchiveFormat = .binaryPropertyList) throws -> Data {
        let limits = JastorLimits.current
        var context = EncodingContext(purpose: .archive, limits: limits)
        let root = MappingEngine.encode(self, declaredType: type(of: self), context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        let referenced = context.archiveIdentities.referenced
        let envelope = ArchiveEnvelope(
            format: ArchiveHeader.formatName,
            version: referenced.isEmpty ? ArchiveHeader.versionWithoutReferences : ArchiveHeader.currentVersion,
            rootClass: context.plans.plan(for: type(of: self)).archiveIdentity.name,
            classes: context.archivedClasses.table, transforms: context.archivedClasses.transformTable, root: root,
            referenced: referenced)
        switch format {
        case .json: return try envelope.jsonText(within: limits)
        case .binaryPropertyList: return try envelope.propertyList(within: limits)
        }
    }

    // MARK: Unarchiving

    /// Reads a model back from an archive file.
    ///
    /// The archive's root class must be the class this is called on or one of its subclasses;
    /// an archive of a subclass comes back as that subclass (which this class's
    /// ``archiveSubclasses`` must list, or ``registerForArchiving(_:)`` register). Models of an
    /// older ``archiveVersion`` of their class are migrated first. A missing, empty, truncated,
    /// corrupt or foreign file, or an archive of a newer format version, is an error naming
    /// the file. So is a URL that is not a file URL, anything but a regular file (a folder, a
    /// named pipe, a device such as `/dev/zero`: refused before a byte is read, without waiting
    /// for a pipe's writer), and a file of more than 4 GiB - 1 bytes, the largest archive read.
    ///
    /// ```swift
    /// let catalog = try Catalog.unarchive(from: URL(fileURLWithPath: "catalog.archive"))
    /// ```
    ///
    /// - Parameter url: The archive file.
    /// - Returns: The model, of the archived class.
    /// - Throws: ``JastorError`` saying what is wrong with the file.
    public static func unarchive(from url: URL) throws -> Self {
        let data = try ArchiveFileReader.read(url)
        do {
            return try unarchive(from: data)
        } catch {
            throw JastorError(issues: error.issues, file: url)
        }
    }

    /// Reads a model back from archive bytes, as ``unarchive(from:)-(URL)`` reads a file.
    ///
    /// ```swift
    /// let copy = try Product.unarchive(from: try product.archivedData())
    /// ```
    ///
    /// - Parameter data: The archive's bytes.
    /// - Returns: The model, of the archived class.
    /// - Throws: ``JastorError`` saying what is wrong with the data.
    public static func unarchive(from data: Data) throws(JastorError) -> Self {
        let archive = try ArchiveReader.open(data)
        var context = MappingContext(archive: archive.reading)
        // The name resolves among this class's archive family, and the runtime checks the class
        // there, before anything instantiates it (even to plan it).
        let resolution = context.archive?.resolve(archive.rootClass, declaredAs: self) ?? .unknown
        guard case .resolved(let resolved) = resolution, let type = resolved as? Self.Type else {
            let found =
                if case .ambiguous(let names) = resolution {
                    "one of \(archive.rootClass), the name of \(names.joined(separator: " and "))"
                } else {
                    "one of \(archive.rootClass)"
                }
            throw ArchiveReader.error(.disallowedClass, expected: "an archive of \(self) or a subclass", found: found)
        }
        let model = archive.readRoot(type, &context)
        guard context.issues.isEmpty, let model = model as? Self else { throw JastorError(issues: context.issues) }
        return model
    }

    /// Lets archives name `classes` wherever a superclass of theirs is declared.
    ///
    /// Reading resolves a class name recorded in an archive only among the declared class, the
    /// subclasses its ``archiveSubclasses`` lists, and the classes registered here. Register at
    /// launch, before archives are read or written, classes that no table lists: subclasses
    /// defined in another module, say, or stored in a property typed ``JastorObject``.
    ///
    /// ```swift
    /// JastorObject.registerForArchiving(PushEvent.self, WatchEvent.self)
    /// ```
    ///
    /// - Parameter classes: Model classes; registering one twice does nothing.
    public static func registerForArchiving(_ classes: JastorObject.Type...) {
        ArchiveClassRegistry.shared.register(classes)
    }
}
