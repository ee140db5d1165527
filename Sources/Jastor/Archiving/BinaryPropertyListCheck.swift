import Foundation

/// Checks a binary property list's structure and object kinds before `PropertyListSerialization`
/// sees it.
///
/// Foundation on Linux crashes on some crafted property lists (a set, found by fuzzing, fails
/// inside its bridging to `Set<AnyHashable>`), so the archive reader hands it only what Jastor
/// itself writes: null, booleans, integers, reals, strings, arrays and dictionaries, each object
/// reached through an offset table that lies within the data.
enum BinaryPropertyListCheck {
    /// What the archive reader expected and found, when the data cannot be a Jastor archive; `nil`
    /// when it may be read.
    static func problem(in data: Data) -> (expected: String, found: String)? {
        data.withUnsafeBytes { bytes in
            if let damage = damage(in: bytes) { return ("a complete Jastor archive", damage) }
            return foreignObject(in: bytes).map {
                ("a Jastor archive (JSON values only)", "a property list holding \($0)")
            }
        }
    }

    /// The first object of a kind no JSON value maps to, named; `nil` when there is none.
    private static func foreignObject(in bytes: UnsafeRawBufferPointer) -> String? {
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        guard let count = integer(bytes, at: trailer + 8, size: 8),
            let tableStart = integer(bytes, at: trailer + 24, size: 8)
        else { return nil }
        for index in 0..<count {
            guard let offset = integer(bytes, at: tableStart + index * offsetSize, size: offsetSize) else { continue }
            let marker = bytes[offset]
            if !isJSONKind(marker) { return name(ofKind: marker >> 4) }
        }
        return nil
    }

    /// What is wrong with the structure (the trailer and the offset table), or `nil`.
    private static func damage(in bytes: UnsafeRawBufferPointer) -> String? {
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize else { return "a property list too short for its trailer" }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        guard (1...8).contains(offsetSize) else { return "a property list with a damaged trailer" }
        guard let count = integer(bytes, at: trailer + 8, size: 8),
            let tableStart = integer(bytes, at: trailer + 24, size: 8),
            count <= bytes.count, tableStart <= trailer, count * offsetSize <= trailer - tableStart
        else { return "a property list with a damaged trailer" }
        for index in 0..<count {
            guard let offset = integer(bytes, at: tableStart + index * offsetSize, size: offsetSize),
                offset >= 8, offset < tableStart
            else { return "a property list with a damaged offset table" }
        }
        return nil
    }

    private static func name(ofKind kind: UInt8) -> String {
        switch kind {
        case 0x3: "a date"
        case 0x4: "data"
        case 0x8: "a UID"
        case 0xB: "an ordered set"
        case 0xC: "a set"
        default: "an object of unknown kind 0x\(String(kind, radix: 16, uppercase: true))_"
        }
    }

    /// Whether an object marker is of a kind a JSON value maps to.
    private static func isJSONKind(_ marker: UInt8) -> Bool {
        switch marker >> 4 {
        case 0x0: [0x00, 0x08, 0x09].contains(marker)  // null, false, true
        case 0x1, 0x2, 0x5, 0x6, 0xA, 0xD: true  // integer, real, ASCII and UTF-16 string, array, dictionary
        default: false  // date, data, UID, set, ordered set and the reserved kinds
        }
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`, when it lies within the data and
    /// fits `Int`.
    private static func integer(_ bytes: UnsafeRawBufferPointer, at offset: Int, size: Int) -> Int? {
        guard offset >= 0, size <= bytes.count, offset <= bytes.count - size else { return nil }
        var value: UInt64 = 0
        for index in offset..<offset + size {
            value = value << 8 | UInt64(bytes[index])
        }
        return Int(exactly: value)
    }
}
