import Foundation
import Testing

@testable import Jastor

/// The views ``Keeper/modelClass(for:)`` keeps past the call that made them: a hook may hold on to
/// its view, and the document under it must then outlive the caller's bytes (one test uses this).
nonisolated(unsafe) private var keptViews: [JastorJSONObject] = []

/// A model whose hook keeps every view it gets.
private final class Keeper: JastorObject {
    var name = ""
    var tags: [String] = []

    override class var properties: [JastorProperty] { register(\.name, \.tags) }
    override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
        keptViews.append(json)
        return nil
    }
}

/// A model holding a ``Keeper``, whose hook runs for it (a root model's class is the one asked for).
private final class Shelf: JastorObject {
    var keeper = Keeper()

    override class var properties: [JastorProperty] { register(\.keeper) }
}

private final class Plain: JastorObject {
    var name = ""
    var count = 0
    var ratio = 0.0

    override class var properties: [JastorProperty] { register(\.name, \.count, \.ratio) }
}

/// Mapping from bytes reads the caller's `Data` in place: the same models and errors from every
/// layout of `Data`, and a view kept past the call reads its own copy of the bytes.
@Suite struct InPlaceInputTests {
    /// A view kept by a hook reads the right text after the `Data` it came from is gone and its
    /// memory has been handed out again.
    @Test func aViewKeptByAHookOutlivesTheCallersBytes() throws {
        keptViews = []
        do {
            let json = #"{"name": "Café \u00e9clair, long enough to live on the heap", "tags": ["a", "b"]}"#
            let shelf = try Shelf(json: Data(#"{"keeper": \#(json)}"#.utf8))
            #expect(shelf.keeper.name == "Café éclair, long enough to live on the heap")
            let models = try [Keeper](json: Data("[\(json), {\"name\": \"second\"}]".utf8))
            #expect(models.map(\.name) == ["Café éclair, long enough to live on the heap", "second"])
        }
        // Fresh allocations of the same sizes, filled with other bytes, to take the freed memory.
        let filler = (0..<64).map { _ in Data(repeating: 0x7B, count: 96) }
        #expect(filler.count == 64)
        try #require(keptViews.count == 3)
        for view in keptViews.prefix(2) {
            #expect(view["name"] as? String == "Café éclair, long enough to live on the heap")
            #expect(view["tags"] as? [String] == ["a", "b"])
        }
        #expect(keptViews[2]["name"] as? String == "second")
        #expect(keptViews[2].dictionary.keys.sorted() == ["name"])
        keptViews = []
    }

    /// A slice of a larger `Data` (its indices do not start at 0), an inline one (at most 14
    /// bytes) and a plain one map alike, and a syntax error is placed within the slice.
    @Test func slicesAndSmallDataMapLikeWholeData() throws {
        let json = #"{"name": "n", "count": 12, "ratio": 0.5}"#
        let whole = try Plain(json: Data(json.utf8))
        let padded = Data(("xxxxxxxx" + json + "yyyy").utf8)
        let slice = padded[8..<(8 + json.utf8.count)]
        #expect(slice.startIndex == 8)
        let fromSlice = try Plain(json: slice)
        #expect(
            [fromSlice.name, "\(fromSlice.count)", "\(fromSlice.ratio)"]
                == [whole.name, "\(whole.count)", "\(whole.ratio)"])
        #expect(whole.name == "n" && whole.count == 12 && whole.ratio == 0.5)

        let small = try Plain(json: Data(#"{"count":7}"#.utf8))
        #expect(small.count == 7)

        let broken = Data(("zz" + #"{"count": 1,}"#).utf8)
        #expect {
            try Plain(json: broken[2...])
        } throws: { error in
            (error as? JastorError)?.issues.map(\.description)
                == ["expected a string key, found '}' at line 1, column 13 (byte 12)"]
        }
    }

    /// Seeded random documents map to the same models whether the `Data` is whole or a slice.
    @Test func randomDocumentsMapAlikeFromSlices() throws {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("InPlaceInputTests seed: \(seed)")
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "é", "日", "😀", " ", #"\""#, #"\n"#, #"\u00e9"#]
        for _ in 0..<200 {
            let name = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &random)]
            }.joined()
            let count = Int.random(in: -1_000_000...1_000_000, using: &random)
            let json = #"{"name": ""# + name + #"", "count": \#(count)}"#
            let lead = Int.random(in: 0...17, using: &random)
            let padded = Data(String(repeating: " ", count: lead).utf8) + Data(json.utf8)
            let whole = try Plain(json: Data(json.utf8))
            let slice = try Plain(json: padded[lead...])
            #expect(slice.name == whole.name && slice.count == whole.count && whole.count == count)
        }
    }
}
