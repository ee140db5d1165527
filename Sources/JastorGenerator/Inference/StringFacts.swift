import Foundation

/// What the strings seen at one place have in common: a date format every one of them is written
/// in, and whether every one is an absolute URL.
struct StringFacts: Sendable, Equatable {
    /// The date formats every string matched, best first; empty when some string is no date.
    var dateFormats: [DateFormat]
    /// Every string is an absolute `http`/`https` URL that `URL(string:)` reads back unchanged.
    var allAbsoluteURLs: Bool
    /// How many strings were seen.
    var count = 1
    /// The distinct strings, in the order first seen, while each reads as a word (a letter, then
    /// letters, digits, `_`, `-` or `.`, at most 32 of them) and there are at most
    /// ``maximumValues``; `nil` after that.
    var values: [String]?

    /// The most distinct values kept; more never make an enum.
    static let maximumValues = 64

    /// The facts of one string.
    init(text: String, recognizer: DateRecognizer) {
        dateFormats = recognizer.formats(matching: text)
        allAbsoluteURLs = Self.isAbsoluteURL(text)
        values = Self.isWord(text) ? [text] : nil
    }

    func merging(_ other: StringFacts) -> StringFacts {
        var merged = self
        merged.dateFormats = dateFormats.filter(other.dateFormats.contains)
        merged.allAbsoluteURLs = allAbsoluteURLs && other.allAbsoluteURLs
        merged.count = count + other.count
        if let values, let otherValues = other.values {
            let union = values + otherValues.filter { !values.contains($0) }
            merged.values = union.count <= Self.maximumValues ? union : nil
        } else {
            merged.values = nil
        }
        return merged
    }

    private static func isWord(_ text: String) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter, text.count <= 32 else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }

    private static func isAbsoluteURL(_ text: String) -> Bool {
        guard text.hasPrefix("http://") || text.hasPrefix("https://"), let url = URL(string: text) else {
            return false
        }
        return url.host != nil && url.absoluteString == text
    }
}
