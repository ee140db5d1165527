import Foundation

/// The codec of ``JastorTransform/secondsSince1970`` and ``JastorTransform/millisecondsSince1970``:
/// dates written as a number of seconds or milliseconds since 1970.
///
/// A date is written as the shortest number that reads back as the same `Date`
/// (``JastorTransform/shortestUnits(of:unitsPerSecond:)``). A `Date` holds seconds since 2001, and a
/// date set in code may lie between the dates any number since 1970 reads as (0.1 s after 2001): it
/// is written as the nearest number where JSON goes (`toDictionary()`, JSON text, `Codable`), with
/// an issue at its path saying what it reads back as; archives keep the `Date` itself, and equality
/// and `description` see the `Date`.
final class EpochDateCodec: ScalarReadingCodec<Date>, @unchecked Sendable {
    // @unchecked: `Codec` is a non-final class; this one holds only `let`s of immutable values.
    private let unitsPerSecond: Double
    private let name: String

    init(unitsPerSecond: Double, name: String) {
        self.unitsPerSecond = unitsPerSecond
        self.name = name
        super.init(
            reader: ScalarCodec(
                typeName: "Date (\(name))",
                decode: { scalar in
                    // An archive's date, kept as it was because no number stands for it exactly.
                    if case .date(let date) = scalar { return .success(date) }
                    // A non-finite number is a date too; the codec refuses it outside archives.
                    switch Double.converting(scalar) {
                    case .success(let units):
                        let date = Date(timeIntervalSince1970: units / unitsPerSecond)
                        return EpochDateCodec.isWrittenBack(units, as: date, unitsPerSecond: unitsPerSecond)
                            ? .success(date) : .rewritten(date)
                    case .rewritten(let units): return .rewritten(Date(timeIntervalSince1970: units / unitsPerSecond))
                    case .failure(let kind): return .failure(kind)
                    }
                },
                encode: { date in
                    JastorTransform.shortestUnits(of: date, unitsPerSecond: unitsPerSecond)
                        ?? .double(date.timeIntervalSince1970 * unitsPerSecond)
                },
                isNonFinite: { !$0.isFinite },
                rewritten: Rewritten(
                    kind: .valueOutOfRange, expected: "a number of \(name) that a Date holds exactly",
                    kept: "the nearest Date")))
    }

    /// Whether `date`, read from `units`, is written back as that number: a number with more digits
    /// than the `Date` keeps (milliseconds to the nanosecond) is written as the shortest number that
    /// reads back as the same `Date`, another number.
    private static func isWrittenBack(_ units: Double, as date: Date, unitsPerSecond: Double) -> Bool {
        guard units.isFinite else { return true }
        switch JastorTransform.shortestUnits(of: date, unitsPerSecond: unitsPerSecond) {
        case .integer(let written): return Double(exactly: written) == units
        case .double(let written): return written == units
        default: return false
        }
    }

    override var archivedTransform: String? { unitsPerSecond == 1 ? "secondsSince1970" : "millisecondsSince1970" }

    override func encode(_ date: Date, context: inout EncodingContext) -> JSONValue {
        if let written = JastorTransform.shortestUnits(of: date, unitsPerSecond: unitsPerSecond) { return written }
        // No number stands for the date: the nearest where JSON goes, reported; archives keep it.
        // Units beyond a `Double`'s range (a finite date past 1.8e305 s in milliseconds) are
        // written as the greatest finite number, which JSON can hold.
        let overflowing = date.timeIntervalSince1970 * unitsPerSecond
        let units =
            overflowing.isFinite ? overflowing : Double(signOf: overflowing, magnitudeOf: .greatestFiniteMagnitude)
        switch context.purpose {
        case .archive, .inspection:
            return .date(date)
        case .dictionary:
            let readBack = Date(timeIntervalSince1970: units / unitsPerSecond)
            context.record(
                .unencodableValue, expected: "a date that \(name) stand for exactly",
                found:
                    "\(ISO8601Text.describing(date)), written \(units), which reads back as \(ISO8601Text.describing(readBack))"
            )
            return .double(units)
        }
    }
}
