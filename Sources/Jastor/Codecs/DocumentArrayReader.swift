import Foundation

/// How ``ArrayCodec`` reads arrays of the byte reader's values: closures formed once per codec
/// where the array type is known, or handed over as a generic parameter.
///
/// Unspecialised, every array read looked up `Array<Element>`'s metadata twice (for the slot it
/// initialises and for the property's temporary). A reader formed by ``elementwise(_:)`` holds
/// that metadata from the codec's creation; one formed by ``ScalarCodec`` (arrays of a scalar,
/// and arrays of arrays of it, three levels deep) is compiled for the scalar's type outright, and
/// reads a plain number of the tape without forming a ``JSONKind``. Both walk the array as
/// ``ArrayBuilding/reading(elementsOf:into:context:_:)`` does, so the values, the issues and their
/// paths are those of ``ArrayCodec/decode(_:into:context:)``.
struct DocumentArrayReader<Elements: ArrayBuilding>: Sendable {
    /// Reads an array (its kind already checked) into an uninitialised slot.
    let read: @Sendable (DocumentValue, UnsafeMutablePointer<Elements>, inout MappingContext) -> Bool
    /// Reads an array (its kind already checked) into a property's initialised storage, which is
    /// replaced when the read succeeds and left as it was otherwise.
    let update: @Sendable (DocumentValue, UnsafeMutablePointer<Elements>, inout MappingContext) -> Bool
    /// The reader of arrays of these arrays, when one is compiled for them.
    let nested: @Sendable () -> DocumentArrayReader<[Elements]>?

    /// A reader over `read`, whose ``update`` reads into a temporary of the array's type and
    /// moves it in.
    init(
        read: @escaping @Sendable (DocumentValue, UnsafeMutablePointer<Elements>, inout MappingContext) -> Bool,
        nested: DocumentArrayReader<[Elements]>? = nil
    ) {
        self.read = read
        self.update = { source, storage, context in
            withUnsafeTemporaryAllocation(of: Elements.self, capacity: 1) { buffer in
                guard let slot = buffer.baseAddress, read(source, slot, &context) else { return false }
                storage.pointee = slot.move()
                return true
            }
        }
        self.nested = { nested }
    }

    /// The reader of arrays whose elements `element` reads one at a time.
    static func elementwise(_ element: Codec<Elements.Element>) -> Self {
        Self { source, slot, context in
            Elements.reading(elementsOf: source, into: slot, context: &context) { member, elementSlot, context in
                member.read(through: element, into: elementSlot, context: &context)
            }
        }
    }
}

extension DocumentArrayReader where Elements.Element: ArrayBuilding {
    /// Reads an array of arrays: each element must be an array (else a type mismatch expecting
    /// `innerName`, as ``Codec/isKind(_:_:context:)`` records it), read by `readInner`.
    ///
    /// Only ``ScalarCodec`` calls it, from code compiled for the scalar's type: so an inner array is
    /// moved into place (``ElementPlacement/appended``) as a copy of its reference.
    @inline(__always)
    static func readArrays(
        of source: DocumentValue, into slot: UnsafeMutablePointer<Elements>, context: inout MappingContext,
        innerName: () -> String,
        _ readInner: (DocumentValue, UnsafeMutablePointer<Elements.Element>, inout MappingContext) -> Bool
    ) -> Bool {
        Elements.reading(elementsOf: source, into: slot, placement: .appended, context: &context) {
            member, elementSlot, context in
            guard member.isArray else {
                // As `member.read(through:)` around `isKind`: a string this mismatch repaired to
                // show it is not kept, so it is not reported as kept (here or at the property).
                let repairs = member.document.repairCount
                context.record(.typeMismatch, expected: innerName(), found: member.kind.summary)
                if member.document.repairCount != repairs {
                    member.reportRepairs(keeping: repairs, kept: false, context: &context)
                }
                return false
            }
            return readInner(member, elementSlot, &context)
        }
    }
}
