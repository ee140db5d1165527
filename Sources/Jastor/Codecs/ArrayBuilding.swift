import Foundation

/// `Array` seen through a protocol, so that code generic over an array type (rather than over
/// its element type) builds and stores arrays with the metadata it was handed.
///
/// Unspecialised code that names `[Element]` looks up `Array<Element>`'s metadata in the
/// runtime's cache on every use (initialising a slot, a temporary of the array's type); code
/// generic over `Elements: ArrayBuilding` receives that metadata once, where the closure that
/// runs it is formed (``DocumentArrayReader``), as ``UnwrappableOptional`` does for optionals.
protocol ArrayBuilding: SendableMetatype {
    associatedtype Element
    /// An empty array.
    init()
    /// An array of at most `capacity` elements that `body` initialises at the start of the
    /// buffer, setting the count to how many it initialised.
    static func building(
        capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>, inout Int) -> Void
    ) -> Self
    /// Makes room for `minimumCapacity` elements.
    mutating func reserveCapacity(_ minimumCapacity: Int)
    /// Adds `element` at the end.
    mutating func append(_ element: Element)
}

extension Array: ArrayBuilding {
    @inline(__always)
    static func building(
        capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>, inout Int) -> Void
    ) -> [Element] {
        [Element](unsafeUninitializedCapacity: capacity) { buffer, count in body(buffer, &count) }
    }
}

/// Where ``ArrayBuilding/reading(elementsOf:into:placement:context:_:)`` puts each element it
/// reads: a policy each caller decides once, by whether its code is compiled for the element type.
enum ElementPlacement {
    /// Straight into a new array's storage (`Array(unsafeUninitializedCapacity:)`): no move per
    /// element, which matters where code is not compiled for the element type and every move
    /// goes through the type's value witnesses (a copy, a retain and a release for a model). But
    /// the standard library allocates that storage through its non-inlinable, unspecialised
    /// `_allocateBufferUninitialized`, which looks up `_ContiguousArrayStorage<Element>`'s
    /// metadata in the runtime's cache for every new array (about 140 instructions).
    case inPlace
    /// Into one temporary slot, then moved to the end of storage reserved for all of them
    /// (`reserveCapacity`, compiled with the caller, has the storage's metadata at hand): for
    /// code compiled for the element type, where a move is a copy of its bits. On canada.json,
    /// whose 600 225 arrays hold two or three numbers each, the lookups were 12.7% of the work.
    case appended
}

extension ArrayBuilding {
    /// Reads the elements of `source`, an array, into a new array in `slot`, each through
    /// `readElement`; an element that does not fit is left out.
    ///
    /// The one walk of every array read: ``ArrayCodec``'s for every source, and the ones
    /// ``DocumentArrayReader`` and ``ScalarCodec`` compile for the byte reader's values.
    @inline(__always)
    static func reading<Source: JSONSource>(
        elementsOf source: Source, into slot: UnsafeMutablePointer<Self>, placement: ElementPlacement = .inPlace,
        context: inout MappingContext,
        _ readElement: (Source, UnsafeMutablePointer<Element>, inout MappingContext) -> Bool
    ) -> Bool {
        let elements = source.elements
        guard !context.isTooDeep() else { return false }
        guard !elements.isEmpty else {
            // The empty-array singleton every thread shares: no storage, no temporary slot.
            slot.initialize(to: Self())
            return true
        }
        // The appended placement in a function of its own, and the in-place one here as it always
        // was: a debug build, which inlines neither, keeps the frames of an array level (deep input
        // at the nesting limit fits a small thread's stack, `NestingLimitTests`, in the safe
        // reflection build too) as small as before.
        if case .appended = placement {
            slot.initialize(to: readAppended(elementsOf: source, count: elements.count, context: &context, readElement))
            return true
        }
        let result = building(capacity: elements.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            var index = 0
            source.forEachElement { member in
                guard count < buffer.count else { return }
                if context.descend(into: .index(index), { readElement(member, base + count, &$0) }) {
                    count += 1
                }
                index += 1
            }
        }
        slot.initialize(to: result)
        return true
    }

    /// The elements of `source`, each read into a temporary and appended
    /// (``ElementPlacement/appended``).
    @inline(__always)
    private static func readAppended<Source: JSONSource>(
        elementsOf source: Source, count elementCount: Int, context: inout MappingContext,
        _ readElement: (Source, UnsafeMutablePointer<Element>, inout MappingContext) -> Bool
    ) -> Self {
        var result = Self()
        result.reserveCapacity(elementCount)
        withUnsafeTemporaryAllocation(of: Element.self, capacity: 1) { temporary in
            guard let element = temporary.baseAddress else { return }
            var index = 0
            source.forEachElement { member in
                if context.descend(into: .index(index), { readElement(member, element, &$0) }) {
                    result.append(element.move())
                }
                index += 1
            }
        }
        return result
    }
}
