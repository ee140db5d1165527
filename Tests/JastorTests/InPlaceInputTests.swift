import Foundation
import Synchronization
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

    /// Bytes changing while they are read never break the reader's memory.
    ///
    /// A file mapped into memory and rewritten, or `Data(bytesNoCopy:)` over shared memory, breaks
    /// the caller's side of the contract; an escaped string's second pass still writes only into
    /// the room the first pass measured. CI's AddressSanitizer run checks every write; here every
    /// string read is made of what the input held. ThreadSanitizer would report the race this test
    /// makes on purpose (the caller's broken contract, not Jastor's), so under it the test is skipped.
    @Test(.disabled(if: underThreadSanitizer, "the test races on the input on purpose"))
    func bytesChangingDuringTheReadStayInsideTheBuffers() {
        let body = 512
        let prefix = Array(#"{"text": ""#.utf8)
        let suffix = Array(#""}"#.utf8)
        let total = prefix.count + 2 * body + suffix.count
        nonisolated(unsafe) let raw = UnsafeMutablePointer<UInt8>.allocate(capacity: total)
        defer { raw.deallocate() }
        raw.initialize(repeating: UInt8(ascii: "\\"), count: total)
        for (index, byte) in prefix.enumerated() { raw[index] = byte }
        for (index, byte) in suffix.enumerated() { raw[prefix.count + 2 * body + index] = byte }
        let start = prefix.count
        let stop = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)
        let writer = Thread {
            var escapes = false
            while !stop.load(ordering: .relaxed) {
                let byte = escapes ? UInt8(ascii: "\\") : UInt8(ascii: "a")
                for index in start..<start + 2 * body { raw[index] = byte }
                escapes.toggle()
            }
            stopped.store(true, ordering: .relaxed)
        }
        writer.start()
        var strangers: [String] = []
        for _ in 0..<2_000 {
            let data = Data(bytesNoCopy: raw, count: total, deallocator: .none)
            guard let status = try? Status(json: data) else { continue }
            if !status.text.unicodeScalars.allSatisfy({ $0 == "\\" || $0 == "a" || $0 == "\"" || $0 == "\u{FFFD}" }) {
                strangers.append(status.text)
            }
        }
        stop.store(true, ordering: .relaxed)
        while !stopped.load(ordering: .relaxed) { usleep(1_000) }
        #expect(strangers.isEmpty, "\(strangers.prefix(3))")
    }
}
