import Foundation

/// The codec of ``JastorTransform/date(format:timeZone:locale:)``: dates written with a date format
/// pattern.
///
/// A format may say less than a `Date` holds (`yyyy-MM-dd` has no time of day, `yy` no century, no
/// pattern an era unless it asks for one; `MMMMM` writes a month's initial, which it cannot read). A
/// date whose text reads back as another date, or not at all, is written
/// as that text where JSON goes (`toDictionary()`, JSON text, `Codable`), with an issue at its path
/// saying what it would read back as; archives keep the `Date` itself (read back by this codec as a
/// date), and equality and `description` see the `Date`, so a model and its copy made through the
/// text compare unequal. A date the formatter cannot write at all (NaN or infinite seconds, beyond
/// its calendar) is written as its seconds since 1970, which this codec reads back.
///
/// Reading, a text the format reads but writes back as another text is kept as the date it reads
/// and reported with the text it will be written as: a weekday that is not the date's, a day the
/// calendar skips in 1582, `14` read by `yyyy` (written `0014`), `2014-8-9` (written `2014-08-09`),
/// an offset written in the formatter's time zone (`+0900` as `+0000`, the same instant). One more
/// call of the formatter per date read, in the same turn of its lock.
final class FormattedDateCodec: ScalarReadingCodec<Date>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s of immutable values and
    // a formatter that serialises its own calls.
    private let formatter: SharedDateFormatter
    private let format: String
    /// ``Codec/archivedTransform``: the format, time zone and locale, which say what its text means.
    private let transform: String

    init(format: String, timeZone: TimeZone, locale: Locale) {
        let formatter = SharedDateFormatter.formatter(format: format, timeZone: timeZone, locale: locale)
        self.formatter = formatter
        self.format = format
        self.transform =
            "date(format: \(format.debugDescription), timeZone: \(timeZone.identifier), locale: \(locale.identifier))"
        super.init(
            reader: ScalarCodec(
                typeName: "Date (\(format))",
                decode: { scalar in
                    switch scalar {
                    case .string(let text):
                        return Self.conversion(of: text, by: formatter)
                    // An archive's date, kept as it was because the format could not write it exactly.
                    case .date(let date): return .success(date)
                    default:
                        return JastorTransform.secondsWritten(for: scalar) { formatter.string(from: $0).isEmpty }
                    }
                },
                encode: { date in Self.text(of: date, by: formatter) },
                isNonFinite: { !$0.isFinite },
                rewritten: Rewritten(
                    kind: .invalidValue, expected: "text that the format \"\(format)\" writes back as it is",
                    kept: "the date it reads")))
    }

    override var archivedTransform: String? { transform }

    override func encode(_ date: Date, context: inout EncodingContext) -> JSONValue {
        let written = Self.text(of: date, by: formatter)
        guard case .string(let text) = written else { return written }
        // Text the format reads back as another date, or not at all (`MMMMM yyyy` writes "A 2014").
        let readBack = formatter.date(from: text)
        guard readBack != date else { return written }
        switch context.purpose {
        case .archive, .inspection:
            return .date(date)
        case .dictionary:
            let outcome =
                readBack.map { "which reads back as \(Self.describe($0))" } ?? "which the format does not read"
            context.record(
                .unencodableValue, expected: "a date that the format \"\(format)\" writes exactly",
                found: "\(Self.describe(date)), written \"\(text)\", \(outcome)")
            return written
        }
    }

    /// The date `text` reads as: stored when the format writes it back as `text`, kept and reported
    /// otherwise (a weekday that is not the date's, `2014-8-9`, a day the calendar skips, `+0900`
    /// written `+0000`), refused when the format does not read it.
    static func conversion(of text: String, by formatter: SharedDateFormatter) -> ScalarConversion<Date> {
        guard let (date, written) = formatter.read(text) else { return .failure(.invalidValue) }
        return written == text ? .success(date) : .rewritten(date)
    }

    /// The date's text by the format, or its seconds since 1970 when the formatter writes nothing.
    private static func text(of date: Date, by formatter: SharedDateFormatter) -> JSONValue {
        // The formatter writes "" for a date it cannot format (NaN or infinite seconds, or beyond
        // its calendar's range): such a date is written as its seconds instead.
        let text = date.isFinite ? formatter.string(from: date) : ""
        return text.isEmpty ? .double(date.timeIntervalSince1970) : .string(text)
    }

    /// A date as exact ISO-8601 text in UTC, for messages.
    private static func describe(_ date: Date) -> String {
        ISO8601Text.string(from: date) ?? "\(date.timeIntervalSince1970) seconds since 1970"
    }
}

/// A `DateFormatter` shared by every thread that uses its format, one call at a time.
final class SharedDateFormatter: Sendable {
    /// One formatter per format, time zone and locale, for the whole process.
    private static let cache = Locked<[String: SharedDateFormatter]>([:])

    private let formatter: Locked<DateFormatter>

    /// The shared formatter for a format, time zone and locale, built on first use.
    static func formatter(format: String, timeZone: TimeZone, locale: Locale) -> SharedDateFormatter {
        let key = "\(format)\u{0}\(timeZone.identifier)\u{0}\(locale.identifier)"
        return cache.withLock { cache in
            if let existing = cache[key] { return existing }
            let created = SharedDateFormatter(format: format, timeZone: timeZone, locale: locale)
            cache[key] = created
            return created
        }
    }

    private init(format: String, timeZone: TimeZone, locale: Locale) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        formatter.isLenient = false
        self.formatter = Locked(formatter)
    }

    func date(from text: String) -> Date? {
        formatter.withLock { $0.date(from: text) }
    }

    /// The date `text` reads as and the text the format writes for it (`""` where it writes
    /// none), in one turn; `nil` when the format does not read `text`.
    func read(_ text: String) -> (date: Date, written: String)? {
        formatter.withLock { formatter in
            formatter.date(from: text).map { ($0, $0.isFinite ? formatter.string(from: $0) : "") }
        }
    }

    func string(from date: Date) -> String {
        formatter.withLock { $0.string(from: date) }
    }
}
