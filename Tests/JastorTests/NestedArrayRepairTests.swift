import Foundation
import Testing

@testable import Jastor

/// Arrays of arrays of a scalar, which the byte reader reads through loops compiled for the
/// scalar (``DocumentArrayReader/readArrays(of:into:context:innerName:_:)``), beside arrays the
/// generic walk reads.
private final class Grids: JastorObject {
    var flat: [Int] = []
    var grid: [[Int]] = []
    var cube: [[[Int]]] = []
    var rows: [[Cell]] = []

    override class var properties: [JastorProperty] { register(\.flat, \.grid, \.cube, \.rows) }
}

private final class Cell: JastorObject {
    var value = 0

    override class var properties: [JastorProperty] { register(\.value) }
}

/// An element of an array of arrays that is text a Swift `String` cannot hold, where an array
/// belongs: the mismatch is reported, and nothing else, since nothing was kept (review of attack 18).
@Suite struct NestedArrayRepairTests {
    /// A lone surrogate escape, and invalid UTF-8, where an inner array belongs.
    @Test(arguments: [Array(#""\ud800""#.utf8), [0x22, 0xFF, 0x22]])
    func aRepairedStringWhereAnArrayBelongsIsOnlyAMismatch(element: [UInt8]) throws {
        // The element's bytes as they are, invalid UTF-8 included.
        var json = Array("{".utf8)
        for (index, key) in ["flat", "grid", "cube", "rows"].enumerated() {
            json += Array(#"\#(index == 0 ? "" : ", ")"\#(key)": ["#.utf8) + element + Array("]".utf8)
        }
        json += Array("}".utf8)
        var issues: [JastorIssue] = []
        let grids = try Grids(json: Data(json), issues: &issues)
        #expect(grids.flat == [] && grids.grid == [] && grids.cube == [] && grids.rows.isEmpty)
        #expect(
            issues.map(\.description) == [
                "flat[0]: expected Int, found String \"\u{FFFD}\"",
                "grid[0]: expected [Int], found String \"\u{FFFD}\"",
                "cube[0]: expected [[Int]], found String \"\u{FFFD}\"",
                "rows[0]: expected [Cell], found String \"\u{FFFD}\"",
            ])
    }
}
