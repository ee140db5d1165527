import Foundation

/// The elements of an array in a ``JSONDocument``, indexed by node.
struct DocumentElements: Collection {
    let document: JSONDocument
    let startIndex: Int
    let endIndex: Int
    let count: Int

    func index(after index: Int) -> Int { document.next(after: index) }

    subscript(position: Int) -> DocumentValue { DocumentValue(document: document, index: position) }
}
