import Foundation
import Jastor
import Testing

/// `description` does not lie: two models that `==` tells apart are described apart, and
/// describing any generated graph does not trap.
@Suite struct Attack22DescriptionTests {
    static let seeds: [UInt64] = [0xA22_5001, 0xA22_5002]

    @Test(arguments: seeds) func unequalModelsAreDescribedApart(seed: UInt64) {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        for index in 0..<400 {
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
}
