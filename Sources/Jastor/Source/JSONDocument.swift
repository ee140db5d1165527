import Foundation
import Synchronization

/// A JSON document read by ``JSONReader``: a flat tape of nodes in document order.
///
/// A container's node records how many elements or members it has and where the next sibling
/// starts, so skipping a subtree costs nothing. Plain strings stay byte ranges of the input until
/// a property reads them; numbers are already exact integers or doubles. The tape is one buffer
/// (``NodeBuffer``), so freeing a deeply nested document does not recurse. The document is
/// immutable once read, so reading it takes no exclusivity checks.
package final class JSONDocument: Sendable {
    enum Kind: UInt8 {
        case null, `true`, `false`, integer, unsignedInteger, string, decodedString, array, object
        /// A number with a fraction or exponent whose literal is a text its nearest `Double` is
        /// written back as (``NumberSpelling``): the `Double`, and where its literal starts.
        case double
        /// Any other number with a fraction or exponent (zero, beyond `Double`'s range, more digits
        /// than the reader gathers, or not a text its `Double` is written back as): the nearest
        /// `Double` and where its literal starts, whose text each conversion reads.
        case textDouble
        /// An integer literal that 64 bits do not hold (or `-0`), kept as its text (a byte range
        /// like a plain string).
        case integerLiteral
        /// A value an archive spelled with a marker (``ArchiveSpelling``): `first` indexes
        /// ``JSONDocument/markedValues``.
        case marked
    }

    /// One value of the tape.
    ///
    /// For containers `first` is the member or element count and `second` the index of the next
    /// sibling; for strings and integer literals, the byte range or the index of the decoded
    /// string; for other numbers, the value's bits (and for doubles, where the literal starts). Sixteen bytes: `second` is stored in 32 bits (documents are limited to
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

    /// The input, borrowed or owned (``Input``).
    private let input: Input
    let nodes: NodeBuffer
    let decodedStrings: [String]
    let markedValues: [JSONScalar]
    /// How many strings were handed out with U+FFFD in place of text a Swift `String` cannot
    /// hold (invalid UTF-8, or a lone surrogate escape the reader replaced), and not yet reported.
    ///
    /// ``DocumentValue`` reports them at the value whose reading made them
    /// (`DocumentValue.reportRepairs(keeping:kept:context:)`), so such a string is kept with an
    /// issue, never in silence. Atomic only to keep the class `Sendable`: one mapping run reads a
    /// document at a time.
    ///
    /// Its bits from ``duplicateUnit`` up count the keys of objects built whole (an untyped value's
    /// dictionary, a key path's step) given more than once, named in ``duplicateKeys``: reported
    /// the same way, and found by the same one comparison after each read.
    private let repairs = Atomic<Int>(0)
    /// A key each duplicate counted in ``repairs`` repeats, in the order they were met.
    private let duplicateKeys = Mutex<[String]>([])
    /// What a duplicate key adds to ``repairs``: a document of at most 4 GiB − 1 bytes makes
    /// fewer repairs than this.
    static let duplicateUnit = 1 << 32

    init(input: Input, tape: Tape) {
        self.input = input
        self.nodes = tape.nodes
        self.decodedStrings = tape.decodedStrings
        self.markedValues = tape.markedValues
    }

    deinit { input.deallocate() }

    /// The input's bytes: plain strings and number literals are ranges of them.
    var bytes: UnsafeBufferPointer<UInt8> {
        @inline(__always) get { input.buffer }
    }

    /// Ends the borrow of ``JSONReader/withDocument(reading:_:)`` for a document that outlives it:
    /// its bytes are copied, so that it never reads the caller's `Data` after the call.
    func endBorrow() { input.endBorrow() }

    /// The nodes of a document being read.
    struct Tape {
        private(set) var nodes: NodeBuffer
        private(set) var decodedStrings: [String] = []
        private(set) var markedValues: [JSONScalar] = []

        init(capacity: Int) {
            nodes = NodeBuffer(capacity: capacity)
        }

        @discardableResult
        mutating func append(_ kind: Kind) -> Int {
            nodes.append(Node(kind: kind, first: 0, second: 0))
        }

        mutating func append(_ integer: JSONScalar) {
            switch integer {
            case .integer(let value): nodes.append(Node(kind: .integer, first: Int(value), second: 0))
            case .unsignedInteger(let value):
                nodes.append(Node(kind: .unsignedInteger, first: Int(bitPattern: UInt(value)), second: 0))
            default: appendDouble(.nan)
            }
        }

        /// Appends an integer that `Int64` holds: the common case of `append(_: JSONScalar)`, inlined.
        @inline(__always)
        mutating func appendInteger(_ value: Int64) {
            nodes.append(Node(kind: .integer, first: Int(value), second: 0))
        }

        /// Appends a number with a fraction or exponent: `spellsDouble` when its literal is known to
        /// be a text `value` is written back as (a `.double`), else a `.textDouble`.
        mutating func appendDouble(_ value: Double, literalStart: Int = 0, spellsDouble: Bool = false) {
            nodes.append(
                Node(
                    kind: spellsDouble ? .double : .textDouble, first: Int(bitPattern: UInt(value.bitPattern)),
                    second: literalStart))
        }

        mutating func appendString(start: Int, count: Int) {
            nodes.append(Node(kind: .string, first: start, second: count))
        }

        mutating func appendIntegerLiteral(start: Int, count: Int) {
            nodes.append(Node(kind: .integerLiteral, first: start, second: count))
        }

        /// Appends a string the reader decoded; `repaired` when U+FFFD stands in it for a lone
        /// surrogate escape or invalid UTF-8 (`second` is then 1).
        mutating func appendDecodedString(_ string: String, repaired: Bool = false) {
            decodedStrings.append(string)
            nodes.append(Node(kind: .decodedString, first: decodedStrings.count - 1, second: repaired ? 1 : 0))
        }

        /// Reads the strings of a Jastor archive of format version 2 or later by ``ArchiveSpelling``:
        /// escaped strings and keys lose their extra `$`, markers become the values they spell.
        ///
        /// One pass over the nodes, looking only at strings that start with `$`; the archive's
        /// version is the top object's `"version"` member.
        mutating func readArchiveMarkers(in bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveSpelling.UnknownMarker) {
            let version = archiveVersion(in: bytes)
            guard version >= Int64(ArchiveSpelling.firstEscapingVersion) else { return }
            let keyMarkers = ArchiveSpelling.keyMarkers(inVersion: version)
            // Which nodes are object keys, worked out at the first marker that is not a string: a
            // key can only be a string (the property list reader refuses such a key too).
            var keys: [Bool]?
            for index in nodes.indices {
                let node = nodes[index]
                let text: String
                switch node.kind {
                case .string:
                    guard node.second > 0, bytes[node.first] == UInt8(ascii: "$") else { continue }
                    if node.second > 1, bytes[node.first + 1] == UInt8(ascii: "$") {
                        nodes[index] = Node(kind: .string, first: node.first + 1, second: node.second - 1)
                        continue
                    }
                    text = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[node.first..<node.first + node.second]),
                        as: UTF8.self)
                case .decodedString:
                    guard decodedStrings[node.first].utf8.first == UInt8(ascii: "$") else { continue }
                    text = decodedStrings[node.first]
                default:
                    continue
                }
                let value = try ArchiveSpelling.value(ofArchived: text, keyMarkers: keyMarkers)
                if case .string = value {
                    // `$class` unescaped (and `$ref`) is a marker: an object's key, never a value.
                    if keyMarkers.contains(text) {
                        let isKey = keys ?? keyNodes()
                        keys = isKey
                        if !isKey[index] { throw ArchiveSpelling.UnknownMarker(text: text, isKeyMarkerValue: true) }
                    }
                } else {
                    let isKey = keys ?? keyNodes()
                    keys = isKey
                    if isKey[index] { throw ArchiveSpelling.UnknownMarker(text: text, isKey: true) }
                }
                switch value {
                case .string(let unescaped):
                    if unescaped == text { continue }
                    decodedStrings.append(unescaped)
                    // A repair the reader made stays one: `second` says so (``appendDecodedString``).
                    let repaired = node.kind == .decodedString ? node.second : 0
                    nodes[index] = Node(kind: .decodedString, first: decodedStrings.count - 1, second: repaired)
                case .null:
                    nodes[index] = Node(kind: .null, first: 0, second: 0)
                case .double(let value):
                    markedValues.append(.double(value))
                    nodes[index] = Node(kind: .marked, first: markedValues.count - 1, second: 0)
                case .decimal(let value):
                    markedValues.append(.decimal(value))
                    nodes[index] = Node(kind: .marked, first: markedValues.count - 1, second: 0)
                case .date(let value):
                    markedValues.append(.date(value))
                    nodes[index] = Node(kind: .marked, first: markedValues.count - 1, second: 0)
                case .data(let value):
                    markedValues.append(.data(value))
                    nodes[index] = Node(kind: .marked, first: markedValues.count - 1, second: 0)
                default:
                    throw ArchiveSpelling.UnknownMarker(text: text)
                }
            }
        }

        /// Whether each node is an object's key: every object's members, key then value, each
        /// visited once.
        private func keyNodes() -> [Bool] {
            var isKey = [Bool](repeating: false, count: nodes.count)
            for index in nodes.indices where nodes[index].kind == .object {
                var keyIndex = index + 1
                for _ in 0..<nodes[index].first {
                    isKey[keyIndex] = true
                    let value = nodes[keyIndex + 1]
                    keyIndex = value.kind == .array || value.kind == .object ? value.second : keyIndex + 2
                }
            }
            return isKey
        }

        /// The integer under the top object's `"version"` key, or 0.
        private func archiveVersion(in bytes: UnsafeBufferPointer<UInt8>) -> Int64 {
            guard let top = nodes.first, top.kind == .object else { return 0 }
            var keyIndex = 1
            for _ in 0..<top.first {
                let key = nodes[keyIndex]
                let valueIndex = keyIndex + 1
                if key.kind == .string, key.second == 7,
                    bytes[key.first..<key.first + 7].elementsEqual("version".utf8), nodes[valueIndex].kind == .integer
                {
                    return Int64(nodes[valueIndex].first)
                }
                let value = nodes[valueIndex]
                keyIndex = value.kind == .array || value.kind == .object ? value.second : valueIndex + 1
            }
            return 0
        }

        /// Ends the container at `index`, which has `count` members or elements: its next sibling
        /// starts at the next node.
        mutating func close(_ index: Int, count: Int) {
            nodes[index].first = count
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

    /// The string at a string node; text a `String` cannot hold is replaced with U+FFFD and
    /// counted in ``repairCount``.
    func string(at index: Int) -> String {
        let node = nodes[index]
        if node.kind == .decodedString {
            if node.second != 0 { repairs.add(1, ordering: .relaxed) }
            return decodedStrings[node.first]
        }
        let text = UnsafeBufferPointer(rebasing: bytes[node.first..<node.first + node.second])
        // Only a failure decodes again, with repairs.
        if let valid = Self.validString(text) { return valid }
        repairs.add(1, ordering: .relaxed)
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether the string node at `index` reads with U+FFFD in place of text a `String` cannot hold,
    /// as ``string(at:)`` would read it; counts nothing.
    func isRepairedString(at index: Int) -> Bool {
        let node = nodes[index]
        switch node.kind {
        case .decodedString: return node.second != 0
        case .string: return withStringBytes(at: index) { Self.validString($0) } == nil
        default: return false
        }
    }

    /// `text` as a `String`, or `nil` when it is not valid UTF-8.
    ///
    /// Through `UTF8Span` where the standard library has it: validated once by
    /// ``utf8Validation(of:)`` (the standard library's definition of valid, in fewer instructions
    /// for ASCII and CJK text), and copied without a second check, with the ASCII flag the
    /// standard library's validation would have given it. `String(validating:as:)`, the
    /// fallback (and the path `preferringSpan: false` takes, for the test that compares both),
    /// is generic and not inlined: it looks up the buffer type's metadata on every call, which
    /// doubled the cost of each string.
    static func validString(_ text: UnsafeBufferPointer<UInt8>, preferringSpan: Bool = true) -> String? {
        if preferringSpan, #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            let (isValid, isASCII) = utf8Validation(of: text)
            guard isValid else { return nil }
            // Validated just above, with the same definition as `UTF8Span(validating:)`'s.
            return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
        }
        return String(validating: text, as: UTF8.self)
    }

    /// How many strings handed out so far were repaired and not yet reported.
    var repairCount: Int { repairs.load(ordering: .relaxed) }

    /// Counts a repair made outside ``string(at:)``: a key read as its repair without becoming a
    /// `String` here (see ``KeyTable``).
    func countRepair() {
        repairs.add(1, ordering: .relaxed)
    }

    /// Counts an object's key given more than once, whose last value is kept (as a repair is:
    /// ``DocumentValue`` reports it at the value whose reading met it).
    func countDuplicate(of key: String) {
        duplicateKeys.withLock { $0.append(key) }
        repairs.add(Self.duplicateUnit, ordering: .relaxed)
    }

    /// The repaired strings and the duplicate keys counted after `count` (a ``repairCount``).
    func unreported(since count: Int) -> (repairs: Int, duplicateKeys: [String]) {
        let reported = count / Self.duplicateUnit
        let keys = duplicateKeys.withLock { Array($0.dropFirst(reported)) }
        return (repairedStrings(since: count), keys)
    }

    /// How many repaired strings were counted after `count` (a ``repairCount``), duplicate keys
    /// aside.
    func repairedStrings(since count: Int) -> Int {
        repairCount % Self.duplicateUnit - count % Self.duplicateUnit
    }

    /// Forgets the repaired strings counted after `count` (a ``repairCount``), each reported at
    /// its own place; the duplicate keys counted stay to be reported.
    func forgetRepairedStrings(since count: Int) {
        let strings = repairedStrings(since: count)
        if strings > 0 { repairs.subtract(strings, ordering: .relaxed) }
    }

    /// Marks the repairs and duplicate keys after the first `count` as reported.
    func markRepairsReported(keeping count: Int) {
        repairs.store(count, ordering: .relaxed)
        let kept = count / Self.duplicateUnit
        duplicateKeys.withLock { if $0.count > kept { $0.removeSubrange(kept...) } }
    }

    /// The literal of a number node.
    func numberLiteral(at index: Int) -> DocumentNumber {
        let node = nodes[index]
        if node.kind == .integerLiteral {
            let text = string(at: index)
            return DocumentNumber(document: self, start: node.first, double: Double(text) ?? .nan, isIntegerForm: true)
        }
        return DocumentNumber(
            document: self, start: node.second, double: Double(bitPattern: UInt64(UInt(bitPattern: node.first))),
            isIntegerForm: false, spellsDouble: node.kind == .double)
    }

    /// The text of the number literal starting at byte `start`.
    func numberText(at start: Int) -> String {
        let bytes = bytes
        var end = start
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                end += 1
            default:
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// Whether the string at a string node equals `key` as Swift strings compare.
    ///
    /// Compared byte by byte without building a `String`; only when the bytes differ and either
    /// side has a byte outside ASCII are they compared as `String`s, which take the same text in
    /// another Unicode spelling (`e\u{301}` for `é`, the Kelvin sign for `K`) as equal, as a
    /// dictionary's lookup does. Bytes that are not valid UTF-8 are their repair (U+FFFD for each
    /// bad sequence, which the reader reports), as everywhere else a key is read.
    /// `keyIsASCII` says whether `key` has only ASCII bytes (asked once by the caller, which
    /// compares one key with many).
    func string(at index: Int, equals key: String, keyIsASCII: Bool) -> Bool {
        let node = nodes[index]
        if node.kind == .decodedString {
            guard decodedStrings[node.first] == key else { return false }
            if node.second != 0 { countRepair() }
            return true
        }
        return withStringBytes(at: index) { bytes in
            if key.utf8.count == bytes.count, key.utf8.elementsEqual(bytes) { return true }
            guard !keyIsASCII || !KeyTable.isASCII(bytes) else { return false }
            let valid = String(validating: bytes, as: UTF8.self)
            guard (valid ?? String(decoding: bytes, as: UTF8.self)) == key else { return false }
            if valid == nil { countRepair() }
            return true
        }
    }

    /// The value at node `index` (the root by default), built bottom-up by the closures: object
    /// members in document order, duplicate keys included, and numbers, `true`, `false` and `null`
    /// as the text written; for tools that need what `[String: Any]` loses (jastor-gen).
    package func build<Value>(
        at index: Int = 0, literal: (String) -> Value, string: (String) -> Value, array: ([Value]) -> Value,
        object: ([(key: String, value: Value)]) -> Value
    ) -> Value {
        let node = nodes[index]
        switch node.kind {
        case .null, .marked: return literal("null")
        case .true: return literal("true")
        case .false: return literal("false")
        case .integer: return literal(String(Int64(node.first)))
        case .unsignedInteger: return literal(String(UInt64(UInt(bitPattern: node.first))))
        case .double, .textDouble, .integerLiteral: return literal(numberLiteral(at: index).text)
        case .string, .decodedString: return string(self.string(at: index))
        case .array:
            let elements = DocumentValue(document: self, index: index).elements
            return array(
                elements.map { build(at: $0.index, literal: literal, string: string, array: array, object: object) })
        case .object:
            var members: [(key: String, value: Value)] = []
            DocumentValue(document: self, index: index).object.forEachMember { key, value in
                members.append(
                    (key, build(at: value.index, literal: literal, string: string, array: array, object: object)))
            }
            return object(members)
        }
    }

    /// Runs `body` with the UTF-8 bytes of the string at a string node.
    func withStringBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let node = nodes[index]
        if node.kind == .decodedString {
            var string = decodedStrings[node.first]
            return string.withUTF8(body)
        }
        return body(UnsafeBufferPointer(rebasing: bytes[node.first..<node.first + node.second]))
    }
}
