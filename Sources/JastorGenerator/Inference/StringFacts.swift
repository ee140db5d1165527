import Foundation

/// What the strings seen at one place have in common: a date format every one of them is written
/// in, and whether every one is an absolute URL.
struct StringFacts: Sendable, Equatable {
    /// The date formats every string matched, best first; empty when some string is no date.
    var dateFormats: [DateFormat]
    /// Every string is an absolute `http`/`https` URL that `URL(string:)` reads back unchanged.
    var allAbsoluteURLs: Bool

    /// The facts of one string.
    init(text: String, recognizer: DateRecognizer) {
        dateFormats = recognizer.formats(matching: text)
        allAbsoluteURLs = Self.isAbsoluteURL(text)
    }

    func merging(_ other: StringFacts) -> StringFacts {
        var merged = self
        merged.dateFormats = dateFormats.filter(other.dateFormats.contains)
        merged.allAbsoluteURLs = allAbsoluteURLs && other.allAbsoluteURLs
        return merged
    }

    private static func isAbsoluteURL(_ text: String) -> Bool {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) else {
            return false
        }
        return url.host != nil && url.absoluteString == text
    }
}
