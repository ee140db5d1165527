import Foundation

/// What identifies an archive: its format name, and the versions this library reads.
enum ArchiveHeader {
    static let formatName = "jastor-archive"
    /// Version 2 records module-free archive names with a class table, escapes strings starting
    /// with `$` and spells non-JSON values with markers (``ArchiveSpelling``); version 3 adds
    /// `$ref` and the `shared` table, for a model held in several places (``ArchiveIdentities``), and is
    /// written only then.
    static let currentVersion = 3
    /// The version of an archive that holds no model twice.
    static let versionWithoutReferences = 2
    /// Version 1 recorded `String(reflecting:)` class names (`Module.Name`) and no class table.
    static let oldestVersion = 1
}

/// A whole archive as written: the format name and version, the root model's class, the
/// archive name and version of every model class it holds, and the root.
struct ArchiveEnvelope {
    let format: String
    let version: Int
    let rootClass: String
    let classes: JSONObject
    /// The transforms the classes' properties are written with (``ArchiveTransforms``).
    let transforms: JSONObject
    let root: JSONValue
    /// The numbers of the models written again (``ArchiveIdentities``).
    let referenced: Set<Int>

    /// The envelope as one JSON object, in this order.
    var members: JSONObject {
        var envelope = JSONObject(capacity: 6)
        envelope.appendNew(.string(format), forKey: "format")
        envelope.appendNew(.integer(Int64(version)), forKey: "version")
        envelope.appendNew(.string(rootClass), forKey: "rootClass")
        envelope.appendNew(.object(classes), forKey: "classes")
        envelope.appendNew(.object(transforms), forKey: ArchiveTransforms.envelopeKey)
        envelope.appendNew(root, forKey: "root")
        return envelope
    }

    /// The envelope as a binary property list.
    func propertyList(within limits: JastorLimits) throws(JastorError) -> Data {
        try BinaryPropertyListWriter.writeEnvelope(members, referenced: referenced, within: limits)
    }

    /// Throws `.tooManyValues` when the archive holds more values than `limits` let a reader read.
    ///
    /// The writing run counted the model's values as it wrote them; the envelope, the `$class`
    /// markers and kept unmapped members add some, and ``BinaryPropertyListReader`` counts every
    /// value of the whole list (the JSON archive's reader counts fewer). Both writers count as it
    /// counts, as they write (`valueCount`), so that no archive is written that its reader refuses
    /// for its size, at no extra walk of the tree.
    static func checkValueCount(_ count: Int, within limits: JastorLimits) throws(JastorError) {
        let limit = limits.maximumValueCount
        guard count > limit else { return }
        throw JastorError(issues: [
            JastorIssue(
                path: [], kind: .tooManyValues,
                expected: "at most \(limit) values in one run (JastorLimits.maximumValueCount)",
                found: "more, counting the archive's envelope and class markers")
        ])
    }

    /// The envelope as JSON text, written directly rather than through `JSONEncoder`.
    func jsonText(within limits: JastorLimits) throws(JastorError) -> Data {
        var writer = JSONTextWriter(referenced: referenced)
        try writer.writeEnvelope(members)
        try Self.checkValueCount(writer.valueCount, within: limits)
        return Data(writer.bytes)
    }
}
