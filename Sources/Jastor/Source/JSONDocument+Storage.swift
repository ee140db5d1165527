extension JSONDocument {
    /// The nodes of a document: a buffer the reader appends to through a pointer, with no
    /// uniqueness or capacity check of an `Array` per node, read afterwards by bounds-checked index.
    ///
    /// Unsafe code, fenced here: `base` points at `capacity` nodes allocated for the buffer, of
    /// which the first `count` are initialised. ``append(_:)`` grows the allocation before writing
    /// when `count == capacity`, so every write is below `capacity`; every read and write by
    /// index checks `index < count` first. The allocation is freed by its ``Allocation`` when the
    /// last copy of the buffer (the reader's tape, then the document) goes; a grow frees the old
    /// one after moving the nodes, and tells the allocation the new one. Once the reader hands the
    /// buffer to the document, nothing writes to it again. Copies share the allocation, so a grow
    /// or a write by index (the rare paths) first checks that this copy is the only one: a copy
    /// that outlived a grow would point at freed memory.
    struct NodeBuffer: @unchecked Sendable {
        // `@unchecked Sendable`: the document's buffer is immutable (only the reader, before
        // handing it over, writes), so threads share nothing mutable through the pointer.

        /// Frees the buffer's current allocation when the last copy of the buffer goes.
        private final class Allocation {
            var base: UnsafeMutablePointer<Node>

            init(base: UnsafeMutablePointer<Node>) { self.base = base }

            // `Node` is a trivial type: no node needs deinitialising before the memory is freed.
            deinit { base.deallocate() }
        }

        private var base: UnsafeMutablePointer<Node>
        private(set) var count = 0
        private var capacity: Int
        private var allocation: Allocation

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            self.base = UnsafeMutablePointer<Node>.allocate(capacity: self.capacity)
            self.allocation = Allocation(base: base)
        }

        var indices: Range<Int> { 0..<count }

        var first: Node? { count > 0 ? base[0] : nil }

        /// Appends `node` and returns its index.
        @inline(__always)
        @discardableResult
        mutating func append(_ node: Node) -> Int {
            if count == capacity { grow() }
            // `count < capacity` here: the write is inside the allocation.
            (base + count).initialize(to: node)
            count += 1
            return count - 1
        }

        /// Doubles the capacity: the nodes move to a new allocation, and the old one is freed.
        @inline(never)
        private mutating func grow() {
            precondition(isKnownUniquelyReferenced(&allocation), "a node buffer grows only while it has one copy")
            let newCapacity = capacity * 2
            let newBase = UnsafeMutablePointer<Node>.allocate(capacity: newCapacity)
            // The first `count` nodes are initialised, and `count <= capacity < newCapacity`.
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
            allocation.base = newBase
        }

        subscript(index: Int) -> Node {
            @inline(__always) get {
                // One unsigned comparison: a negative index is above every count.
                precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
                return base[index]
            }
            set {
                precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
                precondition(
                    isKnownUniquelyReferenced(&allocation), "a node buffer is written only while it has one copy")
                base[index] = newValue
            }
        }
    }
}

extension JSONDocument {
    /// The input a document's plain strings and number literals are byte ranges of: borrowed from
    /// the caller's `Data` for the one call that reads and maps it, or a copy the document owns.
    ///
    /// Unsafe code, fenced here: `state` points at one allocated ``State``, freed by
    /// ``deallocate()`` from the document's `deinit`, the only owner. A borrowed `buffer` is the
    /// `Data.withUnsafeBytes` region of ``JSONReader/withDocument(reading:_:)``, valid while that
    /// call runs; before it returns, the call either finds the document uniquely referenced (it is
    /// released at once, and nothing reads the bytes again) or calls ``endBorrow()``, which copies
    /// the bytes into an allocation owned here and points `buffer` at it. So every read of
    /// ``buffer`` is of live memory. An owned copy (``copying(_:)``, and ``endBorrow()``'s) is
    /// freed with the state.
    struct Input: @unchecked Sendable {
        // `@unchecked Sendable`: `state` is written once after the read, by ``endBorrow()``, on
        // the thread that borrowed the bytes, while a view of the document outlives the call;
        // such a view (`JastorJSONObject`) is not `Sendable`, so no other thread holds it.

        private struct State {
            var buffer: UnsafeBufferPointer<UInt8>
            var isOwned: Bool
        }

        private let state: UnsafeMutablePointer<State>

        private init(buffer: UnsafeBufferPointer<UInt8>, isOwned: Bool) {
            state = UnsafeMutablePointer<State>.allocate(capacity: 1)
            state.initialize(to: State(buffer: buffer, isOwned: isOwned))
        }

        /// Bytes the caller keeps alive until ``endBorrow()`` or the document's release.
        static func borrowing(_ buffer: UnsafeBufferPointer<UInt8>) -> Input {
            Input(buffer: buffer, isOwned: false)
        }

        /// A copy of `bytes`, owned.
        static func copying(_ bytes: UnsafeBufferPointer<UInt8>) -> Input {
            Input(buffer: ownedCopy(of: bytes), isOwned: true)
        }

        /// The input's bytes.
        var buffer: UnsafeBufferPointer<UInt8> {
            @inline(__always) get { state.pointee.buffer }
        }

        /// Ends a borrow while the document is still referenced: the bytes are copied into an
        /// allocation owned here.
        func endBorrow() {
            guard !state.pointee.isOwned else { return }
            state.pointee.buffer = Self.ownedCopy(of: state.pointee.buffer)
            state.pointee.isOwned = true
        }

        /// Frees the state and an owned copy: called once, by the document's `deinit`.
        func deallocate() {
            if state.pointee.isOwned { UnsafeMutableBufferPointer(mutating: state.pointee.buffer).deallocate() }
            state.deinitialize(count: 1)
            state.deallocate()
        }

        private static func ownedCopy(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            // `copy` has room for exactly `bytes.count` bytes.
            _ = copy.initialize(from: bytes)
            return UnsafeBufferPointer(copy)
        }
    }
}
