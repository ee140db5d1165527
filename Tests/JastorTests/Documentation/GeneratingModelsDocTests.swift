import Foundation
import Jastor
import Testing

/// The code of `Jastor.docc/GeneratingModels.md`, compiled and run here: the classes are what
/// jastor-gen writes for `Fixtures/generator/readme_profile.json` (`GeneratorGoldenTests` checks that
/// the article shows exactly that).
enum GeneratingModelsDoc {
    /// The root object of the samples.
    ///
    /// Always `null` in the samples, so of unknown type, and kept in `unmappedKeys`: `geo`.
    final class Profile: JastorObject {
        var id: Int64 = 0
        var screenName = ""
        var joinedAt = Date(timeIntervalSince1970: 0)
        var verified = false
        var followers: [Follower] = []
        var teams: [String: Team] = [:]
        /// Always empty in the samples: the elements are kept as they come.
        var badges: [Any] = []
        var unmappedKeys: [String: Any] = [:]

        override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
        override class var properties: [JastorProperty] {
            register(\.id, \.screenName, \.verified, \.followers, \.teams) {
                property(\.joinedAt, transform: .iso8601)
                \.badges
                unmappedKeys(\.unmappedKeys)
            }
        }
    }

    /// From `followers[]` in the samples.
    final class Follower: JastorObject {
        var id = 0
        var screenName = ""
        var score = 0.0
        var location: String?
        var unmappedKeys: [String: Any] = [:]

        override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
        override class var properties: [JastorProperty] {
            register(\.id, \.screenName, \.score, \.location) {
                unmappedKeys(\.unmappedKeys)
            }
        }
    }

    /// From `teams[*]` in the samples.
    final class Team: JastorObject {
        var name = ""
        var unmappedKeys: [String: Any] = [:]

        override class var properties: [JastorProperty] {
            register(\.name) {
                unmappedKeys(\.unmappedKeys)
            }
        }
    }

    @Suite struct GeneratingModelsDocTests {
        @Test func generatedModels() throws {
            let profile = try Profile(
                validatingJSON: Data(#"{"id": 7, "screen_name": "cy", "teams": {"1": {"name": "ops"}}}"#.utf8))
            print(profile.screenName, profile.teams["1"]?.name ?? "")  // cy ops

            #expect(profile.id == 7)
            #expect(profile.screenName == "cy")
            #expect(profile.teams["1"]?.name == "ops")

            // A key the sample did not show is kept and written back.
            let later = try Profile(validatingJSON: Data(#"{"id": 8, "followers": [{"id": 1, "bio": "hi"}]}"#.utf8))
            #expect(later.followers[0].unmappedKeys["bio"] as? String == "hi")
            #expect((later.toDictionary()["followers"] as? [[String: Any]])?[0]["bio"] as? String == "hi")
        }
    }
}
