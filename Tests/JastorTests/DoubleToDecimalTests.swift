import Foundation
import Testing

@testable import Jastor

/// The writer's own shortest-`Double` printer spells every value as the standard library's
/// `description` does (with `.0` dropped from integral values unless kept), byte for byte.
@Suite struct DoubleToDecimalTests {
    /// What `jsonData()` wrote before it had its own printer: `description`, less a trailing `.0`.
    private static func described(_ value: Double, keepsFraction: Bool) -> String {
        let text = value.description
        return !keepsFraction && text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func written(_ value: Double, keepsFraction: Bool) -> String {
        var writer = JSONWriter(escapesSlashes: true)
        writer.writeDouble(value, keepsFraction: keepsFraction)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The values whose first mismatch is reported, with their bit patterns to replay them.
    private static func mismatches(in values: some Sequence<Double>) -> [String] {
        var found: [String] = []
        for value in values where value.isFinite {
            for keepsFraction in [false, true] {
                let expected = described(value, keepsFraction: keepsFraction)
                let text = written(value, keepsFraction: keepsFraction)
                if text != expected, found.count < 10 {
                    found.append("0x\(String(value.bitPattern, radix: 16)): \(text), expected \(expected)")
                }
            }
        }
        return found
    }

    static let edges: [Double] = [
        // Subnormals by bit pattern (their literals warn): 5e-324, 1e-323, 1.5e-323, the largest.
        0, Double(bitPattern: 1), Double(bitPattern: 2), Double(bitPattern: 3),
        Double(bitPattern: (1 << 52) - 1), Double(bitPattern: 1 << 40), 2.2250738585072014e-308,
        1.7976931348623157e308, 1.7976931348623155e308, 9_007_199_254_740_992, 9_007_199_254_740_994,
        18_014_398_509_481_984, 18_014_398_509_481_988, 9_007_199_254_740_991, 1e15, 1e16, 1e17, 1e22, 1e23,
        123_456_789_012_345_680, 0.0001, 0.00001, 9.999999999999999e-5, 0.001, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3,
        0.015625, 1.5, 100, 65.613616999999977, 1e-100, 1e300, 2.5e-5, 123.456, 0.5,
    ]

    @Test func edgesAreSpelledAsDescriptionSpellsThem() {
        let values = Self.edges.flatMap { [$0, -$0, $0.nextUp, $0.nextDown] }
        #expect(Self.mismatches(in: values) == [])
    }

    @Test func powersOfTenAndTwoAndTheirNeighbours() {
        var values: [Double] = []
        for exponent in -325...309 {
            if let power = Double("1e\(exponent)") { values += [power, power.nextUp, power.nextDown] }
        }
        for exponent in -1074...1023 {
            let power = Double(sign: .plus, exponent: exponent, significand: 1)
            values += [power, power.nextUp, power.nextDown]
        }
        #expect(Self.mismatches(in: values) == [])
    }

    @Test func subnormalsAndIntegers() {
        let subnormals =
            (1..<2_000).map { Double(bitPattern: UInt64($0)) }
            + (1..<2_000).map { Double(bitPattern: (1 << 52) - UInt64($0)) }
        #expect(Self.mismatches(in: subnormals) == [])
        // Integers below and beyond 2^53, and short decimals.
        var random = SeededRandom(seed: 0x0D0B_1E00)
        let integers = (0..<20_000).map { _ in
            let bits = random.next()
            return Double(bits >> (bits & 63))
        }
        #expect(Self.mismatches(in: integers) == [])
        let decimals = (0..<20_000).map { _ in Double(Int64(bitPattern: random.next()) % 100_000_000) / 1e6 }
        #expect(Self.mismatches(in: decimals) == [])
    }

    @Test(arguments: [0x5EED_D0B1 as UInt64, 0x5EED_D0B2])
    func randomBitPatterns(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let values = (0..<100_000).map { _ in Double(bitPattern: random.next()) }
        let found = Self.mismatches(in: values)
        #expect(found == [], "seed \(seed)")
    }
}
