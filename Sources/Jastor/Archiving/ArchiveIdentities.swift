/// How archives keep a model held in several places one model.
///
/// Writing numbers each model written whole, in writing order (1, 2, …, the root first). A model
/// met again (outside untyped values, which read back as dictionaries, and never one that encloses
/// the place: a cycle, which the writer refuses) makes the model *shared*: every place that holds
/// it, the first too, is written `{"$ref": number}`, and the model itself once, with its class
/// marker, in the envelope's `"shared"` table under its number; the archive is then of format
/// version 3 (``ArchiveHeader``). An archive with no shared model is written as before, version 2,
/// byte for byte.
///
/// Reading a version-3 archive, `{"$ref": number}` is the model the table holds under that
/// number, read the first time a place asks for it (so the order properties are read in, which a
/// later version of a class may change, does not matter) and the same instance at every other
/// place, if it is the class declared there or a subclass (``ArchiveClassRegistry``, checked
/// before it is built). A number the table lacks, a definition that refers back to itself while
/// it is read (a cycle), a `$ref` beside other members, or one that is not a positive integer is
/// an `.unreadableArchive` issue at its path. Versions 1 and 2 hold no `$ref`: one there is an
/// unknown marker, refused (``ArchiveSpelling``).
struct ArchiveIdentities {
    /// The key of the only member of an object standing for a shared model.
    static let referenceMarker = "$ref"
    /// The envelope's table of shared models.
    static let sharedKey = "shared"

    // MARK: Writing

    private var numbers = IdentityTable()
    /// The models numbered, kept alive for the run so that no identifier is reused by another
    /// object (a model a transform's `encode` makes and drops).
    private var written: [AnyObject] = []
    /// The numbers of the models written again: the shared models, which the table holds.
    private(set) var referenced: Set<Int> = []
    /// How many untyped values (a model a transform's `encode` returns) enclose the place being
    /// written: a model anywhere inside one reads back as part of a dictionary, so is neither
    /// numbered nor referred to there.
    var untypedLevels = 0

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

    /// The shared models read so far, by number.
    private var models: [Int: JastorObject] = [:]
    /// The numbers of the shared models being read, whose definitions may not refer back to them.
    private var reading: Set<Int> = []
    /// The shared models refused where first asked for, by number: the class declared there and
    /// the issues recorded, recorded again at every place declaring that class instead of reading
    /// the model again (a crafted archive's many references to one long definition).
    private var refusals: [Int: (declared: ObjectIdentifier, issues: [IssueTrail.Entry])] = [:]

    /// The shared model numbered `number`, if it was read.
    func model(numbered number: Int) -> JastorObject? {
        models[number]
    }

    /// The issues that refused the shared model numbered `number` where `declared` is declared,
    /// if it was refused at such a place.
    func refusal(of number: Int, declaredAs declared: JastorObject.Type) -> [IssueTrail.Entry]? {
        guard let refusal = refusals[number], refusal.declared == ObjectIdentifier(declared) else { return nil }
        return refusal.issues
    }

    /// Marks the shared model numbered `number` as being read; `false` when it already is (a
    /// definition refers back to itself).
    mutating func beginReading(_ number: Int) -> Bool {
        reading.insert(number).inserted
    }

    /// Ends what ``beginReading(_:)`` began, remembering the model read or, where it was refused
    /// at a place declaring `declared`, the issues that say why.
    mutating func endReading(
        _ number: Int, model: JastorObject?, declaredAs declared: JastorObject.Type, issues: [IssueTrail.Entry]
    ) {
        reading.remove(number)
        if let model {
            models[number] = model
        } else {
            refusals[number] = (ObjectIdentifier(declared), issues)
        }
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
