import Foundation
import Jastor

/// One timed operation; it returns a number derived from its result so the work cannot be skipped.
struct Operation {
    let name: String
    /// The operation this one is compared with in the report, if any.
    let baseline: String?
    /// A second operation to compare with, if any.
    var secondBaseline: String? = nil
    let run: () -> Int
}

/// Everything measured on one input: its operations, and the check that all model sets agree.
struct Workload {
    let file: String
    let family: any ModelFamily.Type
    let data: Data
    let operations: [Operation]
    /// The first mapping in the process, which builds the class plans (milliseconds).
    let coldMilliseconds: Double

    /// The operations of `family` on `data`, after checking that the three model sets produce the
    /// same graph from it.
    static func make<Family: ModelFamily>(_ family: Family.Type, file: String, data: Data) throws -> Workload {
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw BenchmarkError("\(file): the top level is not a JSON object")
        }
        let coldStart = DispatchTime.now().uptimeNanoseconds
        let model = Family.Model(dictionary: json)
        let cold = Double(DispatchTime.now().uptimeNanoseconds - coldStart) / 1e6
        let hand = Family.hand(from: json)
        let coded = try JSONDecoder().decode(Family.Coded.self, from: data)
        try checkGraphs(family, file: file, data: data, json: json, model: model, hand: hand, coded: coded)

        let jsonArchive = try model.archivedData(format: .json)
        let plistArchive = try model.archivedData(format: .binaryPropertyList)
        let plistEncoder = PropertyListEncoder()
        plistEncoder.outputFormat = .binary
        let codablePlist = try plistEncoder.encode(coded)
        let codableJSON = try JSONEncoder().encode(coded)

        let operations = [
            Operation(name: "parse only (JSONSerialization)", baseline: nil) {
                (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
            },
            Operation(name: "Jastor from dictionary", baseline: "hand from dictionary") {
                Family.Model(dictionary: json) === model ? 0 : 1
            },
            Operation(name: "hand from dictionary", baseline: nil) {
                Family.dictionary(from: Family.hand(from: json)).count
            },
            Operation(name: "Jastor from bytes", baseline: "JSONDecoder from bytes") {
                ((try? Family.Model(json: data)) != nil) ? 1 : 0
            },
            Operation(name: "JSONDecoder from bytes", baseline: nil) {
                ((try? JSONDecoder().decode(Family.Coded.self, from: data)) != nil) ? 1 : 0
            },
            Operation(name: "Jastor toDictionary()", baseline: "hand toDictionary()") { model.toDictionary().count },
            Operation(name: "hand toDictionary()", baseline: nil) { Family.dictionary(from: hand).count },
            Operation(name: "Jastor archive (plist)", baseline: "PropertyListEncoder") {
                (try? model.archivedData(format: .binaryPropertyList))?.count ?? 0
            },
            Operation(name: "PropertyListEncoder", baseline: nil) { (try? plistEncoder.encode(coded))?.count ?? 0 },
            Operation(name: "Jastor unarchive (plist)", baseline: "PropertyListDecoder") {
                ((try? Family.Model.unarchive(from: plistArchive)) != nil) ? 1 : 0
            },
            Operation(name: "PropertyListDecoder", baseline: nil) {
                ((try? PropertyListDecoder().decode(Family.Coded.self, from: codablePlist)) != nil) ? 1 : 0
            },
            Operation(name: "Jastor archive (JSON)", baseline: "JSONEncoder") {
                (try? model.archivedData(format: .json))?.count ?? 0
            },
            Operation(name: "JSONEncoder", baseline: nil) { (try? JSONEncoder().encode(coded))?.count ?? 0 },
            Operation(name: "Jastor jsonData", baseline: "JSONEncoder", secondBaseline: "hand JSONSerialization") {
                (try? model.jsonData())?.count ?? 0
            },
            Operation(name: "Jastor toDictionary() + JSONSerialization", baseline: "hand JSONSerialization") {
                (try? JSONSerialization.data(withJSONObject: model.toDictionary()))?.count ?? 0
            },
            Operation(name: "hand JSONSerialization", baseline: nil) {
                (try? JSONSerialization.data(withJSONObject: Family.dictionary(from: hand)))?.count ?? 0
            },
            Operation(name: "Jastor unarchive (JSON)", baseline: "JSONDecoder (archive)") {
                ((try? Family.Model.unarchive(from: jsonArchive)) != nil) ? 1 : 0
            },
            Operation(name: "JSONDecoder (archive)", baseline: nil) {
                ((try? JSONDecoder().decode(Family.Coded.self, from: codableJSON)) != nil) ? 1 : 0
            },
        ]
        return Workload(file: file, family: family, data: data, operations: operations, coldMilliseconds: cold)
    }

    /// Fails unless Jastor, the hand-written code and Codable built the same graph.
    ///
    /// Doubles are compared within 1e-12 relative: Linux `JSONSerialization` hands numbers with many
    /// digits over as `NSDecimalNumber`, whose `doubleValue` (what hand code uses) is a few ulps off
    /// the correctly rounded value that Jastor, the JSON reader and `JSONDecoder` produce.
    private static func checkGraphs<Family: ModelFamily>(
        _ family: Family.Type, file: String, data: Data, json: [String: Any], model: Family.Model, hand: Family.Hand,
        coded: Family.Coded
    ) throws {
        let fromDictionary = GraphComparison.normalise(model.toDictionary())
        let handGraph = GraphComparison.normalise(Family.dictionary(from: hand))
        let fromBytes = GraphComparison.normalise(try Family.Model(json: data).toDictionary())
        let codedGraph = GraphComparison.normalise(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(coded)))
        guard fromDictionary != nil else { throw BenchmarkError("\(file): Jastor mapped nothing") }
        guard GraphComparison.equivalent(fromDictionary, handGraph, tolerance: 1e-12) else {
            throw BenchmarkError("\(file): Jastor and the hand-written mapping disagree")
        }
        guard GraphComparison.equivalent(fromBytes, codedGraph, tolerance: 1e-12) else {
            throw BenchmarkError("\(file): Jastor from bytes and JSONDecoder disagree")
        }
        guard GraphComparison.equivalent(fromDictionary, fromBytes, tolerance: 1e-12) else {
            throw BenchmarkError("\(file): Jastor from a dictionary and from bytes disagree")
        }
        // jsonData() read by JSONSerialization (its doubles a few ulps off, as above), and read back by
        // Jastor's own reader, exactly.
        let text = try model.jsonData()
        let written = GraphComparison.normalise(try JSONSerialization.jsonObject(with: text))
        let readBack = GraphComparison.normalise(try Family.Model(json: text).toDictionary())
        guard GraphComparison.equivalent(fromDictionary, written, tolerance: 1e-12),
            GraphComparison.equivalent(fromDictionary, readBack, tolerance: 0)
        else {
            throw BenchmarkError("\(file): jsonData() and toDictionary() disagree")
        }
    }
}

extension Workload {
    /// The workload with only the operation named `name`.
    func keeping(_ name: String) -> Workload {
        Workload(
            file: file, family: family, data: data, operations: operations.filter { $0.name == name },
            coldMilliseconds: coldMilliseconds)
    }
}

/// A reason the benchmark cannot run.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
