import Foundation

extension JastorTransform where Value == Date {
    /// Dates written with a date format pattern, such as `MM-dd-yyyy`, `MMM dd yyyy` or
    /// `yyyy-MM-dd HH:mm:ss`, in both directions.
    ///
    /// One formatter is built per format, time zone and locale, for the whole process, and shared
    /// safely by every thread that uses it.
    ///
    /// A date the format cannot write exactly (a time of day under `yyyy-MM-dd`, a date before
    /// year 1 when the format has no era) is written as the format's text where JSON goes, with an
    /// issue at its path saying what the text reads back as (``JastorObject/jsonData(options:)``
    /// and `Codable` throw it); archives keep the `Date` itself. A text the format reads but writes
    /// otherwise (a weekday that is not the date's, `2014-8-9` written `2014-08-09`, `+0900` written
    /// `+0000`) is kept as the date it reads, with an issue saying the text it is written as.
    ///
    /// ```swift
    /// .init("startDate", \Person.startDate, transform: .date(format: "MMM dd yyyy"))
    /// ```
    ///
    /// - Parameters:
    ///   - format: A Unicode date format pattern.
    ///   - timeZone: The time zone of dates without an offset; UTC unless you say otherwise.
    ///   - locale: The locale of month and day names; `en_US_POSIX` unless you say otherwise.
    /// - Returns: The transform.
    public static func date(
        format: String, timeZone: TimeZone = .gmt, locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> JastorTransform<Date> {
        JastorTransform(codec: FormattedDateCodec(format: format, timeZone: timeZone, locale: locale))
    }

    /// Whether ``date(format:timeZone:locale:)`` reads `text` without an issue.
    ///
    /// The format reads it and writes that date back as `text`; jastor-gen types a sample as such a
    /// `Date` only then.
    package static func readsQuietly(
        _ text: String, format: String, timeZone: TimeZone = .gmt, locale: Locale = Locale(identifier: "en_US_POSIX")
    ) -> Bool {
        let formatter = SharedDateFormatter.formatter(format: format, timeZone: timeZone, locale: locale)
        guard case .success = FormattedDateCodec.conversion(of: text, by: formatter) else { return false }
        return true
    }

    /// ISO-8601 dates (`2014-08-29T10:12:00Z`), read with or without fractional seconds and with
    /// any offset, written in UTC with fractional seconds only when the date has them (as many
    /// digits as it takes to read back the same `Date`).
    ///
    /// A time with more fractional digits than a `Date` holds (`…00.123456789Z`) is kept as the
    /// nearest `Date`, with an issue saying the text it is written as.
    ///
    /// ```swift
    /// .init("createdAt", \Post.createdAt, transform: .iso8601)
    /// ```
    public static var iso8601: JastorTransform<Date> { iso8601(minimumFractionDigits: 0, name: "iso8601") }

    /// ISO-8601 dates, written in UTC with at least milliseconds (`2014-08-29T10:12:00.250Z`), more
    /// digits when the date has them.
    ///
    /// ```swift
    /// .init("updatedAt", \Post.updatedAt, transform: .iso8601WithFractionalSeconds)
    /// ```
    public static var iso8601WithFractionalSeconds: JastorTransform<Date> {
        iso8601(minimumFractionDigits: 3, name: "iso8601WithFractionalSeconds")
    }

    /// Numbers of seconds since 1970, read from numbers or numeric strings and written as numbers.
    ///
    /// A date is written as the shortest number that reads back as the same `Date`, so a number read
    /// is written back as it was; a date that no number stands for exactly (one set in code, such as
    /// 0.1 s after 2001) is written as the nearest, with an issue, and archives keep the `Date`.
    ///
    /// ```swift
    /// .init("timestamp", \Event.timestamp, transform: .secondsSince1970)
    /// ```
    public static var secondsSince1970: JastorTransform<Date> { epoch(unitsPerSecond: 1, name: "seconds since 1970") }

    /// Numbers of milliseconds since 1970, read from numbers or numeric strings, written as numbers.
    ///
    /// ```swift
    /// .init("timestamp", \Event.timestamp, transform: .millisecondsSince1970)
    /// ```
    public static var millisecondsSince1970: JastorTransform<Date> {
        epoch(unitsPerSecond: 1000, name: "milliseconds since 1970")
    }

    private static func iso8601(minimumFractionDigits: Int, name: String) -> JastorTransform<Date> {
        JastorTransform(
            codec: ScalarCodec(
                typeName: "ISO-8601 Date",
                decode: { scalar in
                    guard case .string = scalar else {
                        return secondsWritten(for: scalar) {
                            ISO8601Text.string(from: $0, minimumFractionDigits: minimumFractionDigits) == nil
                        }
                    }
                    return Date.converting(scalar)
                },
                encode: { date in
                    guard let text = ISO8601Text.string(from: date, minimumFractionDigits: minimumFractionDigits)
                    else { return .double(date.timeIntervalSince1970) }
                    return .string(text)
                }, isNonFinite: { !$0.isFinite }, documentValue: { $0.plainDate }, rewritten: Date.rewrittenTime,
                transform: name))
    }

    /// The date a number stands for where a text transform wrote the seconds of a date it cannot
    /// spell as text (NaN, an infinity, a date out of its range): only such a number reads back, so
    /// what the transform writes reads back, and no other number is taken for a date.
    static func secondsWritten(
        for scalar: JSONScalar, spelledAsSeconds: (Date) -> Bool
    ) -> ScalarConversion<Date> {
        // Callers pass anything but a string; `Double` refuses booleans, null, dates and data.
        guard case .success(let seconds) = Double.converting(scalar) else { return .failure(.typeMismatch) }
        let date = Date(timeIntervalSince1970: seconds)
        return spelledAsSeconds(date) ? .success(date) : .failure(.typeMismatch)
    }

    private static func epoch(unitsPerSecond: Double, name: String) -> JastorTransform<Date> {
        JastorTransform(codec: EpochDateCodec(unitsPerSecond: unitsPerSecond, name: name))
    }

    /// The number an epoch transform writes for `date`: the shortest that reads back as the same
    /// `Date`, an integer when one does.
    ///
    /// A `Date` holds seconds since 2001, so the seconds since 1970 it gives back are rarely the
    /// number it was read from (`0.1` reads as a date whose seconds since 1970 are
    /// `0.10000002384185791`; 1.3% of integer millisecond timestamps of this century come back
    /// with a fraction). As a `Double` is written by its shortest text, the date is written by the
    /// number with the fewest decimals that stands for it: the number it was read from, whenever
    /// that was the shortest. Each candidate is an integer divided by a power of ten (both exact,
    /// so the quotient is the `Double` nearest that decimal), with no text and no locale involved.
    /// `nil` for a date no number stands for (one set in code, such as 0.1 s after 2001), which
    /// ``EpochDateCodec`` reports; a date of NaN or infinite seconds is its own number, while a
    /// finite date whose units overflow (beyond 1.8e305 s in milliseconds) has none.
    static func shortestUnits(of date: Date, unitsPerSecond: Double) -> JSONValue? {
        let units = date.timeIntervalSince1970 * unitsPerSecond
        guard units.isFinite else { return date.timeIntervalSince1970.isFinite ? nil : .double(units) }
        func readsBack(_ candidate: Double) -> Bool {
            Date(timeIntervalSince1970: candidate / unitsPerSecond) == date
        }
        let whole = units.rounded()
        if readsBack(whole), let integer = Int64(exactly: whole) { return .integer(integer) }
        var scale = 1.0
        for _ in 1...22 {
            scale *= 10
            let scaled = (units * scale).rounded()
            guard scaled.isFinite, abs(scaled) < 9_007_199_254_740_992 else { break }
            let candidate = scaled / scale
            if readsBack(candidate) { return .double(candidate) }
        }
        return readsBack(units) ? .double(units) : nil
    }
}
