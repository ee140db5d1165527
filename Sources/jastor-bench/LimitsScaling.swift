import Foundation
import Jastor

// Linear time on extreme input: each shape is mapped from bytes at ×1 and ×10 of its size, and
// the report's ratio column gives ×10 ÷ ×1 (about 10 when time grows linearly, 100 if it grew
// quadratically). The sizes stay within the reader's 512 levels and the mapper's 256.

private final class LongText: JastorObject {
    var text = ""

    override class var properties: [JastorProperty] { [.init("text", \LongText.text)] }
}

private final class LongList: JastorObject {
    var values: [Int] = []

    override class var properties: [JastorProperty] { [.init("values", \LongList.values)] }
}

private final class DeepValues: JastorObject {
    var nests: [Any] = []

    override class var properties: [JastorProperty] { [.init("nests", \DeepValues.nests)] }
}

private final class ModelChain: JastorObject {
    var name = ""
    var child: ModelChain?

    override class var properties: [JastorProperty] {
        [.init("name", \ModelChain.name), .init("child", \ModelChain.child)]
    }
}

/// One input shape at two sizes.
private struct LimitShape: Sendable {
    let name: String
    let unit: String
    let base: Int
    let make: @Sendable (Int) -> Data
    let map: @Sendable (Data) -> Int
    /// The same input's memory work without Jastor, where memory dominates: fresh pages and caches
    /// make that grow faster than ×10 too, and the ratio of the two shows what is Jastor's.
    var baseline: (@Sendable (Data) -> Int)?
}

private let limitShapes = [
    LimitShape(
        name: "long string", unit: "MB", base: 5,
        make: { megabytes in
            var data = Data(#"{"text": ""#.utf8)
            data.append(Data(repeating: UInt8(ascii: "x"), count: megabytes * 1_000_000))
            data.append(Data(#""}"#.utf8))
            return data
        },
        map: { ((try? LongText(validatingJSON: $0))?.text.utf8.count) ?? -1 },
        baseline: { data in [UInt8](data).withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }.utf8.count }
    ),
    LimitShape(
        name: "long array", unit: "k elements", base: 100,
        make: { thousands in
            Data((#"{"values": ["# + String(repeating: "12345,", count: thousands * 1000) + "0]}").utf8)
        },
        map: { ((try? LongList(validatingJSON: $0))?.values.count) ?? -1 }),
    LimitShape(
        name: "deep arrays (200 nests)", unit: "levels", base: 50,
        make: { depth in
            let nest = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            return Data((#"{"nests": ["# + Array(repeating: nest, count: 200).joined(separator: ",") + "]}").utf8)
        },
        map: { ((try? DeepValues(validatingJSON: $0))?.nests.count) ?? -1 }),
    LimitShape(
        name: "nested models (100 chains)", unit: "levels", base: 25,
        make: { depth in
            let chain =
                String(repeating: #"{"name": "n", "child": "#, count: depth) + "{}"
                + String(repeating: "}", count: depth)
            return Data(("[" + Array(repeating: chain, count: 100).joined(separator: ",") + "]").utf8)
        },
        map: { ((try? [ModelChain](json: $0))?.count) ?? -1 }),
]

/// Time per mapping of each extreme shape at ×1 and ×10, with ×10 measured against ×1.
func limitsScaling(rounds: Int) -> [Measurement] {
    var measurements: [Measurement] = []
    for shape in limitShapes {
        let file = "limits: \(shape.name)"
        let small = "×1 (\(shape.base) \(shape.unit))"
        let large = "×10 (\(shape.base * 10) \(shape.unit))"
        for (operation, size) in [(small, shape.base), (large, shape.base * 10)] {
            let data = shape.make(size)
            _ = shape.map(data)  // warm-up
            let samples = Harness.time(rounds: rounds) { shape.map(data) }
            measurements.append(
                Measurement(
                    file: file, operation: operation, baseline: operation == small ? nil : small, samples: samples))
            if let baseline = shape.baseline {
                let memory = Harness.time(rounds: rounds) { baseline(data) }
                measurements.append(
                    Measurement(
                        file: file, operation: "\(operation): copy and UTF-8 decode only, no Jastor",
                        baseline: operation == small ? nil : "\(small): copy and UTF-8 decode only, no Jastor",
                        samples: memory))
            }
        }
    }
    return measurements
}
