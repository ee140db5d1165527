import Foundation

/// A JSON document read by ``JSONReader``: a flat tape of nodes in document order.
///
/// A container's node records how many elements or members it has and where the next sibling
/// starts, so skipping a subtree costs nothing. Plain strings stay byte ranges of the input until
/// a property reads them; numbers are already exact integers or doubles. The tape is one array,
/// so freeing a deeply nested document does not recurse. The document is immutable once read,
/// so reading it takes no exclusivity checks.
final class JSONDocument: Sendable {
    enum Kind: UInt8 {
        case null, `true`, `false`, integer, unsignedInteger, double, string, decodedString, array, object
        /// An integer too large for 64 bits, kept as its text (a byte range like a plain string).
        case bigInteger
    }

    /// One value of the tape.
    ///
    /// For containers `first` is the member or element count and `second` the index of the next
    /// sibling; for strings, the byte range or the index of the decoded string; for numbers, the
    /// value's bits. Sixteen bytes: `second` is stored in 32 bits (documents are limited to
    /// ``JSONReader/maximumSize`` bytes, so counts and node indexes fit), and the fields are in
    /// the order that packs them.
    struct Node {
        var first: Int
        private var packedSecond: UInt32
        var kind: Kind

        init(kind: Kind, first: Int, second: Int) {
            self.first = first
            self.packedSecond = UInt32(truncatingIfNeeded: second)
            self.kind = kind
        }

        var second: Int {
            get { Int(packedSecond) }
            set { packedSecond = UInt32(truncatingIfNeeded: newValue) }
        }
    }

    let bytes: [UInt8]
    let nodes: [Node]
    let decodedStrings: [String]

    init(bytes: [UInt8], tape: Tape) {
        self.bytes = bytes
        self.nodes = tape.nodes
        self.decodedStrings = tape.decodedStrings
    }

    /// The nodes of a document being read.
    struct Tape {
        private(set) var nodes: [Node] = []
        private(set) var decodedStrings: [String] = []

        init(capacity: Int) {
            nodes.reserveCapacity(capacity)
        }

        @discardableResult
        mutating func append(_ kind: Kind) -> Int {
            nodes.append(Node(kind: kind, first: 0, second: 0))
            return nodes.count - 1
        }

        mutating func append(_ integer: JSONScalar) {
            switch integer {
            case .integer(let value): nodes.append(Node(kind: .integer, first: Int(value), second: 0))
            case .unsignedInteger(let value):
                nodes.append(Node(kind: .unsignedInteger, first: Int(bitPattern: UInt(value)), second: 0))
            default: appendDouble(.nan)
            }
        }

        mutating func appendDouble(_ value: Double) {
            nodes.append(Node(kind: .double, first: Int(bitPattern: UInt(value.bitPattern)), second: 0))
        }

        mutating func appendString(start: Int, count: Int) {
            nodes.append(Node(kind: .string, first: start, second: count))
        }

        mutating func appendBigInteger(start: Int, count: Int) {
            nodes.append(Node(kind: .bigInteger, first: start, second: count))
        }

        mutating func appendDecodedString(_ string: String) {
            decodedStrings.append(string)
            nodes.append(Node(kind: .decodedString, first: decodedStrings.count - 1, second: 0))
        }

        func isObject(_ index: Int) -> Bool { nodes[index].kind == .object }

        /// Counts one more element (or member) of the container at `index`.
        mutating func countMember(of index: Int) {
            nodes[index].first += 1
        }

        /// Ends the container at `index`: its next sibling starts at the next node.
        mutating func close(_ index: Int) {
            nodes[index].second = nodes.count
        }
    }

    // MARK: Reading

    /// The index of the node after the value at `index` and everything inside it.
    func next(after index: Int) -> Int {
        switch nodes[index].kind {
        case .array, .object: nodes[index].second
        default: index + 1
        }
    }

    /// The string at a string node.
    func string(at index: Int) -> String {
        let node = nodes[index]
        if node.kind == .decodedString { return decodedStrings[node.first] }
        return bytes.withUnsafeBufferPointer { buffer in
            String(
                decoding: UnsafeBufferPointer(rebasing: buffer[node.first..<node.first + node.second]), as: UTF8.self)
        }
    }

    /// The value of a big-integer node: exact as a `Decimal` when it has at most 38 digits (so
    /// integer properties reject it and `String` and `Decimal` properties get every digit),
    /// otherwise the nearest double.
    func bigInteger(at index: Int) -> JSONScalar {
        let text = string(at: index)
        if text.utf8.count <= 39, let decimal = Decimal(string: text) { return .decimal(decimal) }
        return .double(Double(text) ?? .nan)
    }

    /// Whether the string at a string node equals `key`, compared byte by byte without building a
    /// `String`.
    func string(at index: Int, equals key: String) -> Bool {
        let node = nodes[index]
        if node.kind == .decodedString { return decodedStrings[node.first] == key }
        guard key.utf8.count == node.second else { return false }
        return withStringBytes(at: index) { bytes in key.utf8.elementsEqual(bytes) }
    }

    /// Runs `body` with the UTF-8 bytes of the string at a string node.
    func withStringBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let node = nodes[index]
        if node.kind == .decodedString {
            var string = decodedStrings[node.first]
            return string.withUTF8(body)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[node.first..<node.first + node.second]))
        }
    }
}

/// A position in a ``JSONDocument``: the engine's third source, beside Foundation values and
/// the library's own value tree.
struct DocumentValue: JSONSource {
    let document: JSONDocument
    let index: Int

    var kind: JSONKind {
        let node = document.nodes[index]
        switch node.kind {
        case .null: return .scalar(.null)
        case .true: return .scalar(.bool(true))
        case .false: return .scalar(.bool(false))
        case .integer: return .scalar(.integer(Int64(node.first)))
        case .unsignedInteger: return .scalar(.unsignedInteger(UInt64(UInt(bitPattern: node.first))))
        case .double: return .scalar(.double(Double(bitPattern: UInt64(UInt(bitPattern: node.first)))))
        case .string, .decodedString: return .scalar(.string(document.string(at: index)))
        case .bigInteger: return .scalar(document.bigInteger(at: index))
        case .array: return .array
        case .object: return .object
        }
    }

    var object: DocumentObject {
        let isObject = document.nodes[index].kind == .object
        return DocumentObject(document: document, container: index, count: isObject ? document.nodes[index].first : 0)
    }

    var elements: DocumentElements {
        let isArray = document.nodes[index].kind == .array
        return DocumentElements(
            document: document, startIndex: index + 1, endIndex: isArray ? document.nodes[index].second : index + 1,
            count: isArray ? document.nodes[index].first : 0)
    }

    /// The value as Foundation JSON; a big integer passes through as the nearest double, as the
    /// reader has always handed it to untyped properties.
    var foundationValue: Any {
        if document.nodes[index].kind == .bigInteger { return Double(document.string(at: index)) ?? Double.nan }
        switch kind {
        case .scalar(let scalar): return scalar.jsonValue.foundationValue
        case .object: return object.foundationDictionary
        case .array: return elements.map(\.foundationValue)
        case .unsupported: return NSNull()
        }
    }

    func forEachElement(_ body: (DocumentValue) -> Void) {
        for element in elements {
            body(element)
        }
    }
}

/// The members of an object in a ``JSONDocument``; lookups scan its keys (the last duplicate wins).
struct DocumentObject: JSONObjectSource {
    let document: JSONDocument
    let container: Int
    /// How many members the object has (none when the node is not an object).
    let count: Int

    subscript(key: String) -> DocumentValue? {
        var found: Int?
        var keyIndex = container + 1
        for _ in 0..<count {
            if document.string(at: keyIndex, equals: key) { found = keyIndex + 1 }
            keyIndex = document.next(after: keyIndex + 1)
        }
        return found.map { DocumentValue(document: document, index: $0) }
    }

    /// One pass over the members, each key looked up in the plan's key table where it lies in
    /// the input; then the plan's properties in order.
    func forEachMappedMember(of plan: ClassPlan, _ body: (PropertyPlan, DocumentValue) -> Void) {
        let table = plan.keyTable
        guard table.count > 0, count > 0 else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: table.count) { found in
            found.initialize(repeating: -1)
            var keyIndex = container + 1
            for _ in 0..<count {
                let position = document.withStringBytes(at: keyIndex) { table.position(of: $0) }
                if position >= 0 { found[position] = keyIndex + 1 }
                keyIndex = document.next(after: keyIndex + 1)
            }
            for (property, position) in plan.keyedProperties where found[position] >= 0 {
                body(property, DocumentValue(document: document, index: found[position]))
            }
        }
    }

    func forEachMember(_ body: (String, DocumentValue) -> Void) {
        var keyIndex = container + 1
        for _ in 0..<count {
            body(document.string(at: keyIndex), DocumentValue(document: document, index: keyIndex + 1))
            keyIndex = document.next(after: keyIndex + 1)
        }
    }

    var foundationDictionary: [String: Any] {
        var dictionary: [String: Any] = [:]
        dictionary.reserveCapacity(count)
        forEachMember { key, value in dictionary[key] = value.foundationValue }
        return dictionary
    }
}

/// The elements of an array in a ``JSONDocument``, indexed by node.
struct DocumentElements: Collection {
    let document: JSONDocument
    let startIndex: Int
    let endIndex: Int
    let count: Int

    func index(after index: Int) -> Int { document.next(after: index) }

    subscript(position: Int) -> DocumentValue { DocumentValue(document: document, index: position) }
}
