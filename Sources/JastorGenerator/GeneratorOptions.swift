/// What the generator writes and how it infers: names, output layout and the thresholds of its rules.
///
/// ```swift
/// var options = GeneratorOptions(rootName: "SearchResponse")
/// options.detectsURLs = true
/// ```
public struct GeneratorOptions: Sendable, Equatable {
    /// What the generated classes do with a key their samples did not show.
    public enum UnknownKeys: String, Sendable, Equatable, CaseIterable {
        /// Every class keeps such keys in an `unmappedKeys` property (a family in its base), so they
        /// come back through `toDictionary()`, JSON text, archives and `Codable`.
        case keep
        /// Such keys are `.unknownKey` issues (`keyPolicy` `.reportUnknownKeys`; strict initialisers
        /// throw), except in a class that keeps keys its samples left untyped in `unmappedKeys`.
        case report
        /// Such keys are dropped without an issue, as in a class written by hand; only keys the samples
        /// left untyped are kept.
        case ignore
    }

    /// The name of the class for each sample's root object (or root array's elements), when the
    /// samples are given without their roots (``ModelGenerator/generate(from:)-([Sample])``).
    public var rootName: String
    /// A prefix for every class name (`Tw` makes `TwStatus`).
    public var prefix = ""
    /// Objects with at least this many keys whose values share one shape become `[String: Model]`
    /// dictionaries rather than classes (objects whose keys all look like ids always do).
    public var mapThreshold = 20
    /// Types absolute `http`/`https` strings as `URL`.
    public var detectsURLs = false
    /// A key whose string values (2 to 16 of them) pick a subclass when the objects' shapes differ
    /// per value: a polymorphic family with `modelClass(for:)`.
    public var discriminator: String?
    /// A string key becomes a nested enum (with a catch-all case for values the samples did not
    /// show) when its samples hold at most this many distinct words, each seen twice on average;
    /// `0` keeps every string a `String`.
    public var enumThreshold = 8
    /// A key is optional unless it held a value (not `null`) in at least this many of the objects
    /// at its place (besides being optional when some object lacks it or holds `null`): with one
    /// sample of an API, `2` or more types every key seen only once as optional.
    public var optionalUnlessSeen = 1
    /// Writes every class into one file instead of one file per class.
    public var singleFile = false
    /// The comment at the top of every file, without `//`; `nil` names the samples.
    public var header: String?
    /// Declares every class `nonisolated`, for a target whose declarations belong to the main actor
    /// unless they say otherwise (new Xcode 26 app targets; Swift 6.1 or later): its nested enums
    /// follow the class, and the models map from any task.
    public var declaresNonisolated = false
    /// What the generated classes do with keys their samples did not show: keep them in
    /// `unmappedKeys` (the default), report them, or ignore them.
    public var unknownKeys = UnknownKeys.keep

    /// Options with the root class named `rootName` and every rule at its default.
    ///
    /// ```swift
    /// let options = GeneratorOptions(rootName: "Catalog")
    /// ```
    ///
    /// - Parameter rootName: The name of the root class.
    public init(rootName: String) {
        self.rootName = rootName
    }
}
