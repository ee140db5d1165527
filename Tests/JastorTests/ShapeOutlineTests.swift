import Foundation
import JastorGenerator
import Testing

/// The outline `jastor-demo FILE.json` prints, built from the generator's shape inference.
@Suite struct ShapeOutlineTests {
    @Test func theOutlineShowsTheInferredTypesKeysAndNesting() throws {
        let outline = ShapeOutline(samples: try GeneratorSupport.samples("readme_profile.json")).text
        let lines = outline.split(separator: "\n").map(String.init)
        #expect(lines.first == "(root): Object, 8 keys")
        #expect(lines.contains("  id: Int64"))
        #expect(lines.contains("  joined_at: Date (.iso8601)"))
        #expect(lines.contains("  followers: Array of Object, 4 keys"))
        #expect(lines.contains("    location?: String"))
        #expect(lines.contains("      name: String"))
        #expect(lines.contains("  badges: Array, always empty"))
        #expect(lines.last == "  geo: null")
    }

    @Test func samplesMergeAndClosedSetsShowTheirValues() throws {
        let dependencies = try GeneratorSupport.samples("crates_io/dependencies.json")
        let lines = ShapeOutline(samples: dependencies).text.split(separator: "\n").map(String.init)
        #expect(lines.contains("    target: String or null"))
        #expect(lines.contains("    kind: String (one of normal, dev, build)"))
        let merged = ShapeOutline(samples: [
            try Sample(name: "a.json", text: #"{"n": 1}"#), try Sample(name: "b.json", text: #"{"n": 2.5, "m": true}"#),
        ])
        #expect(merged.text == "(root): Object, 2 keys\n  n: Double\n  m?: Bool")
    }
}
