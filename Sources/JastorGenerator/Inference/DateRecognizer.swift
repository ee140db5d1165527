import Foundation
import Jastor

/// A way dates are written that the generator recognises, with the transform that reads it.
enum DateFormat: String, Sendable {
    /// ISO-8601 with a time and no fractional seconds: `2014-08-29T10:12:00Z`.
    case iso8601
    /// ISO-8601 with fractional seconds: `2014-08-29T10:12:00.250Z`.
    case iso8601WithFractionalSeconds
    /// Twitter's `created_at`: `Sun Aug 31 00:29:15 +0000 2014`.
    case twitter = "EEE MMM dd HH:mm:ss Z yyyy"
    /// A calendar date: `2014-08-29`.
    case day = "yyyy-MM-dd"
    /// A date and time with a space: `2014-08-29 10:12:00`.
    case dayAndTime = "yyyy-MM-dd HH:mm:ss"

    /// The `transform:` argument that reads and writes this format.
    var transformSource: String {
        switch self {
        case .iso8601: ".iso8601"
        case .iso8601WithFractionalSeconds: ".iso8601WithFractionalSeconds"
        case .twitter, .day, .dayAndTime: ".date(format: \"\(rawValue)\")"
        }
    }
}

/// Tells which ``DateFormat``s a string is written in, as mapping decides: a string is typed as a
/// `Date` only when the transform the generator gives it reads the string without an issue.
final class DateRecognizer {
    /// The formats `text` is written in: ISO-8601 when Jastor's own ISO-8601 reading takes it
    /// exactly (the one the transforms use, which refuses impossible dates and times such as
    /// `23:59:60`, `24:00:00` or `2014-04-31` that Foundation's lenient parser rolls over, and
    /// reports a time with more fractional digits than a `Date` holds, `…00.123456789Z`), the others
    /// only when the date reads back as the same text (as `.date(format:)` reads it quietly).
    func formats(matching text: String) -> [DateFormat] {
        guard text.count >= 10, text.count <= 40, text.contains(where: \.isNumber) else { return [] }
        if Self.looksISO(text), let reading = ISO8601Text.read(text) {
            // A time the nearest `Date` is not written back as: mapping would report it.
            guard reading.isExact else { return [] }
            // A string without fractional seconds also fits the fractional transform, for mixed samples.
            return Self.hasFraction(text) ? [.iso8601WithFractionalSeconds] : [.iso8601, .iso8601WithFractionalSeconds]
        }
        return [DateFormat.twitter, .day, .dayAndTime].filter { format in
            JastorTransform<Date>.readsQuietly(text, format: format.rawValue)
        }
    }

    /// `yyyy-MM-ddTHH:mm`, the start every ISO-8601 date-time shares.
    private static func looksISO(_ text: String) -> Bool {
        let characters = Array(text.prefix(16))
        guard characters.count == 16 else { return false }
        let pattern = Array("dddd-dd-ddTdd:dd")
        return zip(characters, pattern).allSatisfy { character, expected in
            expected == "d" ? character.isASCII && character.isNumber : character == expected
        }
    }

    private static func hasFraction(_ text: String) -> Bool {
        text.dropFirst(19).first == "."
    }
}
