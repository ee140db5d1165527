import Foundation

/// Reads a binary property list, as archives are written, into the library's JSON tree.
///
/// Every offset, count, reference and size is checked against the bytes before use, references
/// that loop back are refused, and each object is converted once however often it is referenced,
/// so damaged or crafted bytes give a ``Failure`` in time proportional to their size, never a
/// crash or a hang. (Foundation's `PropertyListSerialization` crashes on some damaged files.)
/// Objects referenced from several places (which Jastor never writes) count at each place: a
/// list whose values, so counted, exceed ``JastorLimits/maximumValueCount`` is refused, since
/// mapping it would visit every one of them.
///
/// It reads what `PropertyListEncoder` writes: dictionaries with string keys, arrays, strings,
/// integers up to 128 bits whose value fits `UInt64`, finite reals and booleans; strings are read
/// by ``ArchiveSpelling`` for the archive's format version (from version 2 escapes and markers,
/// in version 1 only `"$null"`, the encoder's `nil`). Dates, data, sets and UIDs are refused.
struct BinaryPropertyListReader {
    /// Why the bytes are not a property list an archive can hold.
    struct Failure: Error {
        let reason: String
        /// Whether the list is well formed but describes more values than a run may read.
        var exceedsValueLimit = false
    }

    private static let trailerSize = 32
    private static let headerSize = 8

    private let bytes: [UInt8]
    private let referenceSize: Int
    private let objectOffsets: [Int]
    private let topObject: Int
    /// Where the offset table starts: objects lie between the header and here.
    private let objectsEnd: Int
    /// Whether strings are read with ``ArchiveSpelling``'s escapes and markers (format version 2 on).
    private var readsMarkers = false
    /// The markers only a key may be (``ArchiveSpelling/keyMarkers(inVersion:)``).
    private var keyMarkers: [String] = []

    /// The root value of the property list in `data`.
    ///
    /// - Parameters:
    ///   - data: The property list's bytes.
    ///   - valueLimit: The most values the list may describe, each object counted at every place
    ///     it is referenced from.
    /// - Returns: The root value.
    /// - Throws: ``Failure`` saying what is wrong with the bytes.
    static func read(_ data: Data, valueLimit: Int = JastorLimits.current.maximumValueCount) throws(Failure)
        -> JSONValue
    {
        var reader = try BinaryPropertyListReader(bytes: Array(data))
        reader.valueLimit = valueLimit
        let version = reader.archiveVersion()
        reader.readsMarkers = version >= ArchiveSpelling.firstEscapingVersion
        reader.keyMarkers = ArchiveSpelling.keyMarkers(inVersion: version)
        var converted = [Conversion?](repeating: nil, count: reader.objectOffsets.count)
        var inProgress = Set<Int>()
        return try reader.value(of: reader.topObject, depth: 0, converted: &converted, inProgress: &inProgress)
            .valueInValuePlace()
    }

    /// An object converted, and how many values it stands for (itself and everything inside it).
    private struct Conversion {
        let value: JSONValue
        let count: Int
        /// Whether the object is a marker only an object's key may be (`$class`; `$ref` in
        /// version 3), itself.
        var isKeyMarker = false

        /// The value, if it may stand where a value goes (not a bare key marker).
        func valueInValuePlace() throws(Failure) -> JSONValue {
            guard !isKeyMarker else {
                let text = if case .string(let text) = value { text } else { ArchiveSpelling.classMarker }
                throw Failure(reason: ArchiveSpelling.UnknownMarker(text: text, isKeyMarkerValue: true).reason)
            }
            return value
        }
    }

    private var valueLimit = Int.max
    /// Where this thread's stack is too low for another level (see ``StackGuard``).
    private let stackLimit = StackGuard.currentLimit()

    private init(bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        let trailer = bytes.count - Self.trailerSize
        guard trailer >= Self.headerSize, bytes.starts(with: Array("bplist00".utf8)) else {
            throw Failure(reason: "no binary property list header and trailer")
        }
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Failure(reason: "offset size \(offsetSize) or reference size \(referenceSize) out of range")
        }
        let objectCount = try Self.size(Self.unsigned(in: bytes, at: trailer + 8, size: 8), atMost: trailer)
        let top = try Self.size(Self.unsigned(in: bytes, at: trailer + 16, size: 8), atMost: trailer)
        let table = try Self.size(Self.unsigned(in: bytes, at: trailer + 24, size: 8), atMost: trailer)
        guard top < objectCount, table >= Self.headerSize, objectCount <= (trailer - table) / offsetSize else {
            throw Failure(reason: "a trailer that does not fit the file")
        }
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            let offset = try Self.unsigned(in: bytes, at: table + index * offsetSize, size: offsetSize)
            guard offset >= Self.headerSize, offset < table else {
                throw Failure(reason: "object \(index) outside the object area")
            }
            offsets.append(Int(offset))
        }
        objectOffsets = offsets
        topObject = top
        objectsEnd = table
    }

    // MARK: Objects

    private func value(
        of object: Int, depth: Int, converted: inout [Conversion?], inProgress: inout Set<Int>
    ) throws(Failure) -> Conversion {
        if let known = converted[object] { return known }
        guard depth <= JSONReader.maximumDepth else {
            throw Failure(reason: "nested deeper than \(JSONReader.maximumDepth) levels")
        }
        guard !StackGuard.isLow(stackLimit) else {
            throw Failure(reason: "nested deeper than this thread's stack holds (\(depth) levels)")
        }
        guard inProgress.insert(object).inserted else { throw Failure(reason: "object \(object) contains itself") }
        defer { inProgress.remove(object) }
        let start = objectOffsets[object]
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        let value: JSONValue
        var count = 1
        var isKeyMarker = false
        switch marker >> 4 {
        case 0x0 where marker == 0x08: value = .bool(false)
        case 0x0 where marker == 0x09: value = .bool(true)
        case 0x1: value = try integer(at: start + 1, size: 1 << low)
        case 0x2 where low == 2:
            value = try finite(Double(Float(bitPattern: UInt32(try unsigned(at: start + 1, size: 4)))))
        case 0x2 where low == 3: value = try finite(Double(bitPattern: try unsigned(at: start + 1, size: 8)))
        case 0x5:
            let (byteCount, contents) = try length(low, at: start, elementSize: 1)
            // ASCII by the format; a byte beyond it is damage, never repaired in silence.
            guard let text = String(validating: bytes[contents..<contents + byteCount], as: UTF8.self) else {
                throw Failure(reason: "object \(object) is a string that is not valid text")
            }
            value = try archived(text)
            isKeyMarker = readsMarkers && keyMarkers.contains(text)
        case 0x6:
            let (unitCount, contents) = try length(low, at: start, elementSize: 2)
            let units = (0..<unitCount).map {
                UInt16(bytes[contents + 2 * $0]) << 8 | UInt16(bytes[contents + 2 * $0 + 1])
            }
            // A lone surrogate is damage (Swift's strings cannot hold one), never repaired in silence.
            guard let text = String(validating: units, as: UTF16.self) else {
                throw Failure(reason: "object \(object) is a string that is not valid text")
            }
            value = try archived(text)
            isKeyMarker = readsMarkers && keyMarkers.contains(text)
        case 0xA:
            let (elementCount, references) = try length(low, at: start, elementSize: referenceSize)
            var elements: [JSONValue] = []
            elements.reserveCapacity(elementCount)
            for index in 0..<elementCount {
                let element = try reference(at: references + index * referenceSize)
                let conversion = try self.value(
                    of: element, depth: depth + 1, converted: &converted, inProgress: &inProgress)
                elements.append(try conversion.valueInValuePlace())
                count = try counted(count, conversion.count)
            }
            value = .array(elements)
        case 0xD:
            let (memberCount, keyReferences) = try length(low, at: start, elementSize: 2 * referenceSize)
            var members = JSONObject(capacity: memberCount)
            // Jastor's own archives never repeat a key: which value a model would read is not the
            // archive's to leave open.
            // A small dictionary is searched; a larger one keeps its keys in a set.
            var keys: Set<String> = []
            let searches = memberCount <= 16
            for index in 0..<memberCount {
                let key = try self.value(
                    of: try reference(at: keyReferences + index * referenceSize), depth: depth + 1,
                    converted: &converted, inProgress: &inProgress)
                guard case .string(let name) = key.value else {
                    throw Failure(reason: "a dictionary key that is not a string")
                }
                let isNew = searches ? !members.entries.contains { $0.key == name } : keys.insert(name).inserted
                guard isNew else {
                    throw Failure(
                        reason:
                            "object \(object) is a dictionary that gives the key \(name.debugDescription) more than once"
                    )
                }
                let member = try self.value(
                    of: try reference(at: keyReferences + (memberCount + index) * referenceSize), depth: depth + 1,
                    converted: &converted, inProgress: &inProgress)
                members.appendNew(try member.valueInValuePlace(), forKey: name)
                count = try counted(count, member.count)
            }
            value = .object(members)
        default:
            throw Failure(reason: "an object of kind \(String(format: "0x%02X", marker)), which archives do not hold")
        }
        let conversion = Conversion(value: value, count: count, isKeyMarker: isKeyMarker)
        converted[object] = conversion
        return conversion
    }

    /// `total` and the values of one more member, if together they stay within the limit.
    private func counted(_ total: Int, _ more: Int) throws(Failure) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(more)
        guard !overflow, sum <= valueLimit else {
            throw Failure(
                reason: "more, counting shared objects at every place they are referenced",
                exceedsValueLimit: true)
        }
        return sum
    }

    /// What a string of the archive stands for.
    private func archived(_ text: String) throws(Failure) -> JSONValue {
        guard readsMarkers else { return text == ArchiveSpelling.null ? .null : .string(text) }
        do {
            return try ArchiveSpelling.value(ofArchived: text, keyMarkers: keyMarkers)
        } catch {
            throw Failure(reason: error.reason)
        }
    }

    /// The envelope's format version: the integer under the top dictionary's `"version"` key, or 0
    /// when there is none (the envelope check then says what is missing).
    private func archiveVersion() -> Int64 {
        let start = objectOffsets[topObject]
        guard bytes[start] >> 4 == 0xD,
            case let (count, keys)? = try? length(Int(bytes[start] & 0x0F), at: start, elementSize: 2 * referenceSize)
        else { return 0 }
        for index in 0..<count {
            guard let key = try? reference(at: keys + index * referenceSize),
                bytes[objectOffsets[key]] == 0x57,  // an ASCII string of 7 characters
                objectOffsets[key] + 8 <= objectsEnd,
                bytes[objectOffsets[key] + 1..<objectOffsets[key] + 8].elementsEqual("version".utf8),
                let value = try? reference(at: keys + (count + index) * referenceSize),
                bytes[objectOffsets[value]] >> 4 == 0x1,
                case .integer(let version)? = try? integer(
                    at: objectOffsets[value] + 1, size: 1 << Int(bytes[objectOffsets[value]] & 0x0F))
            else { continue }
            return version
        }
        return 0
    }

    /// A real as a JSON number: archives write non-finite numbers as strings, so a non-finite
    /// real is foreign (it would reach untyped properties and make `toDictionary()` invalid JSON).
    private func finite(_ real: Double) throws(Failure) -> JSONValue {
        guard real.isFinite else {
            throw Failure(reason: "the non-finite number \(real), which archives write as text")
        }
        return .double(real)
    }

    /// An integer object's value: 1, 2 and 4 bytes unsigned, 8 bytes signed, 16 bytes when it fits `UInt64`.
    private func integer(at start: Int, size: Int) throws(Failure) -> JSONValue {
        switch size {
        case 1, 2, 4: return .integer(Int64(try unsigned(at: start, size: size)))
        case 8: return .integer(Int64(bitPattern: try unsigned(at: start, size: 8)))
        case 16:
            guard try unsigned(at: start, size: 8) == 0 else { throw Failure(reason: "an integer beyond 64 bits") }
            let value = try unsigned(at: start + 8, size: 8)
            return value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
        default: throw Failure(reason: "an integer of \(size) bytes")
        }
    }

    /// The element count of a string, array or dictionary object, and where its contents start;
    /// both checked to lie inside the object area.
    private func length(_ low: Int, at start: Int, elementSize: Int) throws(Failure) -> (count: Int, contents: Int) {
        var count = low
        var contents = start + 1
        if low == 0x0F {
            guard contents < objectsEnd, bytes[contents] >> 4 == 0x1 else { throw Failure(reason: "a missing length") }
            let size = 1 << Int(bytes[contents] & 0x0F)
            guard size <= 8 else { throw Failure(reason: "a length of \(size) bytes") }
            count = try Self.size(unsigned(at: contents + 1, size: size), atMost: objectsEnd)
            contents += 1 + size
        }
        guard count <= (objectsEnd - contents) / elementSize else {
            throw Failure(reason: "\(count) elements running past the object area")
        }
        return (count, contents)
    }

    private func reference(at offset: Int) throws(Failure) -> Int {
        let object = try unsigned(at: offset, size: referenceSize)
        guard object < objectOffsets.count else { throw Failure(reason: "a reference to missing object \(object)") }
        return Int(object)
    }

    // MARK: Bytes

    private func unsigned(at offset: Int, size: Int) throws(Failure) -> UInt64 {
        try Self.unsigned(in: bytes, at: offset, size: size)
    }

    /// The big-endian unsigned integer of `size` bytes at `offset`, which must lie inside `bytes`.
    private static func unsigned(in bytes: [UInt8], at offset: Int, size: Int) throws(Failure) -> UInt64 {
        guard offset >= 0, size <= 8, offset <= bytes.count - size else {
            throw Failure(reason: "data ending inside an object")
        }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `value` as an `Int`, if it is at most `limit`.
    private static func size(_ value: UInt64, atMost limit: Int) throws(Failure) -> Int {
        guard value <= UInt64(limit) else { throw Failure(reason: "a count or offset of \(value), beyond the file") }
        return Int(value)
    }
}
