import Foundation
import Jastor

/// Compares two ``A22Wide`` graphs field by field, exactly.
///
/// Numbers by bit pattern, strings by Unicode scalars, dates by their seconds' bits, models by
/// class; untyped values by Jastor's `==`.
enum A22Exact {
    static func differences(_ a: A22Wide, _ b: A22Wide, path: String = "") -> [String] {
        var found: [String] = []
        func check(_ name: String, _ same: Bool, _ left: Any, _ right: Any) {
            if !same { found.append("\(path)\(name): \(String(reflecting: left)) ≠ \(String(reflecting: right))") }
        }
        check("i8", a.i8 == b.i8, a.i8, b.i8)
        check("i16", a.i16 == b.i16, a.i16, b.i16)
        check("i32", a.i32 == b.i32, a.i32, b.i32)
        check("i64", a.i64 == b.i64, a.i64, b.i64)
        check("int", a.int == b.int, a.int, b.int)
        check("u8", a.u8 == b.u8, a.u8, b.u8)
        check("u16", a.u16 == b.u16, a.u16, b.u16)
        check("u32", a.u32 == b.u32, a.u32, b.u32)
        check("u64", a.u64 == b.u64, a.u64, b.u64)
        check("uint", a.uint == b.uint, a.uint, b.uint)
        check("float", same(a.float, b.float), a.float, b.float)
        check(
            "optionalFloat", same(a.optionalFloat, b.optionalFloat, same), a.optionalFloat as Any,
            b.optionalFloat as Any)
        check("double", same(a.double, b.double), a.double, b.double)
        check(
            "optionalDouble", same(a.optionalDouble, b.optionalDouble, same), a.optionalDouble as Any,
            b.optionalDouble as Any)
        check("decimal", same(a.decimal, b.decimal), a.decimal, b.decimal)
        check(
            "optionalDecimal", same(a.optionalDecimal, b.optionalDecimal, same), a.optionalDecimal as Any,
            b.optionalDecimal as Any)
        check("bool", a.bool == b.bool, a.bool, b.bool)
        check("optionalBool", a.optionalBool == b.optionalBool, a.optionalBool as Any, b.optionalBool as Any)
        check("string", same(a.string, b.string), a.string, b.string)
        check(
            "optionalString", same(a.optionalString, b.optionalString, same), a.optionalString as Any,
            b.optionalString as Any)
        check(
            "date", same(a.date, b.date), a.date.timeIntervalSinceReferenceDate, b.date.timeIntervalSinceReferenceDate)
        check(
            "optionalDate", same(a.optionalDate, b.optionalDate, same), seconds(a.optionalDate) as Any,
            seconds(b.optionalDate) as Any
        )
        check("data", a.data == b.data, a.data, b.data)
        check("url", a.url?.absoluteString == b.url?.absoluteString, a.url as Any, b.url as Any)
        check("uuid", a.uuid == b.uuid, a.uuid as Any, b.uuid as Any)
        check("suit", a.suit == b.suit, a.suit, b.suit)
        check("rank", a.rank == b.rank, a.rank as Any, b.rank as Any)
        check("ratio", a.ratio == b.ratio, a.ratio, b.ratio)
        check("floats", same(a.floats, b.floats, same), a.floats, b.floats)
        check("int16s", a.int16s == b.int16s, a.int16s as Any, b.int16s as Any)
        check("dates", same(a.dates, b.dates, same), a.dates.map(seconds), b.dates.map(seconds))
        check(
            "strings",
            a.strings.count == b.strings.count && zip(a.strings, b.strings).allSatisfy { same($0, $1, same) },
            a.strings, b.strings)
        check("map", same(a.map, b.map), a.map, b.map)
        check(
            "urls", a.urls?.mapValues(\.absoluteString) == b.urls?.mapValues(\.absoluteString), a.urls as Any,
            b.urls as Any)
        check("city", same(a.city, b.city), a.city, b.city)
        check("zip", same(a.zip, b.zip, same), a.zip as Any, b.zip as Any)
        check("dotted", a.dotted == b.dotted, a.dotted, b.dotted)
        check("second", a.second == b.second, a.second as Any, b.second as Any)
        check("stamp", same(a.stamp, b.stamp, same), seconds(a.stamp) as Any, seconds(b.stamp) as Any)
        check(
            "millis", same(a.millis, b.millis), a.millis.timeIntervalSinceReferenceDate,
            b.millis.timeIntervalSinceReferenceDate)
        check("iso", same(a.iso, b.iso, same), seconds(a.iso) as Any, seconds(b.iso) as Any)
        check("day", same(a.day, b.day, same), seconds(a.day) as Any, seconds(b.day) as Any)
        check("count", a.count == b.count, a.count, b.count)
        check("ratioText", same(a.ratioText, b.ratioText), a.ratioText, b.ratioText)
        check("gender", a.gender == b.gender, a.gender, b.gender)
        check("base", same(a.base, b.base, same), a.base as Any, b.base as Any)
        check("bases", same(a.bases, b.bases, same), a.bases, b.bases)
        check(
            "baseMap",
            a.baseMap.keys.sorted() == b.baseMap.keys.sorted()
                && a.baseMap.allSatisfy { key, value in b.baseMap[key].map { same(value, $0) } ?? false },
            a.baseMap, b.baseMap)
        // Untyped values: Jastor's equality, through a holder model.
        let left = A22Wide()
        let right = A22Wide()
        left.anything = a.anything
        right.anything = b.anything
        left.extras = a.extras
        right.extras = b.extras
        check("anything/extras", left == right, left.description, right.description)
        switch (a.child, b.child) {
        case (nil, nil): break
        case (let x?, let y?): found += differences(x, y, path: path + "child.")
        default: check("child", false, a.child as Any, b.child as Any)
        }
        if a.children.count != b.children.count {
            check("children.count", false, a.children.count, b.children.count)
        } else {
            for (index, pair) in zip(a.children, b.children).enumerated() {
                found += differences(pair.0, pair.1, path: path + "children[\(index)].")
            }
        }
        return found
    }

    /// A date's seconds since 2001, which `Date.description` would trap on when not finite.
    static func seconds(_ date: Date?) -> Double? { date?.timeIntervalSinceReferenceDate }

    static func same(_ a: Float, _ b: Float) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }
    static func same(_ a: Decimal, _ b: Decimal) -> Bool { a == b || (a.isNaN && b.isNaN) }
    static func same(_ a: String, _ b: String) -> Bool { Array(a.unicodeScalars) == Array(b.unicodeScalars) }
    static func same(_ a: Date, _ b: Date) -> Bool {
        same(a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
    }
    static func same(_ a: [String: Double], _ b: [String: Double]) -> Bool {
        a.count == b.count
            && a.allSatisfy { key, value in
                b.contains { same($0.key, key) && same($0.value, value) }
            }
    }
    static func same(_ a: A22Base, _ b: A22Base) -> Bool {
        guard type(of: a) == type(of: b), same(a.kind, b.kind), a.tag == b.tag else { return false }
        if let x = a as? A22Derived, let y = b as? A22Derived {
            return x.extra == y.extra && same(x.note, y.note, same)
        }
        return true
    }
    static func same<T>(_ a: T?, _ b: T?, _ equal: (T, T) -> Bool) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let x?, let y?): equal(x, y)
        default: false
        }
    }
    static func same<T>(_ a: [T], _ b: [T], _ equal: (T, T) -> Bool) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy(equal)
    }
}
