import Foundation
import Jastor
import Testing

// A clean class holding a class declared with a mistake, both first used while threads race:
// each thread's strict mapping throws the nested class's mistake, at its first use in the run.

private final class Crew: JastorObject {
    var ship = ""
    var sailors: [Sailor] = []

    override class var properties: [JastorProperty] { register(\.ship, \.sailors) }
}

private final class Sailor: JastorObject {
    var name = ""
    var rank = ""

    override class var properties: [JastorProperty] { register(\.name) }
}

@Suite struct NestedFirstUseRaceTests {
    @Test func threadsMappingAHolderFirstAllThrowItsNestedClassesMistake() {
        let json = Data(#"{"ship": "Ark", "sailors": [{"name": "Noa", "rank": "1"}, {"name": "Em"}]}"#.utf8)
        let lock = NSLock()
        nonisolated(unsafe) var outcomes: [String] = []
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let outcome: String
            do {
                _ = try Crew(validatingJSON: json)
                outcome = "no error"
            } catch {
                outcome = "\(error)"
            }
            lock.withLock { outcomes.append(outcome) }
        }
        #expect(outcomes.count == 16)
        #expect(
            Set(outcomes) == [
                "Sailor.rank: expected a registration in Sailor.properties, found an unregistered stored property"
            ])
        #expect(Crew.declarationIssues.isEmpty)
    }
}
