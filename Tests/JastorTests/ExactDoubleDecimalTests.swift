import Foundation
import Jastor
import Testing

/// An untyped `Decimal` that is exactly a `Double`'s integer value beyond 64 bits (2^64) is
/// written as its digits, which the byte reader keeps untyped as that `Double`: the copy must
/// equal the model, and hash alike, as it does for an integer.
@Suite struct ExactDoubleDecimalTests {
    static let seeds: [UInt64] = [0xA22_3001, 0xA22_3002]

    /// Integers beyond 2^64 that a `Double` is exactly and a `Decimal` holds exactly.
    static func integers(seed: UInt64) -> [(Double, Decimal)] {
        var random = SeededRandom(seed: seed)
        var found: [(Double, Decimal)] = []
        while found.count < 200 {
            let mantissa = Double(random.next() >> 11 | 1)
            let double =
                mantissa * Double(sign: .plus, exponent: Int.random(in: 12...74, using: &random), significand: 1)
            guard let integer = UInt128(exactly: double) else { continue }
            let text = String(integer)
            guard let decimal = Decimal(string: text), decimal.description == text else { continue }
            found.append((random.next() % 2 == 0 ? double : -double, random.next() % 2 == 0 ? decimal : -decimal))
            if found.last.map({ ($0.0 < 0) != ($0.1 < 0) }) == true { found.removeLast() }
        }
        return found
    }

    @Test(arguments: seeds) func anExactDecimalComesBackEqualThroughJSON(seed: UInt64) throws {
        for (index, (double, decimal)) in Self.integers(seed: seed).enumerated() {
            let model = A22Wide()
            model.extras = ["x": decimal]
            model.anything = [decimal]
            var issues: [JastorIssue] = []
            let copy = try A22Wide(json: try model.jsonData(), issues: &issues)
            #expect(issues.isEmpty && copy == model, "seed \(seed), integer \(index): \(decimal)")
            let other = A22Wide()
            other.extras = ["x": double]
            other.anything = [double]
            #expect(other == model && other.hashValue == model.hashValue, "seed \(seed), integer \(index): \(decimal)")
            if issues.isEmpty && copy == model && other == model { continue }
            return
        }
    }
}
