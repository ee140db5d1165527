/// What a class asks of the keys of the JSON objects it is mapped from.
///
/// Jastor is lenient by default: a missing key leaves its property at its default and an unknown
/// key is ignored. A class can ask for more, and a registration can say otherwise for its own key
/// (`required: false`, or `required: true` under the default policy):
///
/// ```swift
/// final class Repository: JastorObject {
///     var id = 0
///     var description: String?
///
///     override class var keyPolicy: JastorKeyPolicy { [.requireEveryKey, .reportUnknownKeys] }
///     override class var properties: [JastorProperty] {
///         register(\.id) { property(\.description, required: false) }
///     }
/// }
/// ```
///
/// Both checks apply when a model is created from JSON (lenient mapping reports them as issues,
/// strict mapping throws them); `update(with:)` takes partial JSON and checks neither, nor does
/// reading an archive.
public struct JastorKeyPolicy: OptionSet, Sendable, Hashable {
    /// The policy's bits.
    public let rawValue: Int

    /// Creates a policy from its bits.
    ///
    /// ```swift
    /// let policy = JastorKeyPolicy(rawValue: 1)  // .requireEveryKey
    /// ```
    ///
    /// - Parameter rawValue: The policy's bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Every property read from JSON must find its key, unless its registration says
    /// `required: false`; a missing one is a `.missingValue` issue at the key's path:
    /// `milestone.number: expected Int (required), found nothing`.
    public static let requireEveryKey = JastorKeyPolicy(rawValue: 1 << 0)

    /// A key that no property of the class reads or writes is an `.unknownKey` issue.
    ///
    /// It catches a misspelt registration key when the JSON has the right one:
    /// `stargazers_count: expected a key Repository maps, found an unknown key`. A class with an
    /// `unmappedKeys` property keeps such keys instead, and reports none.
    public static let reportUnknownKeys = JastorKeyPolicy(rawValue: 1 << 1)
}
