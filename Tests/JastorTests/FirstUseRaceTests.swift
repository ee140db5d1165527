import Foundation
import Jastor
import Testing

// Classes used only here, so that their plans are first built while the threads race for them.

private final class RaceLeaf: JastorObject {
    var label = ""
    var mood = 0

    override class var properties: [JastorProperty] { register(\.label, \.mood) }
}

private final class RaceTree: JastorObject {
    var title = ""
    var leaves: [RaceLeaf] = []
    var parent: RaceTree?

    override class var properties: [JastorProperty] { register(\.title, \.leaves, \.parent) }
}

/// Three mistakes: an unregistered property, a copy-pasted long form, an `arrayElementTypes` entry
/// naming nothing.
private final class RaceMistaken: JastorObject {
    var title = ""
    var body = ""
    var note = ""
    var leaves: [RaceLeaf] = []

    override class var properties: [JastorProperty] {
        [
            .init("title", \RaceMistaken.title), .init("body", \RaceMistaken.title),
            .init("leaves", \RaceMistaken.leaves),
        ]
    }
    override class var arrayElementTypes: [String: JastorObject.Type] { ["leafs": RaceLeaf.self] }
}

/// Runs `body` on `count` threads that start together, and returns their results in thread order.
private func onThreads<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    let results = Locked21([Result?](repeating: nil, count: count))
    let start = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        done.enter()
        Thread {
            start.wait()
            let result = body(index)
            results.update { $0[index] = result }
            done.leave()
        }.start()
    }
    for _ in 0..<count { start.signal() }
    done.wait()
    return results.update { $0 }.compactMap { $0 }
}

private final class Locked21<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached under `lock`.
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func update<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

@Suite struct FirstUseRaceTests {
    @Test func threadsMappingAMistakenClassFirstAllGetTheSameIssues() throws {
        let json = Data(#"{"title": "t", "body": "b", "note": "n", "leaves": [{"label": "x", "mood": 2}]}"#.utf8)
        let outcomes = onThreads(16) { index -> String in
            switch index % 4 {
            case 0:
                var issues: [JastorIssue] = []
                guard let model = try? RaceMistaken(json: json, issues: &issues) else { return "unreadable" }
                return "\(model.title)|\(model.leaves.map(\.label))|\(issues.map(\.description))"
            case 1:
                do {
                    _ = try RaceMistaken(validatingJSON: json)
                    return "no error"
                } catch {
                    return "\(error)"
                }
            case 2:
                return RaceMistaken.declarationIssues.map(\.description).joined(separator: "\n")
            default:
                var issues: [JastorIssue] = []
                _ = (try? RaceMistaken(json: json))?.toDictionary(issues: &issues)
                return issues.map(\.description).joined(separator: "\n")
            }
        }
        let expected = [
            "RaceMistaken.body: expected a key path to body, found \\RaceMistaken.title",
            "RaceMistaken.note: expected a registration in RaceMistaken.properties, found an unregistered stored property",
            "RaceMistaken.leafs: expected a mapped property for arrayElementTypes, found none",
        ]
        for (index, outcome) in outcomes.enumerated() where index % 4 == 2 {
            #expect(outcome == expected.joined(separator: "\n"))
        }
        let lenient = outcomes.enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
        #expect(Set(lenient).count == 1)
        #expect(lenient.first?.hasPrefix("t|[\"x\"]|") == true)
        let strict = outcomes.enumerated().filter { $0.offset % 4 == 1 }.map(\.element)
        #expect(Set(strict).count == 1)
        #expect(strict.first == expected.joined(separator: "\n"))
        let output = outcomes.enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        #expect(Set(output) == [expected[0]])
    }

    @Test func threadsMappingASelfNestingClassFirstAllGetTheSameModels() {
        let json = Data(
            #"{"title": "a", "leaves": [{"label": "x", "mood": 1}], "parent": {"title": "b", "parent": {"title": "c"}}}"#
                .utf8)
        let outcomes = onThreads(16) { _ -> String in
            do {
                let tree = try RaceTree(validatingJSON: json)
                return String(decoding: try tree.jsonData(options: [.sortedKeys]), as: UTF8.self)
            } catch {
                return "\(error)"
            }
        }
        #expect(Set(outcomes).count == 1)
        #expect(outcomes.first?.contains(#""title":"c""#) == true)
        #expect(RaceTree.declarationIssues.isEmpty)
    }
}
