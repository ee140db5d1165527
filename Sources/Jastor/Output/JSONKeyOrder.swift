import Foundation

/// The order `.sortedKeys` writes object members in: `JSONSerialization`'s, so that the same
/// dictionary sorts alike through either (numeric, case-insensitive, then forced:
/// `"a2"` before `"a10"`, `"b"` before `"B"` before `"c"`).
enum JSONKeyOrder {
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.compare(
            rhs, options: [.numeric, .caseInsensitive, .forcedOrdering], range: lhs.startIndex..<lhs.endIndex,
            locale: NSLocale.system) == .orderedAscending
    }
}
