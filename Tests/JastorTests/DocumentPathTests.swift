import Foundation
import Jastor
import Testing

/// A model using every container codec: arrays of arrays, dictionaries of arrays, optionals,
/// raw-value enums and nested models, alone and in arrays.
private final class Cell: JastorObject {
    var name = ""
    var rings: [[[Double]]] = []
    var tallies: [String: [Int]] = [:]
    var maybe: [Int?]?
    var absent: [Int]? = [0]
    var colours: [Colour] = []
    var priority: Priority?
    var cells: [Cell] = []
    var child: Cell?

    override class var properties: [JastorProperty] {
        register(
            \.name, \.rings, \.tallies, \.maybe, \.absent, \.colours, \.priority, \.cells, \.child)
    }
}

/// The byte reader's values and a dictionary's map to the same models with the same issues.
///
/// The byte reader's values take the codecs' and accessors' entries compiled for them; every other
/// source takes the generic ones.
@Suite struct DocumentPathTests {
    @Test func bytesAndDictionaryMapTheSameModel() throws {
        let fromBytes = try Cell(json: Fixtures.data("document_path"))
        let fromDictionary = Cell(dictionary: try Fixtures.dictionary("document_path"))
        #expect(try Fixtures.canonical(fromBytes.toDictionary()) == Fixtures.canonical(fromDictionary.toDictionary()))
        #expect(fromBytes.rings == [[[1.5, -2.25], [3], [4]], [], [[0.1, 0.2]]])
        #expect(fromBytes.tallies == ["a": [1, 2, 3], "b": [4]])
        #expect(fromBytes.maybe == [7, nil, 8])
        #expect(fromBytes.absent == nil)
        #expect(fromBytes.colours == [.red, .blue])
        #expect(fromBytes.cells.map(\.name) == ["first", "12", "last"])
        #expect(fromBytes.cells.first?.cells.first?.name == "deep")
        #expect(fromBytes.cells.last?.child?.priority == .low)
        #expect(fromBytes.child?.maybe == [])
    }

    @Test func bytesAndDictionaryReportTheSameIssues() throws {
        var fromBytes: [JastorIssue] = []
        var fromDictionary: [JastorIssue] = []
        _ = try Cell(json: Fixtures.data("document_path"), issues: &fromBytes)
        _ = Cell(dictionary: try Fixtures.dictionary("document_path"), issues: &fromDictionary)
        let paths = fromBytes.map(\.path.description)
        #expect(
            paths == [
                "rings[0][1][1]", "rings[0][2][0]", "rings[2][0][2]", "tallies.b[1]", "tallies.c", "colours[1]",
                "colours[3]", "cells[0].cells[0].priority", "cells[1].maybe", "cells[2]",
            ])
        // Sorted: a dictionary's members come in no particular order, the document's in its own.
        #expect(fromBytes.map(\.description).sorted() == fromDictionary.map(\.description).sorted())
    }

    @Test func arraysOfModelsFromBytesAndFromFoundationAgree() throws {
        let dictionary = try Fixtures.dictionary("document_path")
        let cells = try #require(dictionary["cells"] as? [Any])
        let data = try JSONSerialization.data(withJSONObject: cells)
        var fromBytes: [JastorIssue] = []
        var fromArray: [JastorIssue] = []
        let modelsFromBytes = try [Cell](json: data, issues: &fromBytes)
        let modelsFromArray = [Cell](jsonArray: cells, issues: &fromArray)
        #expect(modelsFromBytes.map(\.name) == ["first", "12", "last"])
        #expect(
            try modelsFromBytes.map { try Fixtures.canonical($0.toDictionary()) }
                == modelsFromArray.map { try Fixtures.canonical($0.toDictionary()) })
        #expect(fromBytes.map(\.description) == fromArray.map(\.description))
        #expect(fromBytes.count == 3)
    }
}
