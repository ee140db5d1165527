import Foundation
import Jastor

// Linear time in the keys an `.unmappedKeys` property keeps: a model keeping 1 k, 16 k and 100 k
// unknown keys is written by `toDictionary()` and archived in both formats, and the report's ratio
// column gives each size against 1 k (16 and 100 when time grows linearly). `--only unmapped`
// runs these rows alone.

private final class KeptKeys: JastorObject {
    var name = ""
    var extras: [String: Any] = [:]

    override class var properties: [JastorProperty] {
        [.init("name", \KeptKeys.name), .unmappedKeys("extras", \KeptKeys.extras)]
    }
}

/// Time to write a model keeping 1 k, 16 k and 100 k unknown keys, each size against 1 k.
func unmappedKeysScaling(rounds: Int) -> [Measurement] {
    let sizes = [1_000, 16_000, 100_000]
    let operations: [(name: String, run: (KeptKeys) -> Int)] = [
        ("toDictionary()", { $0.toDictionary().count }),
        ("archive (plist)", { ((try? $0.archivedData()) ?? Data()).count }),
        ("archive (JSON)", { ((try? $0.archivedData(format: .json)) ?? Data()).count }),
    ]
    var measurements: [Measurement] = []
    for (name, run) in operations {
        let file = "unmapped keys: \(name)"
        let smallest = "\(sizes[0] / 1000) k keys"
        for size in sizes {
            var json: [String: Any] = ["name": "kept"]
            for index in 0..<size { json["key\(index)"] = index }
            let model = KeptKeys(dictionary: json)
            if size < 100_000 { _ = run(model) }  // warm-up, skipped where one run takes long enough
            let operation = "\(size / 1000) k keys"
            measurements.append(
                Measurement(
                    file: file, operation: operation, baseline: operation == smallest ? nil : smallest,
                    samples: Harness.time(rounds: size >= 100_000 ? max(1, rounds / 3) : rounds) { run(model) }))
        }
    }
    return measurements
}
