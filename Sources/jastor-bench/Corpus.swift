import Foundation

/// The inputs: the real-world files beside the repository, files named on the command line, or
/// a deterministic synthetic corpus so that a fresh clone runs the benchmark.
enum Corpus {
    /// `../shared/bench-data` beside the repository, found from the working directory or this file.
    static func benchDataFolder() -> URL? {
        let candidates = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
                "../shared/bench-data"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("../shared/bench-data"),
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("twitter.json").path)
        }
    }

    /// The real-world files and their model families.
    static let realFiles = [("twitter.json", "twitter"), ("citm_catalog.json", "citm"), ("canada.json", "canada")]

    /// A twitter-shaped search response: `count` statuses, every third a retweet.
    static func syntheticTwitter(count: Int = 100) -> [String: Any] {
        var random = SeededRandom(seed: 1)
        func user(_ index: Int) -> [String: Any] {
            var user: [String: Any] = [
                "id": 1_000_000 + index * 7919, "name": "User \(index)", "screen_name": "user_\(index)",
                "location": index % 2 == 0 ? "Tokyo" : "", "description": "Synthetic user number \(index) 一",
                "followers_count": random.next(upTo: 5000), "friends_count": random.next(upTo: 900),
                "verified": index % 17 == 0, "profile_image_url": "http://example.com/avatars/\(index).png",
                "created_at": "Sat Feb 16 13:40:25 +0000 2013",
            ]
            user["url"] = index % 5 == 0 ? "http://example.com/\(index)" : NSNull()
            return user
        }
        func status(_ index: Int, nested: Bool) -> [String: Any] {
            let id = 505_874_924_095_815_681 - index * 104_729
            var status: [String: Any] = [
                "id": id, "id_str": String(id), "text": "Status \(index) with some text, 一 and an emoji 🎉",
                "created_at": "Sun Aug 31 00:29:15 +0000 2014", "retweet_count": random.next(upTo: 100),
                "favorite_count": random.next(upTo: 50), "favorited": false, "retweeted": index % 3 == 0,
                "lang": "ja", "source": "web", "in_reply_to_status_id": index % 4 == 0 ? id - 1 : NSNull(),
                "user": user(index),
                "entities": [
                    "hashtags": index % 5 == 0 ? [["text": "tag\(index)", "indices": [0, 5]]] : [],
                    "urls": [[String: Any]](), "symbols": [Any](),
                    "user_mentions": [
                        [
                            "id": 42 + index, "id_str": String(42 + index), "screen_name": "m\(index)", "name": "M",
                            "indices": [1, 4],
                        ]
                    ],
                ] as [String: Any],
            ]
            if !nested, index % 3 == 0 { status["retweeted_status"] = makeStatus(index + 10_000, nested: true) }
            return status
        }
        func makeStatus(_ index: Int, nested: Bool) -> [String: Any] { status(index, nested: nested) }
        return [
            "statuses": (0..<count).map { status($0, nested: false) },
            "search_metadata": [
                "count": count, "max_id": 505_874_924_095_815_681, "query": "%E4%B8%80", "completed_in": 0.087,
            ],
        ]
    }

    /// A citm-shaped catalog: id-keyed tables, events and performances with prices and seats.
    static func syntheticCitm(events: Int = 100, performances: Int = 200) -> [String: Any] {
        var random = SeededRandom(seed: 2)
        var eventTable: [String: Any] = [:]
        for index in 0..<events {
            eventTable[String(138_586_341 + index * 4)] =
                [
                    "id": 138_586_341 + index * 4, "name": "Event \(index)", "description": NSNull(),
                    "logo": index % 2 == 0 ? "/images/\(index)" : NSNull(), "subTopicIds": [337_184_269, 337_184_283],
                    "topicIds": [324_846_099], "subjectCode": NSNull(), "subtitle": NSNull(),
                ] as [String: Any]
        }
        let list: [[String: Any]] = (0..<performances).map { index in
            [
                "id": 339_887_544 + index, "eventId": 138_586_341 + (index % events) * 4, "logo": NSNull(),
                "name": NSNull(),
                "prices": (0..<3).map { price in
                    [
                        "amount": 10_000 + random.next(upTo: 90_000), "audienceSubCategoryId": 337_100_890,
                        "seatCategoryId": 338_937_295 + price,
                    ]
                },
                "seatCategories": (0..<3).map { category in
                    [
                        "areas": (0..<4).map { ["areaId": 205_705_993 + $0, "blockIds": [Int]()] },
                        "seatCategoryId": 338_937_295 + category,
                    ]
                },
                "seatMapImage": NSNull(), "start": 1_372_893_600_000 + index * 86_400_000, "venueCode": "PLEYEL_PLEYEL",
            ]
        }
        let names = Dictionary(uniqueKeysWithValues: (0..<17).map { (String(205_705_993 + $0), "Area \($0)") })
        return [
            "areaNames": names, "audienceSubCategoryNames": ["337100890": "Abonné"], "blockNames": [String: Any](),
            "events": eventTable, "performances": list, "seatCategoryNames": ["338937295": "1ère catégorie"],
            "subTopicNames": ["337184269": "Classique"], "subjectNames": [String: Any](),
            "topicNames": ["324846099": "Musique"], "topicSubTopics": ["324846099": [337_184_269, 337_184_283]],
            "venueNames": ["PLEYEL_PLEYEL": "Salle Pleyel"],
        ]
    }

    /// A canada-shaped feature collection: `rings` rings of `points` 17-digit coordinates.
    static func syntheticCanada(rings: Int = 60, points: Int = 400) -> [String: Any] {
        var random = SeededRandom(seed: 3)
        let coordinates: [[[Double]]] = (0..<rings).map { _ in
            (0..<points).map { _ in
                [
                    -140 + Double(random.next(upTo: 1_000_000_000)) / 1e7,
                    42 + Double(random.next(upTo: 400_000_000)) / 1e7,
                ]
            }
        }
        return [
            "type": "FeatureCollection",
            "features": [
                [
                    "type": "Feature", "properties": ["name": "Synthetica"],
                    "geometry": ["type": "Polygon", "coordinates": coordinates],
                ]
            ],
        ]
    }

    /// The synthetic corpus as JSON files' contents, by family name.
    static func synthetic() throws -> [(file: String, family: String, data: Data)] {
        [
            ("synthetic-twitter.json", "twitter", try serialise(syntheticTwitter())),
            ("synthetic-citm.json", "citm", try serialise(syntheticCitm())),
            ("synthetic-canada.json", "canada", try serialise(syntheticCanada())),
        ]
    }

    /// Twitter input with its statuses repeated `factor` times.
    static func scaled(_ twitter: Data, factor: Int) throws -> Data {
        guard var json = try JSONSerialization.jsonObject(with: twitter) as? [String: Any],
            let statuses = json["statuses"] as? [Any]
        else { throw BenchmarkError("the twitter input has no statuses to scale") }
        json["statuses"] = Array((0..<factor).map { _ in statuses }.joined())
        return try serialise(json)
    }

    static func serialise(_ json: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    }
}

/// A small deterministic generator (SplitMix64), so the synthetic corpus is the same every run.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next(upTo bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(max(bound, 1)))
    }
}
