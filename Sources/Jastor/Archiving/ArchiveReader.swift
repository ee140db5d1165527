import Foundation

/// An archive opened for reading: the root model's class, how its names and versions read, and
/// how to read the root as a model.
struct OpenedArchive {
    let rootClass: String
    let reading: ArchiveReading
    let readRoot: (JastorObject.Type, inout MappingContext) -> JastorObject?
}

/// Recognises and opens archive bytes, turning every failure into a clear issue.
///
/// JSON archives are read by the library's own reader and property lists by
/// ``BinaryPropertyListReader``; either way the root is mapped straight through the engine, with no
/// `Codable` round trip.
enum ArchiveReader {
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
            if let repeated = document.firstRepeatedKey() {
                throw JastorError(issues: [
                    JastorIssue(
                        path: JastorPath(document.path(to: repeated.object) + [.key(repeated.key)]),
                        kind: .unreadableArchive,
                        expected: "one value for the key (a Jastor archive gives each key once)",
                        found: "the key more than once")
                ])
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
        let transforms = version < 2 ? nil : try ArchiveTransforms.table(in: members[ArchiveTransforms.envelopeKey])
        guard let root = members["root"] else { throw missing("root") }
        var reading = ArchiveReading(formatVersion: Int(version), classVersions: classVersions, transforms: transforms)
        if version >= 3, let table = members[ArchiveIdentities.sharedKey] {
            guard case .object = table.kind else {
                throw error(
                    .unreadableArchive, expected: "a table of shared models in \"\(ArchiveIdentities.sharedKey)\"",
                    found: table.kind.summary)
            }
            // Indexed once: a lookup in the object scans its members, once per shared model.
            let definitions = sharedDefinitions(in: table.object)
            reading.readShared = { number, declared, context in
                sharedModel(number, in: definitions, declaredAs: declared, context: &context)
            }
        }
        return OpenedArchive(rootClass: rootClass, reading: reading) { type, context in
            if let issue = StrictMapping.Root.object.mismatch(root, for: type) {
                context.record(issue.kind, expected: issue.expected, found: issue.found)
                return nil
            }
            // The root is the first model written: never a reference to one.
            if version >= 3, root.object[ArchiveIdentities.referenceMarker] != nil {
                context.record(
                    .unreadableArchive, expected: "the root model written whole",
                    found: "a reference (\(ArchiveIdentities.referenceMarker))")
                return nil
            }
            return ArchivedModel.read(type, from: root.object, rootName: rootClass, context: &context)
        }
    }

    /// The members of the shared table by number: those whose key is a number as the writer
    /// spells it (`2`, not `02`), the last one where a key repeats.
    private static func sharedDefinitions<Table: JSONObjectSource>(in table: Table) -> [Int: Table.Member] {
        var definitions: [Int: Table.Member] = [:]
        table.forEachMember { key, member in
            if let number = Int(key), String(number) == key { definitions[number] = member }
        }
        return definitions
    }

    /// The shared model numbered `number` among `definitions` (``ArchiveIdentities``), of the
    /// class its marker names where `declared` is declared (resolved before anything is built).
    private static func sharedModel<Member: JSONSource>(
        _ number: Int, in definitions: [Int: Member], declaredAs declared: JastorObject.Type,
        context: inout MappingContext
    ) -> JastorObject? {
        guard let definition = definitions[number], case .object = definition.kind else {
            context.record(
                .unreadableArchive, expected: "a shared model numbered \(number) in the archive's table",
                found: definitions[number]?.kind.summary ?? "none")
            return nil
        }
        let members = definition.object
        guard case .scalar(.string(let name))? = members[MappingEngine.classMarkerKey]?.kind else {
            context.record(
                .unreadableArchive, expected: "a class marker in shared model \(number)",
                found: members[MappingEngine.classMarkerKey]?.kind.summary ?? "none")
            return nil
        }
        guard let type = ArchivedModel.markedClass(name, declaredAs: declared, named: "\(declared)", context: &context)
        else { return nil }
        return ArchivedModel.read(type, from: members, context: &context)
    }

    /// The class table of a version-2 archive: archive name → class version (1 or more).
    private static func classVersions<Member: JSONSource>(in table: Member?) throws(JastorError) -> [String: Int] {
        guard let table else { throw missing("classes") }
        guard case .object = table.kind else {
            throw error(
                .unreadableArchive, expected: "a class table object in \"classes\"", found: table.kind.summary)
        }
        var versions: [String: Int] = [:]
        var wrong: (kind: JastorIssue.Kind, expected: String, found: String)?
        table.object.forEachMember { name, entry in
            guard case .scalar(.integer(let version)) = entry.kind, version >= 1, version <= Int.max else {
                guard wrong == nil else { return }
                let found = "\(entry.kind.summary) for \(name.debugDescription)"
                // Newer than any class: the kind a class's newer archive version gets (ArchivedModel).
                wrong =
                    isWholeBeyondInt(entry.kind)
                    ? (
                        .unsupportedVersion,
                        "class versions of at most \(Int.max) in \"classes\" (the most an archiveVersion holds)",
                        found + ", written by a newer version of the class"
                    ) : (.unreadableArchive, "class versions of 1 or more in \"classes\"", found)
                return
            }
            versions[name] = Int(version)
        }
        if let wrong { throw error(wrong.kind, expected: wrong.expected, found: wrong.found) }
        return versions
    }

    /// Whether `kind` is a whole number above `Int.max`, which no class's version reaches.
    private static func isWholeBeyondInt(_ kind: JSONKind) -> Bool {
        switch kind {
        case .scalar(.unsignedInteger): true
        case .scalar(.number(let number)): NumberText.isInteger(number.text) && !number.text.hasPrefix("-")
        default: false
        }
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
        case .scalar(.number(let number)) where NumberText.isInteger(number.text):
            // A whole number beyond 64 bits: newer above them, invalid below (its text shortened,
            // as a summary shows it: a crafted file may hold a million digits).
            let shown = kind.summary.replacingOccurrences(of: "Number ", with: "")
            guard number.text.hasPrefix("-") else {
                throw error(
                    .unreadableArchive, expected: supported, found: "version \(shown), written by a newer Jastor")
            }
            throw error(
                .unreadableArchive, expected: "a format version of 1 or more",
                found: "version \(shown), which is invalid")
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
        // The reader skips one leading UTF-8 byte order mark, as RFC 8259 §8.1 allows.
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        let firstCharacter = text.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstCharacter == UInt8(ascii: "{") { return .json }
        return .unknown(data.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " "))
    }

    static func error(_ kind: JastorIssue.Kind, expected: String, found: String) -> JastorError {
        JastorError(issues: [JastorIssue(path: [], kind: kind, expected: expected, found: found)])
    }
}
