/// How archives tell that a property's transform changed since they were written.
///
/// Archives store values as their transforms write them (a `Date` under `.millisecondsSince1970`
/// as milliseconds), so the same stored value means something else to a class that now reads the
/// property with another transform (`.secondsSince1970`) or with none. Each archive's envelope
/// records, under ``envelopeKey``, every archived class whose properties have transforms: archive
/// name → property name → the transform (``Codec/archivedTransform``: `millisecondsSince1970`,
/// `iso8601`, `date(format: "MM-dd-yyyy", timeZone: GMT, locale: en_US_POSIX)`, `table of 2
/// strings (…)`, `closure transform to Money`). A class the table leaves out has none.
///
/// Reading a model, each property the archived object holds that a class of its chain at the
/// version it has now declares is compared: one whose transform is not the one it was written with
/// is an `.unsupportedVersion` issue at its path, naming both and the declaring class, and the
/// model is not read. A property of a class archived at an older version is its `migrate`'s to
/// convert, as it converts everything else of that version, whatever the other classes' versions.
/// The comparison is made once per class and name the archive holds it under, with the version
/// check (``ArchiveReading/Disposition``). An archive written before the table existed records
/// nothing, and is read as before.
enum ArchiveTransforms {
    /// The envelope's entry.
    static let envelopeKey = "transforms"

    /// The table an archive's envelope holds, or `nil` when it has none (an archive written
    /// before the table existed).
    ///
    /// - Throws: `.unreadableArchive` when the entry is not an object of objects of strings.
    static func table<Member: JSONSource>(in entry: Member?) throws(JastorError) -> [String: [String: String]]? {
        guard let entry else { return nil }
        let expected = "a transform table in \"\(envelopeKey)\": class names → property names → transforms"
        guard case .object = entry.kind else {
            throw ArchiveReader.error(.unreadableArchive, expected: expected, found: entry.kind.summary)
        }
        var table: [String: [String: String]] = [:]
        var wrong: String?
        entry.object.forEachMember { className, properties in
            guard wrong == nil else { return }
            guard case .object = properties.kind else {
                wrong = "\(properties.kind.summary) for \(className.debugDescription)"
                return
            }
            var transforms: [String: String] = [:]
            properties.object.forEachMember { property, transform in
                guard wrong == nil else { return }
                guard case .scalar(.string(let name)) = transform.kind else {
                    wrong = "\(transform.kind.summary) for \(className).\(property)"
                    return
                }
                transforms[property] = name
            }
            table[className] = transforms
        }
        if let wrong { throw ArchiveReader.error(.unreadableArchive, expected: expected, found: wrong) }
        return table
    }

    /// A property whose transform differs from the one it was archived with.
    struct Change {
        let property: String
        /// What the archive wrote it with (`nil`: its type's rules).
        let archived: String?
        /// What the class reads it with now.
        let current: String?
        /// The name `archived` is recorded under, when the model has no class marker and its class
        /// answers to several names the archive lists: which one it was written as is unknown.
        var name: String?

        /// The change, recorded under `name`, one of several the model may have been written as.
        func writtenAs(_ name: String) -> Change {
            var change = self
            change.name = name
            return change
        }
    }

    /// A changed property, and the class of the model's chain that declares it (whose version
    /// says what its values mean).
    typealias DeclaredChange = (change: Change, type: JastorObject.Type)

    /// The properties of `current` (property name → transform) whose transform is not the one
    /// `archived` records.
    static func changes(from archived: [String: String], to current: [String: String]) -> [Change] {
        Set(archived.keys).union(current.keys).sorted().compactMap { property in
            archived[property] == current[property]
                ? nil : Change(property: property, archived: archived[property], current: current[property])
        }
    }

    /// Records an issue at each changed property the archived object holds, each named with the
    /// class that declares it (whose version says what its values mean), at that class's current
    /// version; returns whether it recorded any.
    static func report<Members: JSONObjectSource>(
        _ changes: [DeclaredChange], in members: Members, context: inout MappingContext
    ) -> Bool where Members.Member: JSONSource {
        var reported = false
        // A `null` (an optional's `nil`) reads back as `nil` through any transform.
        for (change, type) in changes {
            guard let member = members[change.property], !member.isNull else { continue }
            reported = true
            _ = context.descend(into: .key(change.property)) { context in
                context.record(
                    .unsupportedVersion,
                    expected: "a value archived with \(spelled(change.current)), as \(type) (archive version "
                        + "\(type.archiveVersion)) reads it",
                    found: "one archived\(guessed(change.name)) with \(spelled(change.archived)) by the same "
                        + "version: raise \(type).archiveVersion and convert it in migrate")
                return false
            }
        }
        return reported
    }

    private static func guessed(_ name: String?) -> String {
        name.map { ", perhaps, under \($0) (the model has no class marker saying which of its class's names)," } ?? ""
    }

    private static func spelled(_ transform: String?) -> String {
        transform.map { "the transform \($0)" } ?? "its type's built-in rules"
    }
}

/// A digest of text that is the same in every process and on every platform (FNV-1a, 64 bits),
/// unlike `Hasher`, which is seeded per process: for values an archive records.
struct StableDigest {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds `text`'s UTF-8 bytes and a terminating zero, so that `"ab", "c"` differs from `"a", "bc"`.
    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0)
    }

    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }

    /// The digest as sixteen lowercase hex digits.
    var text: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
