import Foundation

/// How archives spell values that JSON or a property list cannot hold, and how they keep a real
/// string from ever being mistaken for one of those spellings: the one escaping policy of every
/// archive writer and reader.
///
/// From format version 2, a string that starts with `$` is written with one more `$` in front
/// (`"$null"` → `"$$null"`, object keys too), so every string that starts with a single `$` is a
/// marker the library wrote:
///
/// | marker | value |
/// |---|---|
/// | `$class` (object key) | the class of a model stored under a property of a less specific type |
/// | `$ref` (object key, version 3) | the number of a shared model, in the envelope's `shared` table, that a place holds (``ArchiveIdentities``) |
/// | `$null` | `null` (property lists have no null) |
/// | `$nan`, `$inf`, `$-inf` | a non-finite `Double` |
/// | `$decimal:<text>` | a `Decimal`, exactly (`$decimal:NaN` for its NaN) |
/// | `$date:<seconds>` | a `Date`: seconds since 2001-01-01 as the shortest text of its `Double` |
/// | `$data:<base64>` | a `Data` |
///
/// Version 1 archives escaped nothing: `$null` was null in property lists and every other string
/// was itself; they are read that way.
enum ArchiveSpelling {
    /// The first format version that escapes strings and spells values with markers.
    static let firstEscapingVersion = 2

    static let classMarker = MappingEngine.classMarkerKey
    /// The markers only an object's key may be, in an archive of format version `version`.
    static func keyMarkers(inVersion version: Int64) -> [String] {
        version >= 3
            ? [classMarker, ArchiveIdentities.referenceMarker] : [classMarker]
    }
    static let null = "$null"
    private static let decimalPrefix = "$decimal:"
    private static let datePrefix = "$date:"
    private static let dataPrefix = "$data:"
    private static let nonFinite: [String: Double] = ["$nan": .nan, "$inf": .infinity, "$-inf": -.infinity]

    // MARK: Writing

    /// A string or object key as written: with one more `$` when it starts with `$`.
    static func escaped(_ string: String) -> String {
        string.utf8.first == UInt8(ascii: "$") ? "$" + string : string
    }

    /// The marker text of a value JSON cannot hold (a non-finite double, a decimal, a date, data),
    /// or `nil` for every other value.
    static func marker(for value: JSONValue) -> String? {
        switch value {
        case .double(let double) where !double.isFinite: double.isNaN ? "$nan" : double > 0 ? "$inf" : "$-inf"
        case .decimal(let decimal): decimalPrefix + decimal.description
        case .date(let date): datePrefix + date.timeIntervalSinceReferenceDate.description
        case .data(let data): dataPrefix + data.base64EncodedString()
        default: nil
        }
    }

    // MARK: Reading

    /// Why an archive string is not one the library writes.
    struct UnknownMarker: Error {
        let text: String
        /// Whether the text is a known marker in an object key's place, where only strings go.
        var isKey = false
        /// Whether the text is a key marker (``keyMarkers(inVersion:)``) in a value's place, where
        /// only a key may hold it.
        var isKeyMarkerValue = false

        var reason: String {
            let shown = (text.count > 40 ? String(text.prefix(40)) + "…" : text).debugDescription
            if isKeyMarkerValue, text == classMarker { return "the class marker \(shown) as a value" }
            if isKeyMarkerValue { return "the marker \(shown), a key, as a value" }
            return isKey ? "the marker \(shown) as an object key" : "the unknown marker \(shown)"
        }
    }

    /// The value a string of a version-2 or later archive stands for: the string without its
    /// escape, or the value its marker spells; a key marker of `keyMarkers` (which readers accept
    /// only as an object's key) is itself.
    static func value(ofArchived text: String, keyMarkers: [String]) throws(UnknownMarker) -> JSONValue {
        guard text.utf8.first == UInt8(ascii: "$") else { return .string(text) }
        if text.utf8.dropFirst().first == UInt8(ascii: "$") { return .string(String(text.dropFirst())) }
        if keyMarkers.contains(text) { return .string(text) }
        if text == null { return .null }
        if let double = nonFinite[text] { return .double(double) }
        if text.hasPrefix(decimalPrefix) {
            let digits = String(text.dropFirst(decimalPrefix.count))
            if digits == "NaN" { return .decimal(.nan) }
            guard let decimal = DecimalParts(numberText: digits)?.decimal else { throw UnknownMarker(text: text) }
            return .decimal(decimal)
        }
        if text.hasPrefix(datePrefix) {
            // Exactly the text the writer spells (`Double.description`: `nan` and `inf` included, no
            // `0x10` or `1e-400`).
            let digits = String(text.dropFirst(datePrefix.count))
            guard let seconds = Double(digits), seconds.description == digits else { throw UnknownMarker(text: text) }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        }
        if text.hasPrefix(dataPrefix) {
            guard let data = Data(base64Encoded: String(text.dropFirst(dataPrefix.count))) else {
                throw UnknownMarker(text: text)
            }
            return .data(data)
        }
        throw UnknownMarker(text: text)
    }
}
