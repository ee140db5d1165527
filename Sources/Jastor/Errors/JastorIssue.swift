/// One problem found while mapping, validating a declaration, or reading an archive.
///
/// Lenient mapping collects issues instead of throwing, strict mapping throws them inside a
/// ``JastorError``. Each issue names where the problem is, what was expected and what was found:
///
/// ```swift
/// var issues: [JastorIssue] = []
/// let user = User(dictionary: ["id": "abc"], issues: &issues)
/// print(issues[0])  // id: expected Int64, found String "abc"
/// ```
public struct JastorIssue: Sendable, Hashable, CustomStringConvertible {
    /// The category of an issue.
    ///
    /// A struct rather than an enum, so that later versions can add kinds without breaking a
    /// `switch` in user code. Compare with the static members:
    ///
    /// ```swift
    /// if issue.kind == .typeMismatch { ... }
    /// ```
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's stable name, such as `typeMismatch`.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// The JSON value has a type that cannot be converted to the property's type.
        public static let typeMismatch = Kind("typeMismatch")
        /// The JSON number does not fit the property's type (`300` into `UInt8`, `1.5` into `Int`).
        public static let valueOutOfRange = Kind("valueOutOfRange")
        /// The JSON value is not a valid value of the property's type (a bad date, UUID or enum case),
        /// or is kept but written back otherwise (`"007"` into an `Int`, a transform's rewrite).
        public static let invalidValue = Kind("invalidValue")
        /// The input is not valid JSON.
        public static let invalidJSON = Kind("invalidJSON")
        /// A step of a path names a key or index the JSON does not have, or a required key is
        /// missing (see ``JastorKeyPolicy``).
        public static let missingValue = Kind("missingValue")
        /// The JSON has a key the class does not map, and the class reports such keys
        /// (``JastorKeyPolicy/reportUnknownKeys``); or, in a class that keeps or reports such keys,
        /// a key that a property only writes holds another value than the one it writes.
        public static let unknownKey = Kind("unknownKey")
        /// The JSON is nested deeper than the mapper follows.
        public static let nestingTooDeep = Kind("nestingTooDeep")
        /// The input holds more values than one run may read (see ``JastorLimits``).
        public static let tooManyValues = Kind("tooManyValues")
        /// A model class declares its properties inconsistently (see ``JastorObject/declarationIssues``).
        public static let invalidDeclaration = Kind("invalidDeclaration")
        /// A value cannot be written out (it holds something JSON cannot represent).
        public static let unencodableValue = Kind("unencodableValue")
        /// An archive file is missing, unreadable, truncated, corrupt or of a foreign format.
        public static let unreadableArchive = Kind("unreadableArchive")
        /// An archive file cannot be written.
        public static let unwritableArchive = Kind("unwritableArchive")
        /// An archive names a class that cannot be used where it appears, or a model cannot be archived
        /// because another process could not resolve its class.
        public static let disallowedClass = Kind("disallowedClass")
        /// An archive was written by a newer ``JastorObject/archiveVersion`` of a model class than
        /// the one reading it, or an older one that its migration refused, or by the same version
        /// with another transform for a property (whose stored value would mean something else).
        public static let unsupportedVersion = Kind("unsupportedVersion")

        /// The kind's name.
        public var description: String { name }
    }

    /// Where the problem is, from the root of the input.
    public let path: JastorPath
    /// What kind of problem it is.
    public let kind: Kind
    /// What was expected, as text: `Int64`, `a registration in Product.properties`.
    public let expected: String
    /// What was found instead, as text: `String "abc"`, `null`, `nothing`.
    ///
    /// Kept whole; ``description`` shows at most 200 characters of it.
    public let found: String

    /// Creates an issue.
    ///
    /// ```swift
    /// let issue = JastorIssue(path: [.key("id")], kind: .typeMismatch, expected: "Int", found: "null")
    /// ```
    ///
    /// - Parameters:
    ///   - path: Where the problem is.
    ///   - kind: What kind of problem it is.
    ///   - expected: What was expected, as text.
    ///   - found: What was found instead, as text.
    public init(path: JastorPath, kind: Kind, expected: String, found: String) {
        self.path = path
        self.kind = kind
        self.expected = expected
        self.found = found
    }

    /// The issue as one line: `statuses[3].user.id: expected Int64, found String "abc"`.
    ///
    /// An issue about the input as a whole has no path in front. Keys that a plain path would
    /// misread are quoted (`statuses[3]["a.b"]`); keys, expected and found texts longer than 200
    /// characters are shortened (`abc… (600000 characters)`), and control characters in them
    /// escaped, so the line stays one readable line whatever the input held.
    public var description: String {
        let message = "expected \(MessageText.oneLine(expected)), found \(MessageText.oneLine(found))"
        return path.components.isEmpty ? message : "\(path.rendered(keysUpTo: MessageText.limit)): \(message)"
    }
}
