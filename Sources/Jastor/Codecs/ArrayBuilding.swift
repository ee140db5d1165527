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
}

extension Array: ArrayBuilding {
    @inline(__always)
    static func building(
        capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>, inout Int) -> Void
    ) -> [Element] {
        [Element](unsafeUninitializedCapacity: capacity) { buffer, count in body(buffer, &count) }
    }
}

extension ArrayBuilding {
    /// Reads the elements of `source`, an array, into a new array in `slot`, each through
    /// `readElement`; an element that does not fit is left out.
    ///
    /// The one walk of every array read: ``ArrayCodec``'s for every source, and the ones
    /// ``DocumentArrayReader`` and ``ScalarCodec`` compile for the byte reader's values.
    @inline(__always)
    static func reading<Source: JSONSource>(
        elementsOf source: Source, into slot: UnsafeMutablePointer<Self>, context: inout MappingContext,
        _ readElement: (Source, UnsafeMutablePointer<Element>, inout MappingContext) -> Bool
    ) -> Bool {
        let elements = source.elements
        guard !context.isTooDeep() else { return false }
        guard !elements.isEmpty else {
            // Not through `unsafeUninitializedCapacity`: for no elements it writes the count of the
            // empty-array singleton every thread shares (a data race ThreadSanitizer reports).
            slot.initialize(to: Self())
            return true
        }
        // Elements are read straight into the new array's storage: no per-element temporary.
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
}
