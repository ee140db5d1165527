import Foundation
import Jastor

/// The `Decimal` a literal spells (NaN if none).
func a22Decimal(_ text: String) -> Decimal { Decimal(string: text) ?? .nan }

enum A22Suit: String, JastorValue, CaseIterable {
    case hearts
    case marker = "$class"
    case reference = "$ref"
    case empty = ""
    case dotted = "a.b"
    case emoji = "👨‍👩‍👧"
}

enum A22Rank: Int, JastorValue, CaseIterable {
    case lowest = -9_223_372_036_854_775_808
    case zero = 0
    case highest = 9_223_372_036_854_775_807
}

enum A22Ratio: Double, JastorValue, CaseIterable {
    case half = 0.5
    case subnormal = 0x1p-1074  // 5e-324, the least subnormal
    case greatest = 1.7976931348623157e308
    case tenth = 0.1
}

enum A22Gender: JastorValue, Sendable, CaseIterable {
    case female, male
}

/// A base class whose hook picks ``A22Derived`` for `kind == "derived"`.
class A22Base: JastorObject {
    var kind = ""
    var tag: Int16 = 0

    override class var properties: [JastorProperty] { register(\.kind, \.tag) }
    override class var archiveSubclasses: [JastorObject.Type] { [A22Derived.self] }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        json["kind"] as? String == "derived" ? A22Derived.self : nil
    }
}

final class A22Derived: A22Base {
    var extra: UInt32 = 0
    var note: String?

    override class var properties: [JastorProperty] { register(\.extra, \.note) }
}

/// A model with every kind of property the documentation lists, key paths and transforms included.
final class A22Wide: JastorObject {
    var i8: Int8 = 0
    var i16: Int16 = 0
    var i32: Int32 = 0
    var i64: Int64 = 0
    var int = 0
    var u8: UInt8 = 0
    var u16: UInt16 = 0
    var u32: UInt32 = 0
    var u64: UInt64 = 0
    var uint: UInt = 0
    var float: Float = 0
    var optionalFloat: Float?
    var double = 0.0
    var optionalDouble: Double?
    var decimal: Decimal = 0
    var optionalDecimal: Decimal?
    var bool = false
    var optionalBool: Bool?
    var string = ""
    var optionalString: String?
    var date = Date(timeIntervalSince1970: 0)
    var optionalDate: Date?
    var data = Data()
    var url: URL?
    var uuid: UUID?
    var suit = A22Suit.hearts
    var rank: A22Rank?
    var ratio = A22Ratio.half
    var floats: [Float] = []
    var int16s: [Int16]?
    var dates: [Date] = []
    var strings: [[String]] = []
    var map: [String: Double] = [:]
    var urls: [String: URL]?
    var child: A22Wide?
    var children: [A22Wide] = []
    var base: A22Base?
    var bases: [A22Base] = []
    var baseMap: [String: A22Base] = [:]
    var city = ""
    var zip: String?
    var dotted: UInt8 = 0
    var second: Int16?
    var stamp: Date?
    var millis = Date(timeIntervalSince1970: 0)
    var iso: Date?
    var day: Date?
    var count = 0
    var ratioText = 0.0
    var gender = A22Gender.male
    var anything: [Any]?
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        register(
            \.i8, \.i16, \.i32, \.i64, \.int, \.u8, \.u16, \.u32, \.u64, \.uint, \.float, \.optionalFloat, \.double,
            \.optionalDouble, \.decimal, \.optionalDecimal, \.bool, \.optionalBool, \.string, \.optionalString,
            \.date, \.optionalDate, \.data, \.url, \.uuid, \.suit, \.rank, \.ratio, \.floats, \.int16s, \.dates,
            \.strings, \.map, \.urls, \.child, \.children, \.base, \.bases, \.baseMap
        ) {
            property(\.city, key: "address.city")
            property(\.zip, key: "address.zip", transform: .numberEncoded)
            property(\.dotted, key: ["version.major"])
            property(\.second, key: "pair[1]")
            property(\.stamp, transform: .secondsSince1970)
            property(\.millis, transform: .millisecondsSince1970)
            property(\.iso, transform: .iso8601WithFractionalSeconds)
            property(\.day, transform: .date(format: "yyyy-MM-dd"))
            property(\.count, transform: .stringEncoded)
            property(\.ratioText, transform: .stringEncoded)
            property(\.gender, transform: .table(["female": .female, "male": .male]))
            property(\.anything)
            unmappedKeys(\.extras)
        }
    }
}

/// Generates hostile ``A22Wide`` graphs from a seed.
struct A22Generator {
    var random: SeededRandom
    /// Whether to include NaN and infinities (which only archives keep).
    var nonFinite: Bool

    init(seed: UInt64, nonFinite: Bool = true) {
        random = SeededRandom(seed: seed)
        self.nonFinite = nonFinite
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func count(_ range: Range<Int>) -> Int { Int.random(in: range, using: &random) }

    static let strings: [String] = [
        "", "plain", "\u{0}", "a\u{0}b", "\u{2028}\u{2029}", "e\u{301}", "é", "Ω", "\u{2126}", "👨‍👩‍👧", "🏳️‍🌈",
        "a/b", "</script>", #"\u0000"#, "\u{FEFF}bom", "\u{7F}", "\u{1F}", "\u{FFFF}", "\u{10FFFF}", "$class", "$ref",
        "$null", "$", "$$x", "$nan", "$decimal:1", "a.b", "[0]", "\r\n", "\t", "\u{301}start", "\"", "\\", "null",
        "true", "1e400", "-0", "0.1", "02134", "2134", "1.50", "94015", "1E5", "18446744073709551616",
        "-9223372036854775809", "NaN", " 1", "+1", "1.0", "100000000000000000000000", "12345678901234567890",
        "https://example.com/a b", "\u{202E}txt", "\u{200B}",
    ]

    mutating func string() -> String {
        if chance(3) { return String(repeating: pick(["ab", "é", "😀", "\u{0}"]), count: count(1000..<5000)) }
        if chance(75) { return pick(Self.strings) }
        let scalars: [Character] = Array("aZ$.\\\"\n 0é😀\u{301}\u{2028}/\u{0}[]")
        return String((0..<count(0..<10)).map { _ in pick(scalars) })
    }

    mutating func key() -> String {
        pick([
            "", "$class", "$ref", "$", "$$", "$null", "shared", "root", "a.b", "a[0]", "i8", "address", "city",
            "extras", "version.major", "pair", "e\u{301}", "é", "\u{0}", "key", "$version", "\u{2028}",
        ])
    }

    mutating func double() -> Double {
        if nonFinite, chance(3) { return pick([.nan, .infinity, -.infinity]) }
        if chance(50) {
            return pick([
                0, -0.0, 1, -1, 0.1, 1e-308, 2.2250738585072014e-308, Double(bitPattern: 0x000F_FFFF_FFFF_FFFF),
                .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                9_007_199_254_740_992, 1e23, 9.223372036854775807e18, 1.8446744073709552e19, 123_456.789, 0x1p-1074,
                0.30000000000000004, 1e21, 1e-7, 100,
            ])
        }
        return Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF) * (chance(50) ? 1 : -1)
    }

    mutating func float() -> Float {
        if nonFinite, chance(3) { return pick([.nan, .infinity, -.infinity]) }
        if chance(50) {
            return pick([
                0, -0.0, 0.1, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude,
                16_777_216, 16_777_218, 1_073_741_824, 3.4028235e38, 0x1p-149, 0.3, 1e10,
            ])
        }
        return Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x7F7F_FFFF) * (chance(50) ? 1 : -1)
    }

    mutating func decimal() -> Decimal {
        if nonFinite, chance(2) { return .nan }
        if chance(20) {
            return pick([
                Decimal.greatestFiniteMagnitude, Decimal.leastFiniteMagnitude, Decimal.leastNonzeroMagnitude, 0,
                a22Decimal("99999999999999999999999999999999999999"),
                a22Decimal("0.00000000000000000000000000000000000001"),
                a22Decimal("3.141592653589793238462643383279502884"),
                a22Decimal("-170141183460469231731687303715884105727"), a22Decimal("1.50"),
            ])
        }
        let digits = String((0..<count(1..<39)).map { _ in pick(Array("0123456789")) })
        let exponent = count(-128..<128)
        let decimal = Decimal(string: (chance(50) ? "-" : "") + digits + "e\(exponent)") ?? 0
        return decimal.isNaN ? 0 : decimal
    }

    mutating func date() -> Date {
        if nonFinite, chance(2) { return Date(timeIntervalSinceReferenceDate: pick([.nan, .infinity])) }
        if chance(50) {
            return Date(
                timeIntervalSinceReferenceDate: pick([
                    0, -1e-20, 1e-20, -978_307_200, -978_307_200.000_1, -62_135_596_800, -1e11, 1e11 + 0.25,
                    430_000_000.123_456_7, 0.000_123, -0.5, 253_402_300_799.999, 1e15, -1e15, 1e17, 1.5e18,
                    .greatestFiniteMagnitude, .leastNonzeroMagnitude,
                ]))
        }
        if chance(50) {
            return Date(
                timeIntervalSince1970: Double(count(-10_000_000..<10_000_000)) * 1000 + Double(count(0..<1000)) / 1000)
        }
        return Date(timeIntervalSinceReferenceDate: Double.random(in: -1e12...1e12, using: &random))
    }

    mutating func url() -> URL? {
        switch count(0..<6) {
        case 0: return URL(string: pick(["https://example.com/a?b=c#d", "relative/path", "a b", "https://例え.jp/ü"]))
        case 1: return URL(fileURLWithPath: pick(["/tmp/a b/ü", "/", "/x/../y", "/tmp/%20"]))
        case 2: return URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/"))
        case 3: return URL(string: "mailto:a@b.c")
        case 4:
            let path = string().addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ""
            return URL(string: "https://example.com/" + path)
        default: return nil
        }
    }

    mutating func untyped(depth: Int) -> Any {
        switch count(0..<(depth > 0 ? 14 : 11)) {
        case 0: return string()
        case 1: return pick([Int.min, Int.max, 0, -1, Int(count(-1000..<1000))])
        case 2: return pick([UInt64.max, UInt64(Int64.max) + 1])
        case 3: return double()
        case 4: return decimal()
        case 5: return chance(50)
        case 6: return NSNull()
        case 7: return float()
        case 8: return NSNumber(value: pick([Int8.min, Int8.max]))
        case 9: return NSDecimalNumber(string: pick(["0.1", "123456789012345678901234567890", "-1e-100"]))
        case 11, 12: return (0..<count(0..<4)).map { _ in untyped(depth: depth - 1) }
        case 13:
            var object: [String: Any] = [:]
            for _ in 0..<count(0..<4) { object[chance(50) ? key() : string()] = untyped(depth: depth - 1) }
            return object
        default: return string()
        }
    }

    mutating func base() -> A22Base {
        let model: A22Base
        if chance(50) {
            let derived = A22Derived()
            derived.extra = pick([0, .max, UInt32(count(0..<100))])
            derived.note = pick([nil, "", string()])
            model = derived
        } else {
            model = A22Base()
        }
        model.kind =
            chance(nonFinite ? 60 : 100)
            ? (model is A22Derived ? "derived" : pick(["base", "", "$class", "derived\u{0}"]))
            : pick(["derived", "", string()])
        model.tag = pick([.min, .max, 0])
        return model
    }

    mutating func model(depth: Int = 2, shared: A22Wide? = nil) -> A22Wide {
        let model = A22Wide()
        model.i8 = pick([0, .min, .max, -1])
        model.i16 = pick([0, .min, .max])
        model.i32 = pick([0, .min, .max])
        model.i64 = pick([0, .min, .max, Int64(truncatingIfNeeded: random.next())])
        model.int = pick([0, .min, .max, Int(truncatingIfNeeded: random.next())])
        model.u8 = pick([0, .max])
        model.u16 = pick([0, .max])
        model.u32 = pick([0, .max])
        model.u64 = pick([0, .max, random.next()])
        model.uint = pick([0, .max, UInt(truncatingIfNeeded: random.next())])
        model.float = float()
        model.optionalFloat = chance(50) ? nil : float()
        model.double = double()
        model.optionalDouble = chance(50) ? nil : double()
        model.decimal = decimal()
        model.optionalDecimal = chance(50) ? nil : decimal()
        model.bool = chance(50)
        model.optionalBool = pick([nil, true, false])
        model.string = string()
        model.optionalString = pick([nil, "", string()])
        model.date = date()
        model.optionalDate = chance(50) ? nil : date()
        model.data = Data((0..<count(0..<8)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        model.url = url()
        model.uuid = chance(50) ? nil : UUID()
        model.suit = pick(A22Suit.allCases)
        model.rank = chance(30) ? nil : pick(A22Rank.allCases)
        model.ratio = pick(A22Ratio.allCases)
        model.floats = (0..<count(0..<3)).map { _ in float() }
        model.int16s = pick([nil, [], [.min, .max]])
        model.dates = (0..<count(0..<3)).map { _ in date() }
        model.strings = pick([[], [[]], [[string(), string()]]])
        model.map = [:]
        if chance(50) {
            model.map[key()] = double()
            model.map[string()] = double()
        }
        model.urls = chance(50) ? nil : [key(): url() ?? URL(fileURLWithPath: "/x")]
        if depth > 0 {
            model.child = chance(40) ? nil : (shared != nil && chance(50) ? shared : self.model(depth: depth - 1))
            model.children = (0..<count(0..<3)).map { _ in
                if let shared, chance(50) { return shared }
                return self.model(depth: depth - 1)
            }
        }
        model.base = chance(30) ? nil : base()
        let sharedBase = base()
        model.bases = (0..<count(0..<3)).map { _ in chance(30) ? sharedBase : base() }
        model.baseMap = [:]
        if chance(50) {
            model.baseMap[key()] = base()
            model.baseMap[key()] = sharedBase
        }
        model.city = string()
        model.zip = pick([nil, "", "94015", "02134", "1.50", "-0", "2.5", "1e3", string()])
        model.dotted = pick([0, .max])
        model.second = pick([nil, 0, .min])
        model.stamp =
            chance(40)
            ? nil : (nonFinite ? date() : Date(timeIntervalSince1970: Double(count(-99_999_999..<99_999_999))))
        model.millis = nonFinite ? date() : Date(timeIntervalSince1970: Double(count(-99_999_999..<99_999_999)) / 1000)
        model.iso = chance(40) ? nil : date()
        model.day =
            chance(40)
            ? nil : (nonFinite ? date() : Date(timeIntervalSince1970: Double(count(-99_999..<99_999)) * 86_400))
        model.count = pick([0, .min, .max, -1])
        model.ratioText = double()
        model.gender = pick(A22Gender.allCases)
        model.anything = chance(40) ? nil : (0..<count(0..<4)).map { _ in untyped(depth: 2) }
        let written: Set = ["i8", "address", "city", "version.major", "pair"]
        for _ in 0..<count(0..<3) {
            let key = key()
            if nonFinite || !written.contains(key) { model.extras[key] = untyped(depth: 2) }
        }
        return model
    }

    /// A graph whose root shares one model in several places (at depth 1 or below).
    mutating func graph() -> A22Wide {
        let shared = chance(50) ? model(depth: 0) : nil
        return model(depth: 2, shared: shared)
    }
}
