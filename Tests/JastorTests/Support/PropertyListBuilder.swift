import Foundation

/// Builds a binary property list object by object, for archives crafted by hand: shared
/// references, shapes Jastor never writes.
///
/// Each method adds one object and returns its number, for later objects to reference.
struct PropertyListBuilder {
    private var objects: [[UInt8]] = []

    /// An object written byte for byte (a marker byte and its contents), for shapes the other
    /// methods cannot spell: damaged counts, missing references, kinds archives never hold.
    mutating func raw(_ bytes: [UInt8]) -> Int {
        add(bytes)
    }

    /// An ASCII string.
    mutating func string(_ text: String) -> Int {
        add(Self.marker(0x50, count: text.utf8.count) + Array(text.utf8))
    }

    /// An 8-byte integer.
    mutating func integer(_ value: Int) -> Int {
        add([0x13] + Self.bigEndian(value, size: 8))
    }

    /// An array of the objects `elements` names.
    mutating func array(_ elements: [Int]) -> Int {
        add(Self.marker(0xA0, count: elements.count) + elements.flatMap { Self.bigEndian($0, size: 2) })
    }

    /// A dictionary of string keys (added as new strings) and the objects the values name.
    mutating func dictionary(_ members: KeyValuePairs<String, Int>) -> Int {
        let keys = members.map { string($0.key) }
        return add(
            Self.marker(0xD0, count: members.count)
                + (keys + members.map(\.value)).flatMap { Self.bigEndian($0, size: 2) })
    }

    /// A Jastor archive envelope of `rootClass` around the object `root`.
    mutating func archive(of rootClass: Any.Type, root: Int) -> Int {
        dictionary([
            "format": string("jastor-archive"), "version": integer(1),
            "rootClass": string(String(reflecting: rootClass)), "root": root,
        ])
    }

    /// The property list's bytes, `top` its root object; offsets are 8 bytes, references
    /// `referenceSize` (the trailer says so; the methods above write 2-byte references).
    func data(top: Int, referenceSize: Int = 2) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets.flatMap { Self.bigEndian($0, size: 8) }
        bytes += [0, 0, 0, 0, 0, 0, 8, UInt8(referenceSize)]
        bytes += Self.bigEndian(objects.count, size: 8) + Self.bigEndian(top, size: 8) + Self.bigEndian(table, size: 8)
        return Data(bytes)
    }

    private mutating func add(_ object: [UInt8]) -> Int {
        objects.append(object)
        return objects.count - 1
    }

    /// A marker byte with its count, followed by an integer object when the count is 15 or more.
    private static func marker(_ kind: UInt8, count: Int) -> [UInt8] {
        count < 15 ? [kind | UInt8(count)] : [kind | 0x0F, 0x11] + bigEndian(count, size: 2)
    }

    /// `value`'s low `size` bytes, most significant first.
    static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
