import Foundation

/// Whether a value that mapping keeps is written back as the JSON it was read from: the one
/// comparison behind every "written back as read" issue (an enum case found by its raw value,
/// a ``JastorTransform/table(_:aliases:)`` string, a ``JastorTransform/stringEncoded`` value's text,
/// what a closure transform's `encode` returns for the value its `decode` made).
///
/// Values are compared as they are written, never by their type's `==`, which may call different
/// spellings equal: text by its UTF-8 bytes (`String`'s `==` calls `"cafe\u{301}"` and `"café"`
/// equal), `Double` and `Float` by bit pattern (`-0.0 == 0.0`), integers and `Bool` by value (one
/// value, one spelling), and any other type by the JSON text its codec writes for each (`Decimal`,
/// `Date`, a raw value of the user's own).
enum WrittenBackAsRead {
    /// A check for `Raw` values, which `codec` writes: given the value read and the value kept
    /// instead (an enum's case's raw value, which its `init?(rawValue:)` may have chosen for
    /// another), the text the kept value is written as when that is not what was read, `nil` when
    /// it is.
    ///
    /// Built once per codec. The types of the conversion table compare without writing anything,
    /// so that an enum whose cases are found as read pays one comparison.
    static func check<Raw>(
        for type: Raw.Type, codec: Codec<Raw>
    ) -> @Sendable (_ read: Raw, _ kept: Raw) -> String? {
        if let check = comparison(for: type) as? @Sendable (Raw, Raw) -> String? { return check }
        return { read, kept in
            let written = jsonText(of: kept, by: codec)
            return written.text == jsonText(of: read, by: codec).text ? nil : written.shown
        }
    }

    /// Whether `written` is the text `read`, byte for byte (not by `String`'s `==`, for which
    /// canonically equivalent spellings are equal).
    static func isSameText(_ read: String, _ written: String) -> Bool {
        read.utf8.elementsEqual(written.utf8)
    }

    /// The JSON text `written` (what a closure transform's `encode` returned) is written as, when
    /// that is not the JSON value `read` (what its `decode` was handed); `nil` when it is, or when
    /// the comparison cannot tell.
    ///
    /// Both are Foundation JSON values, compared as they are written: text by its UTF-8 bytes,
    /// numbers by the JSON number they write (`19` is `19.0`; `-0.0` is not `0.0`), objects member
    /// by member whatever their order, a `Date` written for ISO-8601 text by its instant (as the
    /// `Date` rules call `.250+02:00` and `.25Z` the same), and any other `Date` or `Data` by the
    /// text it is written as (ISO 8601, Base64), which is what `decode` gets back from JSON. Not
    /// compared: a value that holds a model (what the model reads back, leaving out members and
    /// keys, is its class's to decide), and one either side of which is cut short (deeper than
    /// the nesting limit, or more values than the value limit), whose output reports its cut.
    static func rewrite(of read: Any, as written: Any) -> String? {
        // Each side with a context of its own, so that neither uses up the other's value limit.
        var readContext = EncodingContext(purpose: .dictionary)
        let readTree = MappingEngine.encodeUntyped(read, transformed: true, context: &readContext)
        var writtenContext = EncodingContext(purpose: .dictionary)
        let writtenTree = MappingEngine.encodeUntyped(written, transformed: true, context: &writtenContext)
        guard readContext.issues.isEmpty, writtenContext.issues.isEmpty, !holdsModel(written),
            !isSame(readTree, writtenTree)
        else { return nil }
        if case .string(let text) = writtenTree { return MessageText.shortened(text).debugDescription }
        return MessageText.oneLine(String(decoding: jsonText(of: writtenTree, context: &writtenContext), as: UTF8.self))
    }

    /// Whether two trees are written as the same JSON (see ``rewrite(of:as:)``).
    static func isSame(_ read: JSONValue, _ written: JSONValue) -> Bool {
        switch (read, written) {
        case (.string(let a), .string(let b)):
            return isSameText(a, b)
        case (.string(let text), .date(let date)):
            return ISO8601Text.read(text).map { $0.isExact && $0.date == date } == true
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { isSame($0, $1) }
        case (.object(let a), .object(let b)):
            guard a.entries.count == b.entries.count else { return false }
            let written = Dictionary(
                b.entries.map { (Array($0.key.utf8), $0.value) }, uniquingKeysWith: { first, _ in first })
            return a.entries.allSatisfy { entry in
                written[Array(entry.key.utf8)].map { isSame(entry.value, $0) } == true
            }
        case (.date, _), (_, .date), (.data, _), (_, .data), (.opaque, _), (_, .opaque), (.numberLiteral, _),
            (_, .numberLiteral):
            var readContext = EncodingContext(purpose: .dictionary)
            var writtenContext = EncodingContext(purpose: .dictionary)
            return jsonText(of: read, context: &readContext) == jsonText(of: written, context: &writtenContext)
        default:
            return read == written
        }
    }

    /// Whether `value`, which `encode` returned, holds a model anywhere within the nesting limit
    /// (deeper, its tree is cut short, and not compared either).
    private static func holdsModel(_ value: Any, depth: Int = 0) -> Bool {
        guard depth <= MappingContext.maximumDepth else { return false }
        if FoundationJSON.model(in: value) != nil { return true }
        if let elements = value as? [Any] { return elements.contains { holdsModel($0, depth: depth + 1) } }
        if let members = value as? [String: Any] { return members.values.contains { holdsModel($0, depth: depth + 1) } }
        return false
    }

    /// The JSON text of `tree`, keys sorted: what every comparison here compares and shows.
    private static func jsonText(of tree: JSONValue, context: inout EncodingContext) -> [UInt8] {
        var writer = JSONWriter(escapesSlashes: false, sortsKeys: true, capacity: 64)
        writer.writeTree(tree, context: &context)
        return writer.bytes
    }

    /// The comparison of a type whose written value follows from the value itself, as a
    /// `(Raw, Raw) -> String?` closure, or `nil` for any other type.
    private static func comparison<Raw>(for type: Raw.Type) -> Any? {
        if type == Int.self { return byValue(Int.self) }
        if type == String.self {
            let check: @Sendable (String, String) -> String? = { read, kept in
                isSameText(read, kept) ? nil : kept.debugDescription
            }
            return check
        }
        if type == Double.self {
            let check: @Sendable (Double, Double) -> String? = { read, kept in
                read.bitPattern == kept.bitPattern ? nil : NumberText.shortest(kept)
            }
            return check
        }
        if type == Float.self {
            let check: @Sendable (Float, Float) -> String? = { read, kept in
                read.bitPattern == kept.bitPattern ? nil : NumberText.shortest(kept)
            }
            return check
        }
        if type == Bool.self { return byValue(Bool.self) }
        if type == Int8.self { return byValue(Int8.self) }
        if type == Int16.self { return byValue(Int16.self) }
        if type == Int32.self { return byValue(Int32.self) }
        if type == Int64.self { return byValue(Int64.self) }
        if type == UInt.self { return byValue(UInt.self) }
        if type == UInt8.self { return byValue(UInt8.self) }
        if type == UInt16.self { return byValue(UInt16.self) }
        if type == UInt32.self { return byValue(UInt32.self) }
        if type == UInt64.self { return byValue(UInt64.self) }
        return nil
    }

    /// The comparison of a type that writes each value one way, its `description`: an integer, `Bool`.
    private static func byValue<Value: Equatable & CustomStringConvertible & Sendable>(
        _: Value.Type
    ) -> @Sendable (Value, Value) -> String? {
        { read, kept in read == kept ? nil : kept.description }
    }

    /// The JSON text `codec` writes for `value`, and how an issue shows it (a string as a Swift
    /// literal, as the conversion table's issues show what they write).
    private static func jsonText<Value>(of value: Value, by codec: Codec<Value>) -> (text: [UInt8], shown: String) {
        var context = EncodingContext(purpose: .dictionary)
        let tree = codec.encode(value, context: &context)
        let text = jsonText(of: tree, context: &context)
        if case .string(let string) = tree { return (text, string.debugDescription) }
        return (text, String(decoding: text, as: UTF8.self))
    }
}
