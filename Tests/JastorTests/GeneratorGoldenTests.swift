import Foundation
import Jastor
import JastorGenerator
import Testing

/// The models `jastor-gen` writes for the samples in `Fixtures/generator/`, committed under
/// `Tests/JastorTests/Generated/` and compiled with the tests: regenerating them must give the same
/// bytes, and the compiled models must map their samples strictly and write them back.
///
/// After a deliberate change to the generator, rewrite the golden files with the command (never by
/// hand; `.ci/run` diffs its output against them):
///
/// ```
/// swift run jastor-gen Fixtures/generator/twitter:SearchResponse --prefix Tw --out Tests/JastorTests/Generated/Twitter
/// swift run jastor-gen Fixtures/generator/citm_catalog.json:Catalog --prefix Citm --single-file \
///     --out Tests/JastorTests/Generated/Catalog
/// swift run jastor-gen 'Fixtures/generator/github_events.json:[Event]' --prefix Gh --discriminator type --urls \
///     --out Tests/JastorTests/Generated/Events
/// swift run jastor-gen 'Fixtures/generator/github_events.json:[Event]' --prefix Gh --discriminator type --urls \
///     --nonisolated --out Tests/JastorMainActorTests/Generated/Events
/// swift run jastor-gen Fixtures/generator/awkward_keys.json:Record --prefix Ak --single-file \
///     --out Tests/JastorTests/Generated/AwkwardKeys
/// swift run jastor-gen Fixtures/generator/numbers.json:NumberList --prefix Nb --single-file \
///     --out Tests/JastorTests/Generated/Numbers
/// cd Fixtures/generator/crates_io && swift run jastor-gen owners.json:OwnerList crate.json:CrateResponse \
///     versions.json:VersionList dependencies.json:DependencyList search.json:CrateSearch --prefix Crates --urls \
///     --out ../../../Tests/JastorTests/Generated/CratesIO
/// ```
@Suite struct GeneratorGoldenTests {
    /// One golden set: the roots (sample path, root class, whether the root is an array), the
    /// options the command line gives, and the folder of files.
    struct GoldenSet: Sendable, CustomTestStringConvertible {
        let roots: [(path: String, name: String, isArray: Bool)]
        let folder: String
        let options: GeneratorOptions

        var testDescription: String { folder }

        init(
            _ roots: [(path: String, name: String, isArray: Bool)], folder: String,
            configure: (inout GeneratorOptions) -> Void
        ) {
            self.roots = roots
            self.folder = folder
            var options = GeneratorOptions(rootName: "")
            configure(&options)
            self.options = options
        }

        func generate() throws -> [GeneratedFile] {
            let roots = try roots.map { root in
                GeneratorRoot(name: root.name, isArray: root.isArray, samples: try GeneratorSupport.samples(root.path))
            }
            return try ModelGenerator(options: options).generate(roots: roots)
        }
    }

    static let goldenSets = [
        GoldenSet([("twitter", "SearchResponse", false)], folder: "Twitter") { $0.prefix = "Tw" },
        GoldenSet([("citm_catalog.json", "Catalog", false)], folder: "Catalog") {
            $0.prefix = "Citm"
            $0.singleFile = true
        },
        GoldenSet([("github_events.json", "Event", true)], folder: "Events") {
            $0.prefix = "Gh"
            $0.discriminator = "type"
            $0.detectsURLs = true
        },
        // Compiled by JastorMainActorTests, in a target isolated to the main actor by default.
        GoldenSet([("github_events.json", "Event", true)], folder: "../../JastorMainActorTests/Generated/Events") {
            $0.prefix = "Gh"
            $0.discriminator = "type"
            $0.detectsURLs = true
            $0.declaresNonisolated = true
        },
        GoldenSet([("awkward_keys.json", "Record", false)], folder: "AwkwardKeys") {
            $0.prefix = "Ak"
            $0.singleFile = true
        },
        GoldenSet([("numbers.json", "NumberList", false)], folder: "Numbers") {
            $0.prefix = "Nb"
            $0.singleFile = true
        },
        GoldenSet(
            [
                ("crates_io/owners.json", "OwnerList", false), ("crates_io/crate.json", "CrateResponse", false),
                ("crates_io/versions.json", "VersionList", false),
                ("crates_io/dependencies.json", "DependencyList", false),
                ("crates_io/search.json", "CrateSearch", false),
            ], folder: "CratesIO"
        ) {
            $0.prefix = "Crates"
            $0.detectsURLs = true
        },
    ]

    @Test(arguments: goldenSets) func regeneratingGivesTheGoldenFilesByteForByte(_ golden: GoldenSet) throws {
        let files = try golden.generate()
        let folder = GeneratorSupport.goldenFolder.appendingPathComponent(golden.folder)
        let goldenNames = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.map(\.name).sorted() == goldenNames)
        for file in files {
            let expected = try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)
            #expect(file.contents == expected, "\(golden.folder)/\(file.name) differs from what the generator writes")
        }
    }

    @Test func theArticleShowsWhatTheGeneratorWrites() throws {
        var options = GeneratorOptions(rootName: "Profile")
        options.singleFile = true
        let samples = try GeneratorSupport.samples("readme_profile.json")
        let file = try #require(try ModelGenerator(options: options).generate(from: samples).first)
        // The article shows the classes without the header comment and the imports (six lines).
        let classes = file.contents.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(6)
        let article = try Documentation.text(of: "GeneratingModels")
        #expect(article.contains("```swift\n" + classes.joined(separator: "\n") + "```\n"))
    }

    @Test(arguments: ["search_page1", "search_page2"]) func twitterModelsMapEachPageStrictly(_ page: String) throws {
        let data = try Fixtures.data("generator/twitter/\(page)")
        let response = try TwSearchResponse(validatingJSON: data)
        #expect(
            try GeneratorSupport.normalisedJSON(response.toDictionary())
                == GeneratorSupport.normalisedJSON(JSONSerialization.jsonObject(with: data)))
    }

    @Test func twitterModelsHaveTheInferredTypes() throws {
        let response = try TwSearchResponse(validatingJSON: Fixtures.data("generator/twitter/search_page1"))
        let retweet = try #require(response.statuses[1].retweetedStatus)
        #expect(response.statuses[0].id == 505_874_924_095_815_681)
        #expect(response.statuses[0].inReplyToStatusID == nil)
        #expect(response.statuses[0].unmappedKeys.keys.sorted() == ["contributors", "coordinates", "geo"])
        #expect(retweet.user.screenName == "KATANA77")
        #expect(retweet.entities.media?[0].sizes.thumb.resize == "crop")
        #expect(retweet.createdAt == Date(timeIntervalSince1970: 1_409_442_575))
        #expect(response.statuses[1].user.entities.url?.urls[0].expandedURL == "http://example.com/yuttari")
        #expect(response.searchMetadata.completedIn == 0.087)
        #expect(TwStatus.declarationIssues.isEmpty && TwUser.declarationIssues.isEmpty)
    }

    /// Models generated from some pages keep what a later page adds (a key in a nested class the
    /// samples never showed it in): strict mapping accepts it, and `toDictionary()`, JSON text, both
    /// archive formats and `Codable` give it back.
    @Test func twitterModelsKeepKeysTheirSamplesDidNotShowThroughEveryOutput() throws {
        var json = try #require(
            try JSONSerialization.jsonObject(with: Fixtures.data("generator/twitter/search_page1")) as? [String: Any])
        var statuses = try #require(json["statuses"] as? [[String: Any]])
        var entities = try #require(statuses[0]["entities"] as? [String: Any])
        entities["polls"] = [["options": [["position": 1, "text": "yes"]], "duration_minutes": 1440]]
        statuses[0]["entities"] = entities
        var user = try #require(statuses[0]["user"] as? [String: Any])
        var userEntities = try #require(user["entities"] as? [String: Any])
        userEntities["banner"] = ["urls": [["url": "http://t.co/x", "indices": [0, 22]]]]
        user["entities"] = userEntities
        statuses[0]["user"] = user
        json["statuses"] = statuses
        let data = try JSONSerialization.data(withJSONObject: json)
        let expected = try GeneratorSupport.normalisedJSON(json)

        let response = try TwSearchResponse(validatingJSON: data)
        #expect(response.statuses[0].entities.unmappedKeys.keys.sorted() == ["polls"])
        #expect(response.statuses[0].user.entities.unmappedKeys.keys.sorted() == ["banner"])
        #expect(try GeneratorSupport.normalisedJSON(response.toDictionary()) == expected)
        #expect(
            try GeneratorSupport.normalisedJSON(JSONSerialization.jsonObject(with: response.jsonData())) == expected)
        for format in [JastorArchiveFormat.binaryPropertyList, .json] {
            #expect(try TwSearchResponse.unarchive(from: response.archivedData(format: format)) == response)
        }
        let decoded = try JSONDecoder().decode(TwSearchResponse.self, from: JSONEncoder().encode(response))
        #expect(decoded == response)
    }

    @Test func catalogModelsMapStrictlyWithIdKeyedDictionaries() throws {
        let data = try Fixtures.data("generator/citm_catalog")
        let catalog = try CitmCatalog(validatingJSON: data)
        #expect(catalog.events["138586345"]?.name == "Berliner Philharmoniker")
        #expect(catalog.topicSubTopics["107888604"] == [337_184_268, 337_184_283])
        #expect(catalog.venueNames == ["PLEYEL_PLEYEL": "Salle Pleyel"])
        #expect(catalog.performances[0].start == 1_372_701_600_000)
        #expect(catalog.performances[0].seatCategories[0].areas.map(\.areaId) == [205_705_999, 205_705_998])
        #expect(
            try GeneratorSupport.normalisedJSON(catalog.toDictionary())
                == GeneratorSupport.normalisedJSON(JSONSerialization.jsonObject(with: data)))
    }

    @Test func awkwardKeysCompileMapStrictlyAndComeBack() throws {
        let data = try Fixtures.data("generator/awkward_keys")
        let record = try AkRecord(validatingJSON: data)
        #expect(record.default && record.class == "c" && record.public == 1)
        #expect(record.summary == "d" && record.digest == 4 && record.digestValue == 5)
        #expect(record.lineBreak.x == 1 && record.versionMajor == 3 && record.zero == 6 && record.twoFa == 1)
        #expect(
            try GeneratorSupport.normalisedJSON(record.toDictionary())
                == GeneratorSupport.normalisedJSON(JSONSerialization.jsonObject(with: data)))
    }

    @Test func eventModelsBuildTheirSubclassesStrictly() throws {
        let data = try Fixtures.data("generator/github_events")
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [Any])
        let events = try [GhEvent](validating: json)
        #expect(
            events.map { String(describing: type(of: $0)) } == [
                "GhPushEvent", "GhWatchEvent", "GhIssuesEvent", "GhWatchEvent",
            ])
        #expect((events[0] as? GhPushEvent)?.payload.commits[0].author.name == "Petros")
        #expect(events[1].org?.login == "rspt-org" && events[0].org == nil)
        #expect((events[2] as? GhIssuesEvent)?.payload.issue.labels[0].default == true)
        #expect(events[2].public == false)
        #expect(events[0].repo.url == URL(string: "https://api.github.com/repos/petroav/6.828"))
        #expect(events[0].createdAt == Date(timeIntervalSince1970: 1_420_124_400))
        #expect(
            try GeneratorSupport.normalisedJSON(events.map { $0.toDictionary() })
                == GeneratorSupport.normalisedJSON(json))
    }

    @Test func anEventTypeTheSamplesDidNotShowKeepsItsPayload() throws {
        let event = try GhEvent(validatingJSON: Fixtures.data("generator/github_unknown_event"))
        #expect(type(of: event) == GhEvent.self)
        #expect(event.type == "ForkEvent" && event.actor.login == "octocat")
        #expect(event.unmappedKeys.keys.sorted() == ["payload"])
        #expect(
            try GeneratorSupport.normalisedJSON(event.toDictionary())
                == GeneratorSupport.normalisedJSON(Fixtures.dictionary("generator/github_unknown_event")))
    }

    // MARK: - crates.io, five endpoints in one run

    @Test(arguments: ["owners", "crate", "versions", "dependencies", "search"])
    func cratesModelsMapEveryEndpointStrictlyAndRoundTrip(_ endpoint: String) throws {
        let data = try Fixtures.data("generator/crates_io/\(endpoint)")
        let model: JastorObject =
            switch endpoint {
            case "owners": try CratesOwnerList(validatingJSON: data)
            case "crate": try CratesCrateResponse(validatingJSON: data)
            case "versions": try CratesVersionList(validatingJSON: data)
            case "dependencies": try CratesDependencyList(validatingJSON: data)
            default: try CratesCrateSearch(validatingJSON: data)
            }
        let copy = type(of: model).init(dictionary: model.toDictionary())
        #expect(copy == model)
        // Every value comes back; dates are the same instants, written in UTC.
        #expect(
            try GeneratorSupport.normalisedJSON(GeneratorSupport.instants(model.toDictionary()))
                == GeneratorSupport.normalisedJSON(GeneratorSupport.instants(JSONSerialization.jsonObject(with: data))))
    }

    @Test func cratesModelsShareOneClassPerShapeAcrossEndpoints() throws {
        let owners = try CratesOwnerList(validatingJSON: Fixtures.data("generator/crates_io/owners"))
        let crate = try CratesCrateResponse(validatingJSON: Fixtures.data("generator/crates_io/crate"))
        let search = try CratesCrateSearch(validatingJSON: Fixtures.data("generator/crates_io/search"))
        let versions = try CratesVersionList(validatingJSON: Fixtures.data("generator/crates_io/versions"))
        // One `CratesUser` for owners, publishers and audit actions; one `CratesCrate` for the crate
        // and the search results; one `CratesMeta` for both pages.
        let publisher: CratesUser? = crate.versions[0].publishedBy
        #expect(publisher == crate.versions[0].auditActions[0].user)
        #expect(owners.users[0].login == publisher?.login && owners.users[0].kind == .user)
        #expect(owners.users[2].kind == .team && publisher?.kind == nil)
        let found: CratesCrate = search.crates[1]
        #expect(found.name == crate.crate.name && found.summary == crate.crate.summary)
        #expect(search.meta.nextPage == "?q=json&page=2&per_page=3" && versions.meta.total == 162)
        // A key null in one endpoint is typed from another.
        #expect(crate.crate.links.versions == nil && search.crates[0].links.versions == "/api/v1/crates/json/versions")
        #expect(versions.versions[1].yankMessage?.hasPrefix("Unsound") == true && crate.versions[0].yankMessage == nil)
        // Feature names are data: a dictionary, not a class.
        #expect(versions.versions[2].features == ["preserve_order": ["linked-hash-map"]])
        #expect(abs(crate.crate.createdAt.timeIntervalSince1970 - 1_438_921_785.118_532) < 0.000_001)
        #expect(CratesUser.declarationIssues.isEmpty && CratesVersion.declarationIssues.isEmpty)
    }

    @Test func anEnumKeepsAValueTheSamplesDidNotShow() throws {
        let dependencies = try CratesDependencyList(validatingJSON: Fixtures.data("generator/crates_io/dependencies"))
        #expect(dependencies.dependencies.map(\.kind) == [.normal, .normal, .dev, .dev, .build, .build])
        let json = try Fixtures.dictionary("generator/crates_io_new_dependency_kind")
        let dependency = try CratesDependency(validating: json)
        #expect(dependency.kind == .other("optional-build"))
        #expect(dependency.kind.rawValue == "optional-build")
        #expect(try GeneratorSupport.normalisedJSON(dependency.toDictionary()) == GeneratorSupport.normalisedJSON(json))
    }
}
