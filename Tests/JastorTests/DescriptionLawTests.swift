import Foundation
import Jastor
import Testing

/// `description` does not lie: two models that `==` tells apart are described apart, and
/// describing any generated graph does not trap.
@Suite struct DescriptionLawTests {
    static let seeds: [UInt64] = [0xA22_5001, 0xA22_5002]

    @Test(arguments: seeds) func unequalModelsAreDescribedApart(seed: UInt64) {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        for index in 0..<200 {
            let first = generator.model(depth: 0)
            let second = generator.model(depth: 0)
            // Copy every field but a few from `first`, so the two differ in few places.
            second.i8 = first.i8
            second.i16 = first.i16
            second.int = first.int
            second.u64 = first.u64
            second.bool = first.bool
            second.data = first.data
            second.url = first.url
            second.uuid = first.uuid
            second.suit = first.suit
            second.strings = first.strings
            second.base = first.base
            second.bases = first.bases
            second.baseMap = first.baseMap
            second.extras = first.extras
            second.anything = first.anything
            second.map = first.map
            if first != second, first.description == second.description {
                let differences = A22Exact.differences(first, second)
                let key = String(differences.first?.prefix(while: { $0 != ":" }) ?? "")
                if seen.insert(key).inserted {
                    Issue.record("seed \(seed), pair \(index): unequal but described alike: \(differences.prefix(3))")
                }
            }
        }
    }

    @Test(arguments: seeds) func modelsDifferingInTextAndContainersAreDescribedApart(seed: UInt64) throws {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        for index in 0..<300 {
            let first = generator.model(depth: 0)
            // Everything but the text and untyped containers comes from `first`.
            let second = try A22Wide.unarchive(from: try first.archivedData())
            switch generator.count(0..<6) {
            case 0: second.map = [generator.key(): generator.double()]
            case 1: second.extras = [generator.key(): generator.untyped(depth: 2)]
            case 2: second.anything = [generator.untyped(depth: 2), generator.untyped(depth: 1)]
            case 3: second.strings = [[generator.string()], [generator.string(), generator.string()]]
            case 4: second.string = generator.string()
            default: second.urls = [generator.key(): generator.url() ?? URL(fileURLWithPath: "/")]
            }
            if first != second, first.description == second.description {
                let differences = A22Exact.differences(first, second)
                let key = String(differences.first?.prefix(while: { $0 != ":" }) ?? "")
                if seen.insert(key).inserted {
                    Issue.record("seed \(seed), pair \(index): unequal but described alike: \(differences.prefix(3))")
                }
            }
        }
    }
}
