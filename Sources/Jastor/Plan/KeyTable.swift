import Foundation

/// Finds a class's properties by the UTF-8 bytes of their JSON keys, without building a `String`.
///
/// The byte reader's objects are matched against a plan in one pass over their members: each
/// member's key is hashed where it lies in the input and looked up here, instead of every
/// property scanning every key.
struct KeyTable: Sendable {
    /// One bucket of the open-addressing table: a key as a lookup compares it, by its length and
    /// the two words that hold all its bytes up to sixteen (``words(_:)``).
    private struct Bucket: Sendable {
        /// The property position plus one; 0 when the bucket is empty.
        var entry = 0
        var count = 0
        var head: UInt64 = 0
        var tail: UInt64 = 0
    }

    /// Every key's bytes, one after another, by property position (one array, so that a lookup
    /// retains nothing per key); compared only for keys longer than sixteen bytes.
    private let keyBytes: [UInt8]
    /// Where each key starts in ``keyBytes``, and after the last one its end (`count + 1` entries).
    private let keyStarts: [Int]
    /// The buckets, a power of two of them, at most half full: a key whose length and words
    /// differ from a bucket's is passed over without comparing its bytes.
    private let buckets: [Bucket]
    private let mask: Int
    /// The property positions by key as a `String`, whose hashing and equality take a key spelled
    /// another way for the same key (see ``equivalentPosition(of:countingRepairIn:)``).
    private let equivalents: [String: Int]
    /// Whether a key has a byte outside ASCII: then an ASCII key may be one of them in another
    /// spelling (the Kelvin sign is `K`, the Greek question mark `;`).
    private let hasKeyOutsideASCII: Bool

    /// Builds the table for `keys`, which must be distinct.
    init(keys: [String]) {
        let utf8 = keys.map { Array($0.utf8) }
        var keyStarts = [0]
        for key in utf8 { keyStarts.append(keyStarts[keyStarts.count - 1] + key.count) }
        self.keyBytes = utf8.flatMap { $0 }
        self.keyStarts = keyStarts
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var buckets = [Bucket](repeating: Bucket(), count: size)
        for (position, key) in utf8.enumerated() {
            let (head, tail) = key.withUnsafeBufferPointer(Self.words)
            var bucket = Self.hash(head, tail, count: key.count) & (size - 1)
            while buckets[bucket].entry != 0, utf8[buckets[bucket].entry - 1] != key {
                bucket = (bucket + 1) & (size - 1)
            }
            if buckets[bucket].entry == 0 {
                buckets[bucket] = Bucket(entry: position + 1, count: key.count, head: head, tail: tail)
            }
        }
        self.buckets = buckets
        self.mask = size - 1
        self.equivalents = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.hasKeyOutsideASCII = keyBytes.contains { $0 >= 0x80 }
    }

    /// How many keys the table holds.
    var count: Int { keyStarts.count - 1 }

    /// The position of the property whose key is `bytes`, or -1 when no property has it.
    @inline(__always)
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let position = exactPosition(of: bytes)
        return position >= 0 ? position : equivalentPosition(of: bytes, countingRepairIn: nil)
    }

    /// The position of the property whose key is `bytes`, or -1, as ``position(of:)``; sets
    /// `respelled` when `bytes` are that key in another Unicode spelling.
    @inline(__always)
    func position(of bytes: UnsafeBufferPointer<UInt8>, respelled: inout Bool) -> Int {
        let position = exactPosition(of: bytes)
        guard position < 0 else { return position }
        let spelled = equivalentPosition(of: bytes, countingRepairIn: nil)
        if spelled >= 0 { respelled = true }
        return spelled
    }

    /// The position of the property whose key has exactly the bytes `bytes`, or -1.
    ///
    /// Keys of at most sixteen bytes are told apart by their length and words alone, which hold
    /// every byte; a longer key whose length and words match a bucket's is compared in full.
    @inline(__always)
    private func exactPosition(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (head, tail) = Self.words(bytes)
        let count = bytes.count
        var bucket = Self.hash(head, tail, count: count) & mask
        while true {
            let candidate = buckets[bucket]
            guard candidate.entry != 0 else { return -1 }
            if candidate.head == head, candidate.tail == tail, candidate.count == count,
                count <= 16 || equalsKey(at: candidate.entry - 1, bytes)
            {
                return candidate.entry - 1
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Whether the key at `position` is `bytes`, which have its length.
    @inline(never)
    private func equalsKey(at position: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        keyBytes.withUnsafeBufferPointer { keys in
            guard let keyBase = keys.baseAddress, let base = bytes.baseAddress else { return bytes.isEmpty }
            // `keyStarts[position]` plus the key's length (that of `bytes`) is inside `keyBytes`.
            return memcmp(keyBase + keyStarts[position], base, bytes.count) == 0
        }
    }

    /// Looks up the key of each of the `count` members of the object whose node is `container` in
    /// `document`, and sets `found[position]` to the node of the value of the last member whose key
    /// is the property's at `position` (a later duplicate wins, as in the dictionary path).
    ///
    /// One loop over the members that reads the input's bytes in place: a key stored as a byte
    /// range is hashed where it lies, a key the reader decoded (it had escapes) is taken from its
    /// `String`; a value that is a container is skipped by its node's next-sibling index.
    ///
    /// - Returns: Whether a key matched twice (a slot already set is seen where it is written), and
    ///   whether one matched in another Unicode spelling (or as the repair of invalid text: the
    ///   caller's look at the keys tells the two apart).
    func match(
        membersOf container: Int, count: Int, in document: JSONDocument, into found: UnsafeMutableBufferPointer<Int>
    ) -> MappedMemberNotes {
        let nodes = document.nodes
        // The document holds its input for as long as it lives, the whole call.
        let input = document.bytes
        var keyIndex = container + 1
        var repeated = false
        var respelled = false
        for _ in 0..<count {
            let key = nodes[keyIndex]
            var position: Int
            if key.kind == .decodedString {
                position = document.withStringBytes(at: keyIndex) { self.position(of: $0, respelled: &respelled) }
                // A key that held a lone surrogate escape is read as its repair: reported.
                if position >= 0, key.second != 0 { document.countRepair() }
            } else {
                // In bounds by construction: the reader made a key node's range from the input's.
                let bytes = UnsafeBufferPointer(rebasing: input[key.first..<key.first + key.second])
                position = exactPosition(of: bytes)
                if position < 0 {
                    position = equivalentPosition(of: bytes, countingRepairIn: document)
                    if position >= 0 { respelled = true }
                }
            }
            let valueIndex = keyIndex + 1
            if position >= 0 {
                if found[position] >= 0 { repeated = true }
                found[position] = valueIndex
            }
            let value = nodes[valueIndex]
            keyIndex = value.kind == .object || value.kind == .array ? value.second : valueIndex + 1
        }
        var notes: MappedMemberNotes = []
        if repeated { notes.insert(.repeatedKey) }
        if respelled { notes.insert(.respelledKey) }
        return notes
    }

    /// The position of the property whose key equals `bytes` as Swift strings compare; -1 when
    /// none does.
    ///
    /// It is the same text in another Unicode spelling (`e\u{301}` for `é`, the Kelvin sign for
    /// `K`), which a dictionary's lookup finds too. Only a key no property has exactly comes here,
    /// and it can be one only when it or a property's key has a byte outside ASCII (the table's
    /// flag, then ``isASCII(_:)``, are asked first). A key that is not valid UTF-8 is its repair
    /// (U+FFFD for each bad sequence), as everywhere else a key is read: matched here, it is not
    /// also kept as an unmapped key, and the repair is counted in `document` to be reported.
    @inline(__always)
    private func equivalentPosition(of bytes: UnsafeBufferPointer<UInt8>, countingRepairIn document: JSONDocument?)
        -> Int
    {
        guard hasKeyOutsideASCII || !Self.isASCII(bytes) else { return -1 }
        return spelledPosition(of: bytes, countingRepairIn: document)
    }

    /// ``equivalentPosition(of:countingRepairIn:)`` once the key may be one: the lookup by
    /// `String`.
    @inline(never)
    private func spelledPosition(of bytes: UnsafeBufferPointer<UInt8>, countingRepairIn document: JSONDocument?)
        -> Int
    {
        let valid = String(validating: bytes, as: UTF8.self)
        guard let position = equivalents[valid ?? String(decoding: bytes, as: UTF8.self)] else { return -1 }
        if valid == nil { document?.countRepair() }
        return position
    }

    /// Whether every byte of `bytes` is ASCII, eight at a time (the last eight, or the first and
    /// last four, overlapping the ones before: a byte read twice changes nothing).
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let count = bytes.count
        var bits: UInt64 = 0
        if count >= 8 {
            var index = 0
            // Each load is eight bytes inside the key: `index + 8` is below `count`, and `count` >= 8.
            while index + 8 < count {
                bits |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            bits |= base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            // Both loads are four bytes inside a key of four to seven.
            let head = base.loadUnaligned(as: UInt32.self)
            bits = UInt64(head | base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        } else {
            // Each byte read is inside a key of at most three.
            for index in 0..<count { bits |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) }
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// Two words that hold every byte of a key of at most sixteen bytes, and the first and last
    /// eight of a longer one; with the key's length they tell keys of up to sixteen bytes apart.
    ///
    /// Eight bytes and more: the first eight and the last eight (overlapping for fewer than
    /// sixteen). Four to seven: the first four and the last four in one word. One to three: the
    /// first, middle and last bytes. Every load is inside the key.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return (0, 0) }
        let count = bytes.count
        if count >= 8 {
            // Both loads are eight bytes inside the key, which has at least eight.
            return (
                base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            )
        }
        if count >= 4 {
            // Both loads are four bytes inside a key of four to seven.
            let first = UInt64(base.loadUnaligned(as: UInt32.self))
            return (first | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32, 0)
        }
        // Bytes 0, `count / 2` and `count - 1` are inside a key of one to three bytes.
        guard count > 0 else { return (0, 0) }
        let first = UInt64(base.load(as: UInt8.self))
        let middle = UInt64(base.load(fromByteOffset: count / 2, as: UInt8.self))
        return (first | middle << 8 | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self)) << 16, 0)
    }

    /// A hash of a key's length and words (``words(_:)``), a few instructions whatever the
    /// length: keys that differ only in their middle share a bucket chain, which the byte
    /// comparison then tells apart.
    @inline(__always)
    private static func hash(_ head: UInt64, _ tail: UInt64, count: Int) -> Int {
        var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
