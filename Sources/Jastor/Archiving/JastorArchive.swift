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
    static let currentVersion = 1
}

/// A whole archive as written: the format name and version, the root model's class, and the root.
private struct ArchiveEnvelope: Encodable {
    let format: String
    let version: Int
    let rootClass: String
    let root: JSONValue
}

extension JastorObject {
    // MARK: Archiving

    /// Writes the model and everything it holds to a file, atomically.
    ///
    /// The archive is written to a temporary file beside `url` and renamed over it only when
    /// complete, so a failed write leaves any earlier file at `url` as it was. The archive
    /// records the class of the root model and of every nested model stored under a property of
    /// a less specific type, so ``unarchive(from:)-(URL)`` rebuilds the same graph.
    ///
    /// ```swift
    /// try catalog.archive(to: URL(fileURLWithPath: "catalog.archive"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file to write.
    ///   - format: The file format; a binary property list unless you ask for JSON.
    /// - Throws: ``JastorError`` when the model holds a value JSON cannot represent, or the file
    ///   cannot be written.
    public final func archive(to url: URL, format: JastorArchiveFormat = .binaryPropertyList) throws {
        let data = try archivedData(format: format)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw JastorError(
                issues: [
                    JastorIssue(
                        path: [], kind: .unwritableArchive, expected: "a writable file",
                        found: "\(error.localizedDescription)")
                ], file: url)
        }
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
        do {
            switch format {
            case .binaryPropertyList:
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                return try encoder.encode(envelope)
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                return try encoder.encode(envelope)
            }
        } catch {
            throw JastorError(issues: [
                JastorIssue(path: [], kind: .unencodableValue, expected: "an encodable model", found: "\(error)")
            ])
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
            data = try Data(contentsOf: url)
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
        guard let type = PlanCache.shared.modelClass(named: archive.rootClass),
            PlanCache.shared.plan(for: type).inherits(from: self)
        else {
            throw ArchiveReader.error(
                .disallowedClass, expected: "an archive of \(self) or a subclass", found: "one of \(archive.rootClass)"
            )
        }
        let model = type.init()
        var context = MappingContext(input: .archive)
        archive.mapRoot(model, &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        guard let typed = model as? Self else {
            throw ArchiveReader.error(.disallowedClass, expected: "an archive of \(self)", found: "one of \(type)")
        }
        return typed
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
/// `PropertyListSerialization`; either way the root is mapped straight through the engine, with no
/// `Codable` round trip.
private enum ArchiveReader {
    static func open(_ data: Data) throws(JastorError) -> OpenedArchive {
        switch kind(of: data) {
        case .json:
            let document: JSONDocument
            do {
                document = try JSONReader.read(data)
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
            if let problem = BinaryPropertyListCheck.problem(in: data) {
                throw Self.error(.unreadableArchive, expected: problem.expected, found: problem.found)
            }
            let list: Any
            do {
                list = try PropertyListSerialization.propertyList(from: data, format: nil)
            } catch {
                throw Self.error(
                    .unreadableArchive, expected: "a complete Jastor archive", found: "damaged data (\(error))")
            }
            guard let dictionary = list as? [String: Any] else {
                throw error(
                    .unreadableArchive, expected: "a Jastor archive", found: "a property list that is not a dictionary")
            }
            var restored: [String: Any] = [:]
            for (key, value) in dictionary {
                restored[key] = try restoringNulls(in: value)
            }
            return try open(FoundationObject(dictionary: restored))
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
        guard case .scalar(.integer(let version))? = members["version"]?.kind else { throw missing("version") }
        guard version <= ArchiveHeader.currentVersion else {
            throw error(
                .unreadableArchive, expected: "archive format version \(ArchiveHeader.currentVersion) or earlier",
                found: "version \(version), written by a newer Jastor")
        }
        guard case .scalar(.string(let rootClass))? = members["rootClass"]?.kind else { throw missing("rootClass") }
        guard let root = members["root"] else { throw missing("root") }
        return OpenedArchive(rootClass: rootClass) { model, context in
            MappingEngine.map(root, into: model, context: &context)
        }
    }

    /// `PropertyListEncoder` writes `nil` as the string `"$null"`, as its decoder reads it.
    ///
    /// Values JSON has no room for (dates, data, non-finite reals), which Jastor never writes, make
    /// the archive foreign: they would reach untyped properties and make `toDictionary()` invalid JSON
    /// (found by fuzzing).
    private static func restoringNulls(in value: Any) throws(JastorError) -> Any {
        let source = FoundationJSON(raw: value)
        switch source.kind {
        case .scalar(.string("$null")):
            return NSNull()
        case .scalar(.double(let number)) where !number.isFinite:
            throw foreign("the non-finite number \(number)")
        case .unsupported(let typeName):
            throw foreign("a value of type \(typeName)")
        case .object:
            var restored: [String: Any] = [:]
            for (key, member) in source.object.dictionary {
                restored[key] = try restoringNulls(in: member)
            }
            return restored
        case .array:
            var restored: [Any] = []
            for element in source.elements {
                restored.append(try restoringNulls(in: element.raw))
            }
            return restored
        case .scalar:
            return value
        }
    }

    private static func foreign(_ found: String) -> JastorError {
        error(
            .unreadableArchive, expected: "a Jastor archive (JSON values only)",
            found: "a property list holding \(found)")
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
