import Foundation

/// ISO-8601 date-times (RFC 3339: `2014-08-29T10:12:00Z`, `2014-08-29T12:12:00.25+02:00`, and
/// ISO-8601's expanded years such as `+12345-01-01T00:00:00Z`), read strictly and written exactly.
///
/// Reading refuses impossible dates and times (`2014-02-30`, `2014-02-29`, `23:59:60`) instead of
/// rolling them over, and takes any number of fractional digits, telling whether the `Date` read is
/// written back as the same instant (``read(_:)``). Writing uses UTC and as many fractional digits
/// as it takes for the text to read back as the very same `Date` (a `Date` is a `Double` of seconds
/// since 2001), so a date survives any number of round trips.
package enum ISO8601Text {
    /// Seconds from 1970-01-01 to 2001-01-01, `Date`'s reference date.
    private static let referenceOffset: Int64 = 978_307_200

    /// The date `text` denotes, or `nil` when it is not an RFC 3339 date-time or names no real time.
    package static func date(from text: String) -> Date? {
        read(text)?.date
    }

    /// The `Date` nearest the instant `text` denotes, and whether ``string(from:minimumFractionDigits:)``
    /// writes that `Date` back as the same instant; `nil` when `text` is not an RFC 3339 date-time or
    /// names no real time.
    ///
    /// The instant comes back when the written text has the same second since 1970 and the same
    /// fractional digits, trailing zeros aside: only the offset (written as `Z`) and the spelling of
    /// the fraction (`.250` as `.25`) may change. A `Date` holds about 16 significant digits, so
    /// `2014-08-29T10:12:00.123456789Z` comes back as `…00.1234568Z` and `…00.999999999Z` as
    /// `…01Z`: not exactly. Most texts are decided by their number of digits alone, without writing
    /// the date (``holdsExactly(_:seconds:fraction:)``).
    package static func read(_ text: String) -> (date: Date, isExact: Bool)? {
        var text = text
        return text.withUTF8 { read(utf8: $0) }
    }

    /// ``read(_:)`` over a date-time's UTF-8 bytes, which the caller lends for the call: the byte
    /// reader's input, where a string node's text lies, so that a date is read with no `String`
    /// built for it (``DocumentValue/plainDate``).
    static func read(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (date: Date, isExact: Bool)? {
        var scanner = Scanner(bytes: bytes)
        guard let year = scanner.year(), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), scanner.take("T") || scanner.take("t"),
            let hour = scanner.number(digits: 2), scanner.take(":"),
            let minute = scanner.number(digits: 2), scanner.take(":"),
            let second = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        var fraction = 0.0
        var significant: Slice<UnsafeBufferPointer<UInt8>> = bytes[0..<0]
        if scanner.take(".") {
            let digits = scanner.digits()
            guard !digits.isEmpty, let value = Double("0." + String(decoding: digits, as: UTF8.self)) else {
                return nil
            }
            fraction = value
            significant = digits
            while significant.last == UInt8(ascii: "0") { significant.removeLast() }
        }
        var offset = 0
        if scanner.take("Z") || scanner.take("z") {
            offset = 0
        } else if let sign = scanner.sign(), let hours = scanner.number(digits: 2) {
            _ = scanner.take(":")
            guard let minutes = scanner.number(digits: 2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.isAtEnd else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        let date: Date
        if seconds - referenceOffset == -1, !significant.isEmpty {
            // The last second before 2001, where `-1 + fraction` would round to the fraction's
            // coarser spacing (`…59.99999999999999999999Z`, -1e-20 s, would read as 2001 itself):
            // the instant is -(1 - fraction), and 1 - fraction's digits are exact.
            let complement = String(decoding: Self.complement(significant), as: UTF8.self)
            date = Date(timeIntervalSinceReferenceDate: -(Double("0." + complement) ?? 0))
        } else {
            // Whole seconds and the fraction are each exact, so their sum is the nearest `Double`.
            date = Date(timeIntervalSinceReferenceDate: Double(seconds - referenceOffset) + fraction)
        }
        return (date, holdsExactly(date, seconds: seconds - referenceOffset, fraction: significant))
    }

    /// Whether `date`, read from whole `seconds` since 2001 and the significant fractional `digits`
    /// after them (no trailing zeros), is written back as those seconds and digits.
    ///
    /// Decided without writing when a `Date` this far from 2001 tells apart every two fractions of
    /// that many digits: with `m` the seconds' magnitude plus one, if twice the spacing of `Double`s
    /// at `m` is at most 10⁻ᵏ for k digits, the sum read is within ¾ of that spacing of the text's
    /// instant (half a spacing for the sum, at most a quarter for the fraction's own `Double`), so no
    /// shorter fraction reads as the same `Date`, the k-digit one the writer tries first is the text's,
    /// and the sum stays below the next second. Every whole second up to 2⁵³ is exact. (In the last
    /// second before 2001, read as -(1 - fraction), a `Double` keeps the 15 or fewer places of
    /// 1 - fraction, which are written back.) Otherwise (7 digits and more today, fewer in distant
    /// years) the fraction is written as ``string(from:minimumFractionDigits:)`` writes it, and
    /// compared.
    private static func holdsExactly(
        _ date: Date, seconds: Int64, fraction digits: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Bool {
        let magnitude = seconds.magnitude + 1
        if magnitude <= 1 << 53 {
            if digits.isEmpty { return true }
            if digits.count <= 15 {
                var scale = 1.0
                for _ in 0..<digits.count { scale *= 10 }  // exact up to 10²²
                if Double(magnitude).ulp * 2 * scale <= 1 { return true }  // powers of two: exact
            }
        }
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 3e16 else { return false }  // written as a number
        let whole = interval.rounded(.down)
        guard Int64(whole) == seconds else { return false }  // rounded into another second
        guard interval != whole else { return digits.isEmpty }
        var written = Array(fractionDigits(of: interval, after: whole).utf8)
        while written.last == UInt8(ascii: "0") { written.removeLast() }
        return written.elementsEqual(digits)
    }

    /// The date for a message or a description: its ISO-8601 text, or its seconds since 1970 when
    /// ISO 8601 cannot spell it (not `Date.description`, which traps on NaN or infinite seconds).
    static func describing(_ date: Date) -> String {
        string(from: date) ?? "\(NumberText.shortest(date.timeIntervalSince1970)) s since 1970"
    }

    /// The date in UTC with the fewest fractional digits that read back as the same `Date`.
    ///
    /// At least `minimumFractionDigits` are written; years beyond 0–9999 in ISO-8601's expanded form (`+12345-01-01…`,
    /// `-0044-03-15…`). `nil` for a date more than a billion years away, or not finite.
    static func string(from date: Date, minimumFractionDigits: Int = 0) -> String? {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite, abs(interval) < 3e16 else { return nil }
        let whole = interval.rounded(.down)
        let seconds = Int64(whole) + referenceOffset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civil(fromDays: Int(days))
        let yearText = (0...9999).contains(year) ? pad(year, 4) : (year < 0 ? "-" : "+") + pad(abs(year), 4)
        var text = yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
        text += pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        var digits = interval == whole ? "" : fractionDigits(of: interval, after: whole)
        if digits.count < minimumFractionDigits {
            digits += String(repeating: "0", count: minimumFractionDigits - digits.count)
        }
        if !digits.isEmpty { text += "." + digits }
        return text + "Z"
    }

    /// The fewest digits after the point that, read as ``date(from:)`` reads them after the second
    /// `whole` (`interval` rounded down), give `interval` again (`.123456`, not the
    /// `.12345600128173828` the sum holds).
    ///
    /// In the last second before 2001 (`whole` is -1), where `interval - whole` is not exact
    /// (-1e-20 s gives 1), they are the digits of 1 minus those of `-interval`, as they are read.
    private static func fractionDigits(of interval: Double, after whole: Double) -> String {
        if whole == -1 {
            return String(decoding: complement(Array(exactDigits(of: -interval).utf8)), as: UTF8.self)
        }
        let fraction = interval - whole  // exact: `whole` is 0, or `interval`'s magnitude is at least 1
        let target = interval
        var scale = 1.0
        for count in 1...17 {
            scale *= 10
            let scaled = (fraction * scale).rounded()
            guard scaled < scale, let integer = Int64(exactly: scaled) else { continue }
            let text = String(integer)
            let digits = String(repeating: "0", count: count - text.count) + text
            if let read = Double("0." + digits), whole + read == target { return digits }
        }
        return exactDigits(of: fraction)
    }

    /// The digits after the point of a fraction in (0, 1), the fewest that read back as it alone.
    private static func exactDigits(of fraction: Double) -> String {
        guard let parts = DecimalParts(numberText: fraction.description), parts.exponent < 0 else { return "" }
        let places = -parts.exponent
        return String(repeating: "0", count: max(places - parts.digits.count, 0))
            + String(decoding: parts.digits, as: UTF8.self)
    }

    /// The digits after the point of 1 minus 0.`digits`, as many as `digits` has without its
    /// trailing zeros (`25` → `75`, `001` → `999`, `0` → none): exact, whatever their number.
    private static func complement(_ digits: some Collection<UInt8>) -> [UInt8] {
        let zero = UInt8(ascii: "0")
        var result = Array(digits)
        while result.last == zero { result.removeLast() }
        for index in result.indices {
            // 1 − 0.d₁…dₖ = 0.(9 − d₁)…(9 − dₖ₋₁)(10 − dₖ), dₖ not zero.
            result[index] = zero + (index == result.count - 1 ? 10 : 9) - (result[index] - zero)
        }
        return result
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(width - text.count, 0)) + text
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a number of days since 1970-01-01.
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// A cursor over the bytes of a date-time, lent by ``read(utf8:)``'s caller for the call.
    ///
    /// Every read of `bytes` is at a position checked against `bytes.count` just before it
    /// (`take`, `number`, `digits`), so none leaves the buffer.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// Takes `character` if it comes next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Takes exactly `digits` decimal digits.
        mutating func number(digits count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        /// Takes a year: four digits, or a sign and four or more (ISO-8601's expanded years).
        mutating func year() -> Int? {
            guard let sign = sign() else { return number(digits: 4) }
            let digits = digits()
            guard digits.count >= 4, digits.count <= 10 else { return nil }
            return sign * digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }

        /// Takes every decimal digit that comes next.
        mutating func digits() -> Slice<UnsafeBufferPointer<UInt8>> {
            let start = position
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                position += 1
            }
            return bytes[start..<position]
        }

        /// Takes `+` or `-`, as 1 or -1.
        mutating func sign() -> Int? {
            if take("+") { return 1 }
            if take("-") { return -1 }
            return nil
        }
    }
}
