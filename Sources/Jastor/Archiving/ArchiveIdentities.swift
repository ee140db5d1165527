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

    private var numbers: [ObjectIdentifier: Int] = [:]
    /// The models numbered, kept alive for the run so that no identifier is reused by another
    /// object (a model a transform's `encode` makes and drops).
    private var written: [AnyObject] = []
    /// The numbers of the models written again, whose first place carries `$id`.
    private(set) var referenced: Set<Int> = []

    /// The number of `model` if it was written whole before.
    func number(of model: AnyObject) -> Int? {
        numbers.isEmpty ? nil : numbers[ObjectIdentifier(model)]
    }

    /// Numbers `model`, written whole now.
    mutating func numberAsWritten(_ model: AnyObject) -> Int {
        written.append(model)
        let number = written.count
        numbers[ObjectIdentifier(model)] = number
        return number
    }

    /// The object standing for the model numbered `number` at another place.
    mutating func reference(to number: Int, className: String) -> JSONValue {
        referenced.insert(number)
        return .object(
            JSONObject(
                model: ModelTag(className: className, differsFromDeclaredType: false, number: number, isReference: true)
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
