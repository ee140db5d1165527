import Foundation

/// The file format of a model archive.
///
/// ```swift
/// try product.archive(to: url, format: .json)
/// ```
public enum JastorArchiveFormat: Sendable, Hashable {
    /// A binary property list: compact and fast.
    case binaryPropertyList
    /// UTF-8 JSON: readable and diffable.
    case json
}

/// What identifies an archive: its format name, and the versions this library reads.
private enum ArchiveHeader {
    static let formatName = "jastor-archive"
    /// Version 2 records module-free archive names with a class table, escapes strings starting
    /// with `$` and spells non-JSON values with markers (``ArchiveSpelling``).
    static let currentVersion = 2
    /// Version 1 recorded `String(reflecting:)` class names (`Module.Name`) and no class table.
    static let oldestVersion = 1
}

/// A whole archive as written: the format name and version, the root model's class, the
/// archive name and version of every model class it holds, and the root.
private struct ArchiveEnvelope {
    let format: String
    let version: Int
    let rootClass: String
    let classes: JSONObject
    let root: JSONValue

    /// The envelope as one JSON object, in this order.
    var members: JSONObject {
        var envelope = JSONObject(capacity: 5)
        envelope.appendNew(.string(format), forKey: "format")
        envelope.appendNew(.integer(Int64(version)), forKey: "version")
        envelope.appendNew(.string(rootClass), forKey: "rootClass")
        envelope.appendNew(.object(classes), forKey: "classes")
        envelope.appendNew(root, forKey: "root")
        return envelope
    }

    /// The envelope as JSON text, written directly rather than through `JSONEncoder`.
    func jsonText() throws(JastorError) -> Data {
        var writer = JSONTextWriter()
        try writer.writeObject(members)
        return Data(writer.bytes)
    }
}

extension JastorObject {
    // MARK: Archiving

    /// Writes the model and everything it holds to a file, atomically.
    ///
    /// The archive is written to a temporary file beside `url` (`.<name>.jastor-tmp-<random>`),
    /// flushed to disk and renamed over `url` only when complete, so a failed or killed write
    /// leaves any earlier file at `url` as it was. An existing file keeps its permissions; a
    /// symbolic link at `url` is followed, replacing the file it points to. A failed write
    /// removes its temporary file, and the next write removes any a killed writer left. The
    /// archive records the class of the root model and of every nested model stored under a
    /// property of a less specific type, so ``unarchive(from:)-(URL)`` rebuilds the same graph.
    ///
    /// ```swift
    /// try catalog.archive(to: URL(fileURLWithPath: "catalog.archive"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - format: The file format; a binary property list unless you ask for JSON.
    /// - Throws: ``JastorError`` naming `url`, when the model holds a value JSON cannot represent
    ///   (or a cycle), or the file cannot be written.
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
    ///   ``archiveSubclasses`` and ``registerForArchiving(_:)``).
    public final func archivedData(format: JastorArchiveFormat = .binaryPropertyList) throws -> Data {
        var context = EncodingContext(purpose: .archive)
        let root = MappingEngine.encode(self, declaredType: type(of: self), context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        let envelope = ArchiveEnvelope(
            format: ArchiveHeader.formatName, version: ArchiveHeader.currentVersion,
            rootClass: context.plans.plan(for: type(of: self)).archiveIdentity.name,
            classes: context.archivedClasses.table, root: root)
        switch format {
        case .json: return try envelope.jsonText()
        case .binaryPropertyList: return try BinaryPropertyListWriter.write(.object(envelope.members))
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
    /// the file.
    ///
    /// ```swift
    /// let catalog = try Catalog.unarchive(from: URL(fileURLWithPath: "catalog.archive"))
    /// ```
    ///
    /// - Parameter url: The archive file.
    /// - Returns: The model, of the archived class.
    /// - Throws: ``JastorError`` saying what is wrong with the file.
    public static func unarchive(from url: URL) throws -> Self {
        let data: Data
        do {
            // Not `Data(contentsOf:)`: on Linux it leaks a 4 KB buffer for every empty file.
            let file = try FileHandle(forReadingFrom: url)
            defer { try? file.close() }
            data = try file.readToEnd() ?? Data()
        } catch {
            throw JastorError(
                issues: [
                    JastorIssue(
                        path: [], kind: .unreadableArchive, expected: "a readable file",
                        found: error.localizedDescription)
                ], file: url)
        }
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

/// An archive opened for reading: the root model's class, how its names and versions read, and
/// how to read the root as a model.
private struct OpenedArchive {
    let rootClass: String
    let reading: ArchiveReading
    let readRoot: (JastorObject.Type, inout MappingContext) -> JastorObject?
}

/// Recognises and opens archive bytes, turning every failure into a clear issue.
///
/// JSON archives are read by the library's own reader and property lists by
/// ``BinaryPropertyListReader``; either way the root is mapped straight through the engine, with no
/// `Codable` round trip.
private enum ArchiveReader {
    static func open(_ data: Data) throws(JastorError) -> OpenedArchive {
        switch kind(of: data) {
        case .json:
            let document: JSONDocument
            do {
                document = try JSONReader.read(data, isArchive: true)
            } catch {
                throw Self.error(
                    .unreadableArchive, expected: "a complete Jastor archive",
                    found: error.issues.first.map { "invalid JSON: \($0.description)" } ?? "invalid JSON")
            }
            let root = DocumentValue(document: document, index: 0)
            guard case .object = root.kind else {
                throw error(.unreadableArchive, expected: "a Jastor archive", found: "JSON that is not an object")
            }
            return try open(root.object)
        case .propertyList:
            let root: JSONValue
            do {
                root = try BinaryPropertyListReader.read(data)
            } catch  where error.exceedsValueLimit {
                throw Self.error(
                    .tooManyValues,
                    expected:
                        "at most \(JastorLimits.current.maximumValueCount) values in one run (JastorLimits.maximumValueCount)",
                    found: error.reason)
            } catch {
                throw Self.error(
                    .unreadableArchive, expected: "a complete Jastor archive", found: "damaged data (\(error.reason))")
            }
            guard case .object(let object) = root else {
                throw error(
                    .unreadableArchive, expected: "a Jastor archive", found: "a property list that is not a dictionary")
            }
            return try open(object)
        case .empty:
            throw error(.unreadableArchive, expected: "a Jastor archive", found: "an empty file")
        case .unknown(let prefix):
            throw error(.unreadableArchive, expected: "a Jastor archive", found: "data starting with bytes \(prefix)")
        }
    }

    /// Checks the envelope's format name and version, and finds its root class and root.
    private static func open<Members: JSONObjectSource>(
        _ members: Members
    ) throws(JastorError) -> OpenedArchive where Members.Member: JSONSource {
        guard case .scalar(.string(let format))? = members["format"]?.kind else { throw missing("format") }
        guard format == ArchiveHeader.formatName else {
            throw error(
                .unreadableArchive, expected: "a Jastor archive", found: "a file of format \(format.debugDescription)")
        }
        guard let versionEntry = members["version"] else { throw missing("version") }
        let version = try checkVersion(versionEntry.kind)
        guard case .scalar(.string(let rootClass))? = members["rootClass"]?.kind else { throw missing("rootClass") }
        let classVersions = version < 2 ? [:] : try self.classVersions(in: members["classes"])
        guard let root = members["root"] else { throw missing("root") }
        return OpenedArchive(
            rootClass: rootClass, reading: ArchiveReading(formatVersion: Int(version), classVersions: classVersions)
        ) { type, context in
            guard case .object = root.kind else {
                context.record(.typeMismatch, expected: "Object for \(type)", found: root.kind.summary)
                return nil
            }
            return ArchivedModel.read(type, from: root.object, context: &context)
        }
    }

    /// The class table of a version-2 archive: archive name → class version (1 or more).
    private static func classVersions<Member: JSONSource>(in table: Member?) throws(JastorError) -> [String: Int] {
        guard let table else { throw missing("classes") }
        guard case .object = table.kind else {
            throw error(
                .unreadableArchive, expected: "a class table object in \"classes\"", found: table.kind.summary)
        }
        var versions: [String: Int] = [:]
        var wrong: String?
        table.object.forEachMember { name, entry in
            guard case .scalar(.integer(let version)) = entry.kind, version >= 1, version <= Int.max else {
                if wrong == nil { wrong = "\(entry.kind.summary) for \(name.debugDescription)" }
                return
            }
            versions[name] = Int(version)
        }
        if let wrong {
            throw error(.unreadableArchive, expected: "class versions of 1 or more in \"classes\"", found: wrong)
        }
        return versions
    }

    /// Accepts a format version from 1 to the current one; refuses a newer one, and anything that
    /// is not a positive whole number (`1.0`, `0`, `-1`, a string), saying which it is.
    private static func checkVersion(_ kind: JSONKind) throws(JastorError) -> Int64 {
        let supported = "archive format version \(ArchiveHeader.currentVersion) or earlier"
        switch kind {
        case .scalar(.integer(let version)) where version > ArchiveHeader.currentVersion:
            throw error(.unreadableArchive, expected: supported, found: "version \(version), written by a newer Jastor")
        case .scalar(.unsignedInteger(let version)):
            throw error(.unreadableArchive, expected: supported, found: "version \(version), written by a newer Jastor")
        case .scalar(.integer(let version)) where version >= 1:
            return version
        case .scalar(.integer(let version)):
            throw error(
                .unreadableArchive, expected: "a format version of 1 or more",
                found: "version \(version), which is invalid")
        case .scalar(.double), .scalar(.number), .scalar(.decimal):
            throw error(
                .unreadableArchive, expected: "a format version that is a whole number",
                found: "version \(kind.summary.replacingOccurrences(of: "Number ", with: ""))")
        default:
            throw error(
                .unreadableArchive, expected: "a format version that is a whole number",
                found: "version \(kind.summary)")
        }
    }

    private static func missing(_ entry: String) -> JastorError {
        error(.unreadableArchive, expected: "a complete Jastor archive", found: "no \(entry.debugDescription) entry")
    }

    private enum Kind {
        case empty, propertyList, json
        case unknown(String)
    }

    private static func kind(of data: Data) -> Kind {
        guard !data.isEmpty else { return .empty }
        if data.starts(with: Array("bplist".utf8)) { return .propertyList }
        let firstCharacter = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstCharacter == UInt8(ascii: "{") { return .json }
        return .unknown(data.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " "))
    }

    static func error(_ kind: JastorIssue.Kind, expected: String, found: String) -> JastorError {
        JastorError(issues: [JastorIssue(path: [], kind: kind, expected: expected, found: found)])
    }
}
