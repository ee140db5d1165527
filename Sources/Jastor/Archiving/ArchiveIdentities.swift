/// How archives keep a model held in several places one model.
///
/// Writing numbers each model written whole, in writing order (1, 2, …). A model met again
/// (outside untyped values, which read back as dictionaries, and never one that encloses the place,
/// a cycle the writer refuses) is written as `{"$ref": number}`; the first place then carries
/// `"$id": number`, and the archive is of format version 3 (``ArchiveHeader``). An archive with no
/// model held twice is written as before, version 2, byte for byte.
///
/// Reading a version-3 archive, a model with `$id` is remembered under its number once built, and
/// `{"$ref": number}` is that same instance, if it is the declared class or a subclass of it;
/// anything else (a number not yet read, a `$ref` beside other members, an `$id` given twice, a
/// number that is not a positive integer) is an `.unreadableArchive` issue at its path. Version 2
/// and 1 archives hold no such markers: one there is refused (``ArchiveReader``).
struct ArchiveIdentities {
    /// The key of a model's number where it is written whole.
    static let identityMarker = "$id"
    /// The key of the only member of a model written again.
    static let referenceMarker = "$ref"

    // MARK: Writing

    private var numbers = IdentityTable()
    /// The models numbered, kept alive for the run so that no identifier is reused by another
    /// object (a model a transform's `encode` makes and drops).
    private var written: [AnyObject] = []
    /// The numbers of the models written again, whose first place carries `$id`.
    private(set) var referenced: Set<Int> = []

    /// The number of `model` if it was written whole before.
    func number(of model: AnyObject) -> Int? {
        numbers.value(for: ObjectIdentifier(model))
    }

    /// Numbers `model`, written whole now; 0 (not numbered, so never referred to: written whole
    /// at each place) past the 2^31 - 1 numbers a ``ModelTag`` holds.
    mutating func numberAsWritten(_ model: AnyObject) -> Int32 {
        guard written.count < Int32.max else { return 0 }
        written.append(model)
        let number = written.count
        numbers.insert(number, for: ObjectIdentifier(model))
        return Int32(number)
    }

    /// The object standing for the model numbered `number` at another place.
    mutating func reference(to number: Int, className: String) -> JSONValue {
        referenced.insert(number)
        return .object(
            JSONObject(
                model: ModelTag(
                    className: className, differsFromDeclaredType: false, identity: -Int32(clamping: number))
            ))
    }

    // MARK: Reading

    /// The models read with `$id`, by number.
    private var models: [Int: JastorObject] = [:]

    /// The model numbered `number`, if one was read.
    func model(numbered number: Int) -> JastorObject? {
        models[number]
    }

    /// Remembers `model` as numbered `number`; `false` when another model has the number.
    mutating func remember(_ model: JastorObject, as number: Int) -> Bool {
        guard models[number] == nil else { return false }
        models[number] = model
        return true
    }
}

/// Numbers by object identity: open addressing over a power-of-two table, each identifier's bits
/// multiplied by 2^64 / φ and shifted (Fibonacci hashing), probed linearly, at most half full.
///
/// An archive numbers every model it writes, so this is asked once or twice per model: a
/// `Dictionary` hashes each identifier with its per-process seeded SipHash, which cost 5% of
/// writing twitter.json's archive; this costs a multiply and, mostly, one probe.
struct IdentityTable {
    /// The identifiers' bits (0: an empty slot; no object lives at address 0) and their numbers.
    private var keys: [UInt] = []
    private var values: [Int] = []
    private var count = 0
    /// 64 minus the table's capacity's log2: the multiply's top bits are the slot.
    private var shift = 64

    /// The number of `identifier`, if it has one.
    func value(for identifier: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let key = UInt(bitPattern: identifier)
        var slot = Self.slot(of: key, shift: shift)
        while keys[slot] != 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Gives `identifier`, which has none yet, the number `value`.
    mutating func insert(_ value: Int, for identifier: ObjectIdentifier) {
        if (count + 1) * 2 > keys.count { grow() }
        place(UInt(bitPattern: identifier), value)
        count += 1
    }

    private mutating func place(_ key: UInt, _ value: Int) {
        var slot = Self.slot(of: key, shift: shift)
        while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
        keys[slot] = key
        values[slot] = value
    }

    private mutating func grow() {
        let old = (keys, values)
        let capacity = max(64, keys.count * 2)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        for (key, value) in zip(old.0, old.1) where key != 0 { place(key, value) }
    }

    private static func slot(of key: UInt, shift: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }
}
