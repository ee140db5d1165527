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

/// What identifies an archive: its format name, and the newest version this library reads.
private enum ArchiveHeader {
    static let formatName = "jastor-archive"
    /// Version 2 escapes strings starting with `$` and spells non-JSON values with markers
    /// (``ArchiveSpelling``).
    static let currentVersion = 2
}

/// A whole archive as written: the format name and version, the root model's class, and the root.
private struct ArchiveEnvelope {
    let format: String
    let version: Int
    let rootClass: String
    let root: JSONValue

    /// The envelope as one JSON object, in this order.
    var members: JSONObject {
        var envelope = JSONObject(capacity: 4)
        envelope.appendNew(.string(format), forKey: "format")
        envelope.appendNew(.integer(Int64(version)), forKey: "version")
        envelope.appendNew(.string(rootClass), forKey: "rootClass")
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
    /// - Throws: ``JastorError`` when the model holds a value JSON cannot represent.
    public final func archivedData(format: JastorArchiveFormat = .binaryPropertyList) throws -> Data {
        let envelope = ArchiveEnvelope(
            format: ArchiveHeader.formatName, version: ArchiveHeader.currentVersion,
            rootClass: PlanCache.shared.plan(for: type(of: self)).className,
            root: try ArchiveCoding.archiveValue(of: self, declaredType: type(of: self)))
        switch format {
        case .json: return try envelope.jsonText()
        case .binaryPropertyList: return try BinaryPropertyListWriter.write(.object(envelope.members))
        }
    }

    // MARK: Unarchiving

    /// Reads a model back from an archive file.
    ///
    /// The archive's root class must be the class this is called on or one of its subclasses;
    /// an archive of a subclass comes back as that subclass. A missing, empty, truncated,
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
        // The metatype cast checks the class before anything instantiates it (even to plan it).
        guard let type = PlanCache.shared.modelClass(named: archive.rootClass) as? Self.Type else {
            throw ArchiveReader.error(
                .disallowedClass, expected: "an archive of \(self) or a subclass", found: "one of \(archive.rootClass)"
            )
        }
        let model = type.init()
        var context = MappingContext(input: .archive)
        archive.mapRoot(model, &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        return model
    }
}

/// An archive opened for reading: the root model's class, and how to map the root onto a model.
private struct OpenedArchive {
    let rootClass: String
    let mapRoot: (JastorObject, inout MappingContext) -> Void
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
        try checkVersion(versionEntry.kind)
        guard case .scalar(.string(let rootClass))? = members["rootClass"]?.kind else { throw missing("rootClass") }
        guard let root = members["root"] else { throw missing("root") }
        return OpenedArchive(rootClass: rootClass) { model, context in
            MappingEngine.map(root, into: model, by: .storage, context: &context)
        }
    }

    /// Accepts a format version from 1 to the current one; refuses a newer one, and anything that
    /// is not a positive whole number (`1.0`, `0`, `-1`, a string), saying which it is.
    private static func checkVersion(_ kind: JSONKind) throws(JastorError) {
        let supported = "archive format version \(ArchiveHeader.currentVersion) or earlier"
        switch kind {
        case .scalar(.integer(let version)) where version > ArchiveHeader.currentVersion:
            throw error(.unreadableArchive, expected: supported, found: "version \(version), written by a newer Jastor")
        case .scalar(.unsignedInteger(let version)):
            throw error(.unreadableArchive, expected: supported, found: "version \(version), written by a newer Jastor")
        case .scalar(.integer(let version)) where version >= 1:
            return
        case .scalar(.integer(let version)):
            throw error(
                .unreadableArchive, expected: "a format version of 1 or more",
                found: "version \(version), which is invalid")
        case .scalar(.double(let version)):
            throw error(
                .unreadableArchive, expected: "a format version that is a whole number", found: "version \(version)")
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
