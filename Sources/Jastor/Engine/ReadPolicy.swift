/// What kind of reading run this is, decided once at the entry point: the engine and the codecs ask
/// this value instead of testing the input kind themselves.
///
/// ```swift
/// var context = MappingContext(policy: .creating)
/// ```
struct ReadPolicy {
    /// Whether the input is a Jastor archive or JSON (bytes, a dictionary, a `Decoder`).
    enum Input {
        case dictionary
        case archive
    }

    let input: Input
    /// Whether models are read as archived: properties found by their names rather than their JSON
    /// keys, with the archive's class versions.
    let readsPropertyNames: Bool
    /// Whether `$class` markers choose the class built; only archives may: data from a network
    /// must not pick what is built.
    let followsClassMarkers: Bool
    /// Whether a non-finite `Double` or `Float` is accepted (archives spell them; JSON cannot hold
    /// them, so a value mapping accepts must be one output can write).
    let acceptsNonFiniteNumbers: Bool
    /// Whether the classes' ``JastorKeyPolicy`` and required keys apply: when models are created
    /// from JSON, not when `update(with:)` applies partial JSON or an archive is read.
    let checksKeys: Bool
    /// How `update(with:)` treats a nested model that the JSON has an object for.
    let nestedModelUpdate: JastorObject.NestedModelUpdate

    private init(input: Input, checksKeys: Bool, nestedModelUpdate: JastorObject.NestedModelUpdate = .merge) {
        self.input = input
        self.readsPropertyNames = input == .archive
        self.followsClassMarkers = input == .archive
        self.acceptsNonFiniteNumbers = input == .archive
        self.checksKeys = checksKeys && input == .dictionary
        self.nestedModelUpdate = nestedModelUpdate
    }

    /// Creating models from JSON (bytes, a dictionary, a `Decoder`): keys checked by the classes'
    /// key policies.
    static let creating = ReadPolicy(input: .dictionary, checksKeys: true)
    /// Filling models from JSON through their setters, without checking keys.
    static let filling = ReadPolicy(input: .dictionary, checksKeys: false)
    /// Reading an archive.
    static let archive = ReadPolicy(input: .archive, checksKeys: false)

    /// `update(with:)`: partial JSON, no key checks, nested models merged or replaced.
    static func updating(nestedModels: JastorObject.NestedModelUpdate) -> ReadPolicy {
        ReadPolicy(input: .dictionary, checksKeys: false, nestedModelUpdate: nestedModels)
    }
}
