import Foundation

/// Finds a class's properties by the UTF-8 bytes of their JSON keys, without building a `String`.
///
/// The byte reader's objects are matched against a plan in one pass over their members: each
/// member's key is hashed where it lies in the input and looked up here, instead of every
/// property scanning every key.
struct KeyTable: Sendable {
    /// Every key's bytes, one after another, by property position (one array, so that a lookup
    /// retains nothing per key).
    private let keyBytes: [UInt8]
    /// Where each key starts in ``keyBytes``, and after the last one its end (`count + 1` entries).
    private let keyStarts: [Int]
    /// Open-addressing buckets holding a property position, or -1 when empty.
    private let buckets: [Int]
    private let mask: Int

    /// Builds the table for `keys`, which must be distinct.
    init(keys: [String]) {
        let utf8 = keys.map { Array($0.utf8) }
        var keyStarts = [0]
        for key in utf8 { keyStarts.append(keyStarts[keyStarts.count - 1] + key.count) }
        self.keyBytes = utf8.flatMap { $0 }
        self.keyStarts = keyStarts
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var buckets = [Int](repeating: -1, count: size)
        for (position, key) in utf8.enumerated() {
            var bucket = key.withUnsafeBufferPointer(Self.hash) & (size - 1)
            while buckets[bucket] >= 0, utf8[buckets[bucket]] != key {
                bucket = (bucket + 1) & (size - 1)
            }
            if buckets[bucket] < 0 { buckets[bucket] = position }
        }
        self.buckets = buckets
        self.mask = size - 1
    }

    /// How many keys the table holds.
    var count: Int { keyStarts.count - 1 }

    /// The position of the property whose key is `bytes`, or -1 when no property has it.
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var bucket = Self.hash(bytes) & mask
        return keyBytes.withUnsafeBufferPointer { keys in
            while true {
                let position = buckets[bucket]
                guard position >= 0 else { return -1 }
                let start = keyStarts[position]
                if keyStarts[position + 1] - start == bytes.count, Self.equal(keys, from: start, bytes) {
                    return position
                }
                bucket = (bucket + 1) & mask
            }
        }
    }

    /// Whether `bytes.count` bytes of `keys` from `start` (a key of that length) are `bytes`.
    private static func equal(
        _ keys: UnsafeBufferPointer<UInt8>, from start: Int, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let keyBase = keys.baseAddress, let base = bytes.baseAddress else { return bytes.isEmpty }
        return memcmp(keyBase + start, base, bytes.count) == 0
    }

    /// A hash of the key's length and of its first and last eight bytes (all of a shorter key's),
    /// a few instructions whatever the length: keys that differ only in their middle share a
    /// bucket chain, which the byte comparison then tells apart.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if let base = bytes.baseAddress, bytes.count >= 8 {
            // Both loads are eight bytes inside the key, which has at least eight.
            head = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + bytes.count - 8).loadUnaligned(as: UInt64.self)
        } else {
            for byte in bytes { head = head << 8 | UInt64(byte) }
        }
        var hash = (head ^ (tail &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bytes.count)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
