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

/// The archive's outer layer: what it is, which version wrote it, and the root model's class.
private struct ArchiveHeader: Codable {
    static let formatName = "jastor-archive"
    static let currentVersion = 1

    let format: String
    let version: Int
    let rootClass: String
}

/// A whole archive: the header's fields and the root model.
private struct ArchiveEnvelope: Codable {
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
        let envelope = try ArchiveReader.envelope(from: data)
        guard let type = PlanCache.shared.modelClass(named: envelope.rootClass),
            PlanCache.shared.plan(for: type).inherits(from: self)
        else {
            throw ArchiveReader.error(
                .disallowedClass, expected: "an archive of \(self) or a subclass", found: "one of \(envelope.rootClass)"
            )
        }
        let model = type.init()
        var context = MappingContext(input: .archive)
        MappingEngine.map(envelope.root, into: model, context: &context)
        guard context.issues.isEmpty else { throw JastorError(issues: context.issues) }
        guard let typed = model as? Self else {
            throw ArchiveReader.error(.disallowedClass, expected: "an archive of \(self)", found: "one of \(type)")
        }
        return typed
    }
}

/// Recognises and opens archive bytes, turning every failure into a clear issue.
private enum ArchiveReader {
    static func envelope(from data: Data) throws(JastorError) -> ArchiveEnvelope {
        let header: ArchiveHeader = try decode(data)
        guard header.format == ArchiveHeader.formatName else {
            throw error(
                .unreadableArchive, expected: "a Jastor archive",
                found: "a file of format \(header.format.debugDescription)")
        }
        guard header.version <= ArchiveHeader.currentVersion else {
            throw error(
                .unreadableArchive, expected: "archive format version \(ArchiveHeader.currentVersion) or earlier",
                found: "version \(header.version), written by a newer Jastor")
        }
        return try decode(data)
    }

    private static func decode<T: Decodable>(_ data: Data) throws(JastorError) -> T {
        do {
            switch kind(of: data) {
            case .propertyList: return try PropertyListDecoder().decode(T.self, from: data)
            case .json: return try JSONDecoder().decode(T.self, from: data)
            case .empty: throw error(.unreadableArchive, expected: "a Jastor archive", found: "an empty file")
            case .unknown(let prefix):
                throw error(
                    .unreadableArchive, expected: "a Jastor archive", found: "data starting with bytes \(prefix)")
            }
        } catch let error as JastorError {
            throw error
        } catch let decodingError as DecodingError {
            throw error(.unreadableArchive, expected: "a complete Jastor archive", found: summary(of: decodingError))
        } catch let other {
            throw error(.unreadableArchive, expected: "a complete Jastor archive", found: "\(other)")
        }
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

    private static func summary(of error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "damaged data" + (path.isEmpty ? "" : " at \(path)") + " (\(context.debugDescription))"
        case .keyNotFound(let key, _):
            return "no \(key.stringValue.debugDescription) entry"
        @unknown default:
            return "damaged data"
        }
    }

    static func error(_ kind: JastorIssue.Kind, expected: String, found: String) -> JastorError {
        JastorError(issues: [JastorIssue(path: [], kind: kind, expected: expected, found: found)])
    }
}
