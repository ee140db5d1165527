import Foundation
import Jastor
import Testing

/// A model whose untyped `[Any]` holds models by `arrayElementTypes`.
final class A22Roster: JastorObject {
    var members: [Any] = []
    var lead: A22Base?

    override class var arrayElementTypes: [String: JastorObject.Type] { ["members": A22Base.self] }
    override class var properties: [JastorProperty] {
        register(\.lead) { property(\.members) }
    }
}

/// Models kept in an `[Any]` by `arrayElementTypes`, subclasses and shared ones among them, come
/// back through every output as their own classes with their own values, or are reported.
@Suite struct ElementTypesLawTests {
    static let seeds: [UInt64] = [0xA22_8001, 0xA22_8002]

    static func same(_ a: A22Roster, _ b: A22Roster) -> Bool {
        guard a.members.count == b.members.count, A22Exact.same(a.lead, b.lead, A22Exact.same) else { return false }
        return zip(a.members, b.members).allSatisfy { left, right in
            guard let left = left as? A22Base, let right = right as? A22Base else { return false }
            return A22Exact.same(left, right)
        }
    }

    @Test(arguments: seeds) func modelsInAnArrayOfAnyComeBackOrAreReported(seed: UInt64) throws {
        var generator = A22Generator(seed: seed)
        var seen: Set<String> = []
        func record(_ failure: String, _ index: Int, _ model: A22Roster) {
            if seen.insert(String(failure.prefix(30))).inserted {
                Issue.record("seed \(seed), roster \(index): \(failure)\n\(model)")
            }
        }
        for index in 0..<150 {
            let model = A22Roster()
            let shared = generator.base()
            model.members = (0..<generator.count(0..<4)).map { _ in generator.chance(40) ? shared : generator.base() }
            model.lead = generator.chance(50) ? shared : nil
            _ = model.description
            var issues: [JastorIssue] = []
            let dictionary = model.toDictionary(issues: &issues)
            if issues.isEmpty {
                var readIssues: [JastorIssue] = []
                let copy = A22Roster(dictionary: dictionary, issues: &readIssues)
                if !readIssues.isEmpty || !Self.same(model, copy) || copy != model {
                    record("toDictionary: \(readIssues)", index, model)
                }
                if let data = try? model.jsonData() {
                    let copy = try A22Roster(json: data, issues: &readIssues)
                    if !readIssues.isEmpty || !Self.same(model, copy) || copy != model {
                        record("jsonData: \(readIssues)", index, model)
                    }
                } else {
                    record("jsonData threw though toDictionary(issues:) reported nothing", index, model)
                }
            }
            for format in [JastorArchiveFormat.json, .binaryPropertyList] {
                do {
                    let copy = try A22Roster.unarchive(from: try model.archivedData(format: format))
                    if !Self.same(model, copy) || copy != model { record("archive \(format)", index, model) }
                    if model.members.count > 1, let first = model.members[0] as? A22Base,
                        model.members.dropFirst().contains(where: { ($0 as? A22Base) === first }),
                        let copied = copy.members[0] as? A22Base,
                        !copy.members.dropFirst().contains(where: { ($0 as? A22Base) === copied })
                    {
                        record("archive \(format): a shared member came back as copies", index, model)
                    }
                } catch {
                    record("archive \(format) threw: \(error)", index, model)
                }
            }
            if let data = try? JSONEncoder().encode(model) {
                do {
                    let copy = try JSONDecoder().decode(A22Roster.self, from: data)
                    if !Self.same(model, copy) { record("JSONEncoder", index, model) }
                } catch {
                    record("JSONDecoder refused JSONEncoder's output: \(error)", index, model)
                }
            }
        }
    }
}
