import Foundation

/// Whether a value that mapping keeps is written back as the JSON it was read from: the one
/// comparison behind every "written back as read" issue (an enum case found by its raw value,
/// a ``JastorTransform/table(_:aliases:)`` string, a ``JastorTransform/stringEncoded`` value's text).
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
        var writer = JSONWriter(escapesSlashes: false, sortsKeys: true, capacity: 64)
        writer.writeTree(tree, context: &context)
        if case .string(let text) = tree { return (writer.bytes, text.debugDescription) }
        return (writer.bytes, String(decoding: writer.bytes, as: UTF8.self))
    }
}
