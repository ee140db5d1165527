import Foundation
import Jastor

/// One data set's three model sets, with the same field coverage.
protocol ModelFamily {
    associatedtype Model: JastorObject
    associatedtype Hand
    associatedtype Coded: Codable

    /// The name used on the command line and in the report (`twitter`).
    static var name: String { get }
    /// Hand-written mapping of a parsed dictionary.
    static func hand(from json: [String: Any]) -> Hand
    /// Hand-written output.
    static func dictionary(from hand: Hand) -> [String: Any]
}

enum TwitterFamily: ModelFamily {
    static let name = "twitter"
    static func hand(from json: [String: Any]) -> HandTwitterSearch { HandTwitterSearch(json) }
    static func dictionary(from hand: HandTwitterSearch) -> [String: Any] { hand.toDictionary() }
    typealias Model = TwitterSearch
    typealias Coded = CodableTwitterSearch
}

enum CitmFamily: ModelFamily {
    static let name = "citm"
    static func hand(from json: [String: Any]) -> HandCitmCatalog { HandCitmCatalog(json) }
    static func dictionary(from hand: HandCitmCatalog) -> [String: Any] { hand.toDictionary() }
    typealias Model = CitmCatalog
    typealias Coded = CodableCitmCatalog
}

enum CanadaFamily: ModelFamily {
    static let name = "canada"
    static func hand(from json: [String: Any]) -> HandCanadaCollection { HandCanadaCollection(json) }
    static func dictionary(from hand: HandCanadaCollection) -> [String: Any] { hand.toDictionary() }
    typealias Model = CanadaCollection
    typealias Coded = CodableCanadaCollection
}

/// The model families by name.
var modelFamilies: [String: any ModelFamily.Type] {
    [TwitterFamily.name: TwitterFamily.self, CitmFamily.name: CitmFamily.self, CanadaFamily.name: CanadaFamily.self]
}
