/// The codec of a ``JastorTransform/table(_:aliases:)`` transform: a value is read by its JSON
/// string (or a declared alias) and written back as its string in the table.
///
/// A value with no string is written as `null` and reported where output reports issues (JSON
/// text, `Codable`, archives, `toDictionary(issues:)`). A table that gives one value two strings
/// cannot write back the string it read (`"Female"` would come back `"female"`), so it is a
/// declaration mistake, reported at each property that uses it; so is an alias whose value the table
/// does not have (it could not be written back at all) and an alias that is also a table string.
final class TableCodec<Value: Equatable & Sendable>: ScalarReadingCodec<Value>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s of immutable values.
    /// The table's entries in key order.
    private let entries: [(key: String, value: Value)]
    /// The strings of a value the table holds more than once, if any.
    private let ambiguity: DeclarationMistake?

    init(table: [String: Value], aliases: [String: Value] = [:]) {
        let entries = table.sorted { $0.key < $1.key }
        self.entries = entries
        // A string in both is a mistake reported below; the table's value wins when reading it.
        let readable = table.merging(aliases) { designated, _ in designated }
        self.ambiguity =
            Self.ambiguity(in: entries)
            ?? Self.aliasMistake(aliases: aliases.sorted { $0.key < $1.key }, table: table)
        super.init(
            reader: ScalarCodec(
                typeName: TypeName.short(Value.self),
                decode: { scalar in
                    guard case .string(let text) = scalar else { return .failure(.typeMismatch) }
                    guard let index = readable.index(forKey: text) else { return .failure(.invalidValue) }
                    let (key, value) = readable[index]
                    // Found by `String`'s equality, which calls canonically equivalent spellings
                    // equal (`"cafe\u{301}"` finds `"café"`): written back in the table's spelling.
                    return WrittenBackAsRead.isSameText(text, key) ? .success(value) : .rewritten(value)
                },
                encode: { value in entries.first { $0.value == value }.map { .string($0.key) } ?? .null },
                rewritten: Rewritten(
                    kind: .invalidValue,
                    expected:
                        "a string of the table of \(TypeName.short(Value.self))'s transform, spelled as in the table",
                    kept: "the table's value")))
    }

    override var declarationMistake: DeclarationMistake? { ambiguity }

    /// The table by its strings and values, as a digest: a table whose strings stand for other
    /// values reads an archive's strings as other values.
    ///
    /// Each value by ``ValueDescription/describing(_:)``, not its own `description`, which names
    /// its module and, for a private type, an address that changes with every launch
    /// (`Optional(App.(unknown context at $…).Mode.heat)`), and traps on a `Date` of NaN seconds.
    override var archivedTransform: String? {
        var digest = StableDigest()
        for (key, value) in entries {
            digest.add(key)
            digest.add(ValueDescription.describing(value))
        }
        return "table of \(entries.count) strings (\(digest.text))"
    }

    override func encode(_ value: Value, context: inout EncodingContext) -> JSONValue {
        if let entry = entries.first(where: { $0.value == value }) { return .string(entry.key) }
        // Equality and `description` tell such values apart by their own description.
        guard context.purpose != .inspection else { return .string(ValueDescription.describing(value)) }
        context.record(
            .unencodableValue, expected: "a value in the table of \(typeName)'s transform",
            found: ValueDescription.describing(value))
        return .null
    }

    /// The first value that `entries` gives more than one string, as a declaration mistake.
    private static func ambiguity(in entries: [(key: String, value: Value)]) -> DeclarationMistake? {
        for index in entries.indices {
            let value = entries[index].value
            let keys = entries[index...].filter { $0.value == value }.map(\.key)
            guard keys.count > 1 else { continue }
            return DeclarationMistake(
                expected:
                    "a table of \(TypeName.short(Value.self)) with one string per value (other spellings go in aliases:)",
                found: "\(value) under " + keys.map { "\"\($0)\"" }.joined(separator: " and "))
        }
        return nil
    }

    /// The first alias that is also a table string, or whose value the table does not have.
    private static func aliasMistake(
        aliases: [(key: String, value: Value)], table: [String: Value]
    ) -> DeclarationMistake? {
        let typeName = TypeName.short(Value.self)
        for alias in aliases {
            if table[alias.key] != nil {
                return DeclarationMistake(
                    expected: "aliases of \(typeName) that are not strings of its table",
                    found: "\"\(alias.key)\" in both")
            }
            if !table.values.contains(alias.value) {
                return DeclarationMistake(
                    expected: "aliases of \(typeName) whose values the table writes",
                    found: "\(alias.value) under alias \"\(alias.key)\" only")
            }
        }
        return nil
    }
}
