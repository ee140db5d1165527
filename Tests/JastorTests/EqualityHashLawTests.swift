import Foundation
import Jastor
import Testing

/// Equality and hashing agree (`a == b` implies equal hashes, and `==` is symmetric) over models
/// built from generated values in many spellings of the same number, text or container.
@Suite struct EqualityHashLawTests {
    static let seeds: [UInt64] = [0xA22_2001, 0xA22_2002]
    static let pairsPerSeed = 1000

    /// Values that one JSON text could stand for, each family in several Swift and Foundation spellings.
    static func families() -> [[Any]] {
        [
            [
                12, 12.0, Decimal(12), Float(12), Int8(12), UInt64(12), NSNumber(value: 12),
                NSDecimalNumber(string: "12"), "12",
            ],
            [0, 0.0, -0.0, Decimal(0), Float(-0.0), NSNumber(value: -0.0), false, NSNumber(value: false)],
            [1, 1.0, true, NSNumber(value: true), NSNumber(value: 1), Decimal(1)],
            [0.1, a22Decimal("0.1"), Float(0.1), NSDecimalNumber(string: "0.1"), NSNumber(value: Float(0.1))],
            [
                UInt64.max, Double(UInt64.max), a22Decimal("18446744073709551615"),
                NSDecimalNumber(string: "18446744073709551616"), Float(UInt64.max),
            ],
            [Int64.min, Double(Int64.min), Decimal(Int64.min), NSNumber(value: Int64.min)],
            [Double.nan, Float.nan, Decimal.nan, NSDecimalNumber.notANumber, Double.infinity, -Double.infinity],
            [1e22, a22Decimal("1e22"), 10_000_000_000_000_000_000_000 as Double, NSNumber(value: 1e22)],
            [9_007_199_254_740_993, 9_007_199_254_740_992.0, Decimal(9_007_199_254_740_993)],
            ["é", "e\u{301}", NSString(string: "é"), NSString(string: "e\u{301}"), "\u{2126}", "Ω"],
            [[1, 2] as [Any], [1.0, 2.0] as [Any], NSArray(array: [1, 2]), [Decimal(1), Float(2)] as [Any]],
            [
                ["a": 1, "b": 2] as [String: Any], ["b": 2.0, "a": 1] as [String: Any],
                NSDictionary(dictionary: ["a": 1, "b": 2]), ["é": 1] as [String: Any], ["e\u{301}": 1] as [String: Any],
            ],
            [NSNull(), Optional<Int>.none as Any, [] as [Any], [:] as [String: Any], ""],
            [Date(timeIntervalSince1970: 0), "1970-01-01T00:00:00Z", 0, Data(), "AA=="],
            [
                18_446_744_073_709_551_616.0, a22Decimal("18446744073709551616"),
                NSDecimalNumber(string: "18446744073709551616"), Float(18_446_744_073_709_551_616.0),
                a22Decimal("18446744073709552000"),
            ],
            [
                0x1p-30, a22Decimal("0.000000000931322574615478515625"), a22Decimal("9.313225746154785e-10"),
                Float(0x1p-30),
            ],
            [a22Decimal("1.50"), a22Decimal("1.5"), 1.5, Float(1.5), "1.5"],
        ]
    }

    static func holder(_ value: Any, typed: Double?, decimal: Decimal, text: String) -> A22Wide {
        let model = A22Wide()
        model.anything = [value]
        model.extras = ["k": value]
        model.optionalDouble = typed
        model.decimal = decimal
        model.string = text
        return model
    }

    @Test(arguments: seeds) func equalModelsHashAlikeAndEqualityIsSymmetric(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var seen: Set<String> = []
        let doubles: [Double?] = [nil, 0, -0.0, .nan, 0.1, 1]
        let decimals: [Decimal] = [0, a22Decimal("1.50"), a22Decimal("1.5"), .nan]
        let texts = ["é", "e\u{301}", "", "Ω", "\u{2126}"]
        let families = Self.families()
        for index in 0..<Self.pairsPerSeed {
            let family = families[Int.random(in: 0..<families.count, using: &random)]
            func any() -> Any { family[Int.random(in: 0..<family.count, using: &random)] }
            func one<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
            let a = Self.holder(any(), typed: one(doubles), decimal: one(decimals), text: one(texts))
            let b = Self.holder(any(), typed: one(doubles), decimal: one(decimals), text: one(texts))
            let forward = a == b
            let backward = b == a
            var problem: String?
            if forward != backward {
                problem = "== is not symmetric"
            } else if forward && a.hashValue != b.hashValue {
                problem = "== but hashes differ"
            } else if a != a || a.hashValue != a.hashValue {
                problem = "not equal to itself"
            }
            if let problem, seen.insert(problem).inserted {
                Issue.record("seed \(seed), pair \(index): \(problem)\n\(a)\n\(b)")
            }
        }
    }
}
