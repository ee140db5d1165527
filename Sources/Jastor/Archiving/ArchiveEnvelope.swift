import Foundation

/// What identifies an archive: its format name, and the versions this library reads.
enum ArchiveHeader {
    static let formatName = "jastor-archive"
    /// Version 2 records module-free archive names with a class table, escapes strings starting
    /// with `$` and spells non-JSON values with markers (``ArchiveSpelling``).
    static let currentVersion = 2
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
