import Foundation
import Jastor
import Testing

/// Root arrays of a base class holding subclasses, hostile values and shared elements: every way
/// out and back (`jsonData()` with each option, `JastorPolymorphic` through both `Codable` coders)
/// brings each element back as its own class with its own values, or reports why not.
@Suite struct RootArrayLawTests {
    static let seeds: [UInt64] = [0xA22_4001, 0xA22_4002, 0xA22_4003]

    static func differences(_ models: [A22Base], _ copies: [A22Base]) -> [String] {
        guard models.count == copies.count else { return ["count \(models.count) ≠ \(copies.count)"] }
        return zip(models, copies).enumerated().compactMap { index, pair in
            A22Exact.same(pair.0, pair.1) ? nil : "[\(index)]: \(pair.0) ≠ \(pair.1)"
        }
    }

    @Test(arguments: seeds) func rootArraysComeBackOrAreReported(seed: UInt64) throws {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        func record(_ failure: String, _ index: Int, _ models: [A22Base]) {
            if seen.insert(String(failure.prefix(40))).inserted {
                Issue.record("seed \(seed), array \(index): \(failure)\n\(models)")
            }
        }
        for index in 0..<150 {
            let shared = generator.base()
            let models = (0..<generator.count(0..<4)).map { _ in generator.chance(30) ? shared : generator.base() }
            for options in OutputRoundTripLawTests.optionSets {
                guard let data = try? models.jsonData(options: options) else { continue }
                var issues: [JastorIssue] = []
                let copies = try [A22Base](json: data, issues: &issues)
                let differences = Self.differences(models, copies)
                if !issues.isEmpty || !differences.isEmpty {
                    record("jsonData(\(options.rawValue)): \(issues) \(differences)", index, models)
                }
            }
            if let data = try? JSONEncoder().encode(JastorPolymorphic(wrappedValue: models)) {
                do {
                    let copies = try JSONDecoder().decode(JastorPolymorphic<[A22Base]>.self, from: data).wrappedValue
                    let differences = Self.differences(models, copies)
                    if !differences.isEmpty { record("JSONEncoder: \(differences)", index, models) }
                } catch {
                    record("JSONDecoder refused JSONEncoder's output: \(error)", index, models)
                }
            }
            if let data = try? PropertyListEncoder().encode(JastorPolymorphic(wrappedValue: models)) {
                do {
                    let copies = try PropertyListDecoder().decode(JastorPolymorphic<[A22Base]>.self, from: data)
                        .wrappedValue
                    let differences = Self.differences(models, copies)
                    if !differences.isEmpty { record("PropertyListEncoder: \(differences)", index, models) }
                } catch {
                    record("PropertyListDecoder refused PropertyListEncoder's output: \(error)", index, models)
                }
            }
        }
    }
}
