import Foundation
import Jastor
import JastorGenerator
import Testing

/// The models `jastor-gen` writes for the samples in `Fixtures/generator/`, committed under
/// `Tests/JastorTests/Generated/` and compiled with the tests: regenerating them must give the same
/// bytes, and the compiled models must map their samples strictly and write them back.
///
/// After a deliberate change to the generator, rewrite the golden files with:
///
/// ```
/// swift run jastor-gen Fixtures/generator/twitter --root SearchResponse --prefix Tw --out Tests/JastorTests/Generated/Twitter
/// swift run jastor-gen Fixtures/generator/citm_catalog.json --root Catalog --prefix Citm --single-file \
///     --out Tests/JastorTests/Generated/Catalog
/// swift run jastor-gen Fixtures/generator/github_events.json --root Event --prefix Gh --discriminator type --urls \
///     --out Tests/JastorTests/Generated/Events
/// swift run jastor-gen Fixtures/generator/awkward_keys.json --root Record --prefix Ak --single-file \
///     --out Tests/JastorTests/Generated/AwkwardKeys
/// ```
@Suite struct GeneratorGoldenTests {
    /// One golden set: the samples, the options the command line gives, and the folder of files.
    struct GoldenSet: Sendable, CustomTestStringConvertible {
        let samples: String
        let folder: String
        let options: GeneratorOptions

        var testDescription: String { folder }

        init(samples: String, folder: String, configure: (inout GeneratorOptions) -> Void) {
            self.samples = samples
            self.folder = folder
            var options = GeneratorOptions(rootName: "")
            configure(&options)
            self.options = options
        }
    }

    static let goldenSets = [
        GoldenSet(samples: "twitter", folder: "Twitter") {
            $0.rootName = "SearchResponse"
            $0.prefix = "Tw"
        },
        GoldenSet(samples: "citm_catalog.json", folder: "Catalog") {
            $0.rootName = "Catalog"
            $0.prefix = "Citm"
            $0.singleFile = true
        },
        GoldenSet(samples: "github_events.json", folder: "Events") {
            $0.rootName = "Event"
            $0.prefix = "Gh"
            $0.discriminator = "type"
            $0.detectsURLs = true
        },
        GoldenSet(samples: "awkward_keys.json", folder: "AwkwardKeys") {
            $0.rootName = "Record"
            $0.prefix = "Ak"
            $0.singleFile = true
        },
    ]

    @Test(arguments: goldenSets) func regeneratingGivesTheGoldenFilesByteForByte(_ golden: GoldenSet) throws {
        let files = try ModelGenerator(options: golden.options).generate(from: GeneratorSupport.samples(golden.samples))
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
        #expect(response.statuses[0].inReplyToStatusId == nil)
        #expect(response.statuses[0].unmappedKeys.keys.sorted() == ["contributors", "coordinates", "geo"])
        #expect(retweet.user.screenName == "KATANA77")
        #expect(retweet.entities.media?[0].sizes.thumb.resize == "crop")
        #expect(retweet.createdAt == Date(timeIntervalSince1970: 1_409_442_575))
        #expect(response.statuses[1].user.entities.url?.urls[0].expandedUrl == "http://example.com/yuttari")
        #expect(response.searchMetadata.completedIn == 0.087)
        #expect(TwStatus.declarationIssues.isEmpty && TwUser.declarationIssues.isEmpty)
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
        #expect(record.descriptionValue == "d" && record.hashValueValue == 4 && record.hashValueValue2 == 5)
        #expect(record.lineBreak.x == 1 && record.versionMajor == 3 && record.field0 == 6)
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
        #expect((events[1] as? GhWatchEvent)?.org?.login == "rspt-org")
        #expect((events[2] as? GhIssuesEvent)?.payload.issue.labels[0].default == true)
        #expect(events[2].public == false)
        #expect(events[0].repo.url == URL(string: "https://api.github.com/repos/petroav/6.828"))
        #expect(events[0].createdAt == Date(timeIntervalSince1970: 1_420_124_400))
        #expect(
            try GeneratorSupport.normalisedJSON(events.map { $0.toDictionary() })
                == GeneratorSupport.normalisedJSON(json))
    }
}
