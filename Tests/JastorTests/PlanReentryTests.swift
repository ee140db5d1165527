import Foundation
import Jastor
import Testing

// A model whose default value maps another class, which holds the first: building the second
// class's plan makes blank models of the first (the probes that name key paths and check
// ownership), whose default value maps the second class again while its plan is being built.

private final class ReentryOwner: JastorObject {
    var name = ""
    var settings = ReentrySettings(dictionary: ["theme": "dark"])

    override class var properties: [JastorProperty] { register(\.name, \.settings) }
}

private final class ReentrySettings: JastorObject {
    var theme = ""
    var owner: ReentryOwner?

    override class var properties: [JastorProperty] { register(\.theme, \.owner) }
}

@Suite struct PlanReentryTests {
    @Test func aDefaultValueMappingAClassThatHoldsItsModelMaps() async {
        await #expect(processExitsWith: .success) {
            let owner = ReentryOwner(dictionary: ["name": "Ann", "settings": ["theme": "light"]])
            guard owner.name == "Ann", owner.settings.theme == "light", ReentryOwner.declarationIssues.isEmpty,
                ReentrySettings.declarationIssues.isEmpty, ReentryOwner().settings.theme == "dark"
            else { exit(1) }
        }
    }
}

// The same pair, used only by the race below, so that their plans are first built there.

private final class RacingOwner: JastorObject {
    var name = ""
    var settings = RacingSettings(dictionary: ["theme": "dark"])

    override class var properties: [JastorProperty] { register(\.name, \.settings) }
}

private final class RacingSettings: JastorObject {
    var theme = ""
    var owner: RacingOwner?

    override class var properties: [JastorProperty] { register(\.theme, \.owner) }
}

extension PlanReentryTests {
    @Test func threadsMappingSuchClassesFirstAllGetTheSameModels() async {
        await #expect(processExitsWith: .success) {
            let json = Data(#"{"name": "Ann", "settings": {"theme": "light", "owner": {"name": "Bo"}}}"#.utf8)
            let lock = NSLock()
            nonisolated(unsafe) var results: [String] = []
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let owner = try? RacingOwner(validatingJSON: json)
                let text = owner.flatMap { try? $0.jsonData(options: [.sortedKeys]) }
                lock.withLock { results.append(text.map { String(decoding: $0, as: UTF8.self) } ?? "failed") }
            }
            let expected =
                #"{"name":"Ann","settings":{"owner":{"name":"Bo","settings":{"theme":"dark"}},"theme":"light"}}"#
            guard results.count == 8, results.allSatisfy({ $0 == expected }) else { exit(1) }
        }
    }
}
