import Foundation

/// A JSON value the mapping engine can read, independent of how it is stored.
///
/// The engine is generic over this protocol so that each source (Foundation's `[String: Any]`,
/// the library's own value tree, the byte-level reader's tape) is consumed directly, with no
/// conversion pass in between.
protocol JSONSource {
    associatedtype Object: JSONObjectSource where Object.Member == Self
    associatedtype Elements: Collection where Elements.Element == Self

    /// What the value is.
    var kind: JSONKind { get }

    /// The members, when ``kind`` is `.object` (an empty object otherwise).
    var object: Object { get }

    /// The elements, when ``kind`` is `.array` (no elements otherwise).
    var elements: Elements { get }

    /// The value as Foundation JSON (`[String: Any]`, `[Any]`, `String`, `NSNull`, numbers), for
    /// properties that pass JSON through untyped.
    var foundationValue: Any { get }

    /// Calls `body` with each element, in order, when the value is an array.
    ///
    /// Generic code iterates through this rather than `elements`' iterator, whose `Element?`
    /// results make unspecialised code look up `Optional`'s metadata.
    func forEachElement(_ body: (Self) -> Void)

    /// The identity of a container that may be met again inside itself (a Foundation array or
    /// dictionary the caller built), `nil` for the others.
    var containerIdentity: ObjectIdentifier? { get }

    /// The parts of a value JSON has no kind for (``JSONKind/unsupported(typeName:)``) that holds
    /// other values: a set's elements, a dictionary's keys and values when its keys are not all
    /// strings (``FoundationContainer/otherParts(of:)``); `nil` for the others.
    var otherParts: [Self]? { get }

    /// The keys of a Foundation dictionary that Swift's `String` calls equal to another of its keys
    /// (`"é"` composed and decomposed, which `NSString` tells apart), each once: ``object`` holds
    /// one value of each; empty for every other value. Asked only when it is not empty by the
    /// cheap test, ``hasKeysEqualAsStrings``.
    var keysEqualAsStrings: [String] { get }

    /// Whether ``keysEqualAsStrings`` is not empty: the dictionary has more keys than ``object``.
    var hasKeysEqualAsStrings: Bool { get }

    /// Reads this value through `codec` into `slot` (``Codec/decode(_:into:context:)``).
    ///
    /// Generic code reads nested values through this rather than calling the codec: a source
    /// may choose the codec's entry compiled for it (``DocumentValue`` takes
    /// ``Codec/decodeDocument(_:into:context:)``), the others take the generic one.
    func read<Value>(
        through codec: Codec<Value>, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool

    /// Reads this value through `accessor` into `model` (``PropertyAccessor/decode(_:into:by:context:)``),
    /// choosing the accessor's entry as ``read(through:into:context:)`` chooses the codec's.
    func read(
        through accessor: PropertyAccessor, into model: JastorObject, by assignment: Assignment,
        context: inout MappingContext
    ) -> Bool
}

extension JSONSource {
    /// Whether ``kind`` is `null`.
    ///
    /// The byte reader's values tell it from their node (``DocumentValue/isNull``), without
    /// forming the kind (a string's kind builds the `String`). Not a requirement: code
    /// specialised for a source folds the cast away.
    @inline(__always)
    var isNull: Bool {
        if let value = self as? DocumentValue { return value.isNull }
        if case .scalar(.null) = kind { return true }
        return false
    }

    var containerIdentity: ObjectIdentifier? { nil }

    var otherParts: [Self]? { nil }

    var keysEqualAsStrings: [String] { [] }

    var hasKeysEqualAsStrings: Bool { false }

    /// The issue a Foundation dictionary whose keys ``keysEqualAsStrings`` names gets wherever it
    /// is read or written (a model, a typed or an untyped dictionary): one value of each such key
    /// is kept; `nil` for every other value (a byte reader's value: `false` above, at no cost).
    var keysEqualAsStringsIssue: (expected: String, found: String)? {
        guard hasKeysEqualAsStrings else { return nil }
        let keys = keysEqualAsStrings
        guard !keys.isEmpty else { return nil }
        return (
            expected: "keys that differ as Swift Strings (one value of each such key is kept)",
            found: "an NSDictionary whose keys " + keys.map { $0.debugDescription }.joined(separator: ", ")
                + " are each several keys NSString tells apart (canonically equivalent spellings)"
        )
    }

    func read<Value>(
        through codec: Codec<Value>, into slot: UnsafeMutablePointer<Value>, context: inout MappingContext
    ) -> Bool {
        codec.decode(self, into: slot, context: &context)
    }

    func read(
        through accessor: PropertyAccessor, into model: JastorObject, by assignment: Assignment,
        context: inout MappingContext
    ) -> Bool {
        accessor.decode(self, into: model, by: assignment, context: &context)
    }
}

extension JSONSource {
    /// The member or element one step of a property's key path reads: a key step an object's
    /// member, an index step an array's element; `nil` when it is missing or this value is not
    /// the container the step names.
    ///
    /// Output writes a key step as an object and an index step as an array, so a step reads only
    /// what its value is written as: `years.2024` (an index) over `{"years": {"2024": 5}}` is a
    /// mistyped step (``KeyPathLookup``), and `years["2024"]` names that key.
    @inline(__always)
    func member(at component: JastorPath.Component) -> Self? {
        switch (component, kind) {
        case (.key(let key), .object):
            return object[key]
        case (.index(let index), .array):
            let elements = elements
            guard index >= 0, index < elements.count else { return nil }
            return elements[elements.index(elements.startIndex, offsetBy: index)]
        default:
            return nil
        }
    }

    /// The member or element one step of ``JastorPath/value(in:)`` names, or `nil` when it is
    /// missing or this value is not a container.
    ///
    /// An index step also finds an object member whose key is those digits, and a key step of
    /// digits an array element, so `reports.0.text` works whichever the data holds: the lookup
    /// only reads, so nothing is written back in the other shape.
    func child(at component: JastorPath.Component) -> Self? {
        switch kind {
        case .object:
            return object[component.objectKey]
        case .array:
            let elements = elements
            guard let index = component.arrayIndex, index >= 0, index < elements.count else { return nil }
            return elements[elements.index(elements.startIndex, offsetBy: index)]
        case .scalar, .unsupported:
            return nil
        }
    }
}
