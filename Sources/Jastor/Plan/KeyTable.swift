import Foundation

/// Finds a class's properties by the UTF-8 bytes of their JSON keys, without building a `String`.
///
/// The byte reader's objects are matched against a plan in one pass over their members: each
/// member's key is hashed where it lies in the input and looked up here, instead of every
/// property scanning every key.
struct KeyTable: Sendable {
    /// Each key's bytes, by property position.
    private let keys: [[UInt8]]
    /// Open-addressing buckets holding a property position, or -1 when empty.
    private let buckets: [Int]
    private let mask: Int

    /// Builds the table for `keys`, which must be distinct.
    init(keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
        var size = 8
        while size < keys.count * 2 { size *= 2 }
        var buckets = [Int](repeating: -1, count: size)
        for (position, key) in self.keys.enumerated() {
            var bucket = key.withUnsafeBufferPointer(Self.hash) & (size - 1)
            while buckets[bucket] >= 0, self.keys[buckets[bucket]] != key {
                bucket = (bucket + 1) & (size - 1)
            }
            if buckets[bucket] < 0 { buckets[bucket] = position }
        }
        self.buckets = buckets
        self.mask = size - 1
    }

    /// How many keys the table holds.
    var count: Int { keys.count }

    /// The position of the property whose key is `bytes`, or -1 when no property has it.
    func position(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var bucket = Self.hash(bytes) & mask
        while true {
            let position = buckets[bucket]
            guard position >= 0 else { return -1 }
            if Self.equal(keys[position], bytes) { return position }
            bucket = (bucket + 1) & mask
        }
    }

    private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.withUnsafeBufferPointer { key in
            guard let keyBase = key.baseAddress, let base = bytes.baseAddress else { return true }
            return memcmp(keyBase, base, bytes.count) == 0
        }
    }

    /// FNV-1a over the key's bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}
