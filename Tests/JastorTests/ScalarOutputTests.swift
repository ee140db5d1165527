import Foundation
import Testing

@testable import Jastor

/// The scalars' direct output (`ScalarOutput`, the conversion table's `writeJSON` and
/// `foundationValue`) says exactly what their `jsonValue` says, as text and as Foundation values.
@Suite struct ScalarOutputTests {
    @Test func stringsWriteTheTreesText() {
        let samples = ["", "plain", "quote \" and \\ back", "slash / and \u{1} \n \t", "é ü 日本 🎉", "\u{2028}"]
        for sample in samples { expectSameOutput(sample) }
    }

    @Test func integersWriteTheTreesText() {
        for sample in [0, 1, -1, 42, Int.max, Int.min] { expectSameOutput(sample) }
        for sample in [Int64.max, Int64.min, -9_007_199_254_740_993] { expectSameOutput(sample) }
        for sample in [UInt64.max, UInt64(Int64.max) + 1, 0] { expectSameOutput(sample) }
        for sample in [UInt8.max, 0] { expectSameOutput(sample) }
    }

    @Test func doublesWriteTheTreesText() {
        let samples: [Double] = [
            0, -0.0, 1, -1.5, 0.1, 1e16, 1e-5, Double(bitPattern: 1), 1.7976931348623157e308, 9_007_199_254_740_994,
            123_456.789, .nan, .infinity, -.infinity,
        ]
        for sample in samples { expectSameOutput(sample) }
        for sample: Float in [0.1, -2.5, .nan] { expectSameOutput(sample) }
    }

    @Test func otherScalarsWriteTheTreesText() {
        for sample in [true, false] { expectSameOutput(sample) }
        expectSameOutput(Date(timeIntervalSince1970: 1_700_000_000.25))
        expectSameOutput(Decimal(string: "12.50") ?? 0)
    }

    /// The direct text and Foundation value of `value` against its tree's, issues included.
    private func expectSameOutput<Value: ScalarConvertible>(_ value: Value) {
        guard let codec = Value.suppliedCodec as? ScalarCodec<Value> else {
            Issue.record("\(Value.self) has no scalar codec")
            return
        }
        for escapesSlashes in [false, true] {
            var direct = JSONWriter(escapesSlashes: escapesSlashes)
            var directContext = EncodingContext(purpose: .dictionary)
            codec.writeJSON(value, to: &direct, context: &directContext)
            var tree = JSONWriter(escapesSlashes: escapesSlashes)
            var treeContext = EncodingContext(purpose: .dictionary)
            tree.writeTree(value.jsonValue, context: &treeContext)
            #expect(direct.bytes == tree.bytes, "\(Value.self) \(value)")
            #expect(directContext.issues == treeContext.issues, "\(Value.self) \(value)")
        }
        var context = EncodingContext(purpose: .dictionary)
        let foundation = codec.foundationValue(value, context: &context)
        let expected = value.jsonValue.foundationValue
        #expect(type(of: foundation) == type(of: expected), "\(Value.self) \(value)")
        #expect(String(describing: foundation) == String(describing: expected), "\(Value.self) \(value)")
    }
}
