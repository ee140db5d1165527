import Foundation

/// The base class of models that fill themselves from JSON dictionaries.
///
/// Subclass it, give every stored property a default, and list each one in ``properties``.
/// ``init(dictionary:)`` then fills every registered property, builds nested models and arrays of
/// models, and leaves whatever does not fit at its default:
///
/// ```swift
/// final class ProductCategory: JastorObject {
///     var name = ""
///     var children: [ProductCategory] = []
///
///     override class var properties: [JastorProperty] { register(\.name, \.children) }
/// }
///
/// let tree = ProductCategory(dictionary: ["name": "1", "children": [["name": "1.1"]]])
/// print(tree.children[0].name)  // 1.1
/// ```
///
/// Every subclass is also `Codable`, `Hashable` and `CustomStringConvertible`, and can
/// ``archive(to:format:)`` itself, with no code of its own.
open class JastorObject {

    // MARK: Declaring a model

    /// The registrations of the class's stored properties: one line per property.
    ///
    /// List every stored property the class declares with ``JastorModel/register(_:rules:)``: key
    /// paths for the properties that follow the class's rules, and in its closure one line per
    /// property with a rule of its own or one Jastor should leave alone (``JastorModel/ignored(_:)``).
    /// The long form (``JastorProperty`` initialisers) stays valid. A subclass lists its own
    /// properties; those of its superclasses are found on theirs.
    ///
    /// ```swift
    /// override class var properties: [JastorProperty] {
    ///     register(\.name, \.price) { property(\.createdAt, transform: .iso8601) }
    /// }
    /// ```
    open class var properties: [JastorProperty] { [] }

    /// The model class to build for the elements of array properties, by property name.
    ///
    /// An array typed `[Item]` builds `Item`s on its own; this table lets it build a subclass
    /// instead, or lets an untyped `[Any]` property build models (as Jastor's `+categories_class`).
    ///
    /// ```swift
    /// override class var arrayElementTypes: [String: JastorObject.Type] { ["items": Item.self] }
    /// ```
    open class var arrayElementTypes: [String: JastorObject.Type] { [:] }

    /// How the class derives JSON keys from property names; `.exact` unless overridden.
    ///
    /// A registration's explicit `key` always wins. Subclasses inherit the strategy.
    ///
    /// ```swift
    /// override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }
    /// ```
    open class var keyStrategy: JastorKeyStrategy { .exact }

    /// How the class's `Date` properties read and write, unless a registration gives its own
    /// transform; `nil` (the default) keeps the built-in rule: ISO-8601 or seconds since 1970 in,
    /// ISO-8601 out.
    ///
    /// One line covers every `Date`, `Date?`, `[Date]` and `[String: Date]` property of the class;
    /// subclasses inherit it. It takes precedence over a transform registered for `Date` with
    /// ``JastorTransform/registerAsDefault()``.
    ///
    /// ```swift
    /// override class var dateTransform: JastorTransform<Date>? { .secondsSince1970 }
    /// ```
    open class var dateTransform: JastorTransform<Date>? { nil }

    /// What the class asks of the keys of the JSON it is created from; lenient (`[]`) unless
    /// overridden.
    ///
    /// ``JastorKeyPolicy/requireEveryKey`` makes a missing key an issue (a registration's
    /// `required: false` exempts its key), ``JastorKeyPolicy/reportUnknownKeys`` makes a key no
    /// property reads one. Subclasses inherit the policy.
    ///
    /// ```swift
    /// override class var keyPolicy: JastorKeyPolicy { [.requireEveryKey, .reportUnknownKeys] }
    /// ```
    open class var keyPolicy: JastorKeyPolicy { [] }

    /// Picks the class to build for a JSON object found where this class is declared.
    ///
    /// Override it in a base class to build subclasses from a discriminator (as Mantle's
    /// `classForParsingJSONDictionary`); return `nil` to build the declared class. It is used for
    /// properties, array and dictionary elements, and root arrays alike, and it must return this
    /// class or a subclass: any other class is reported (`.disallowedClass`) and the declared class
    /// built instead. Archives do not consult it: they record the exact class.
    ///
    /// ```swift
    /// override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
    ///     switch json["type"] as? String {
    ///     case "PushEvent": PushEvent.self
    ///     case "WatchEvent": WatchEvent.self
    ///     default: nil
    ///     }
    /// }
    /// ```
    ///
    /// The view reads the input in place while the mapping call runs; a view you keep past it
    /// reads a copy. It is not `Sendable`: read it on the mapping's thread.
    ///
    /// - Parameter json: The JSON object about to be mapped.
    /// - Returns: The class to build, or `nil` for the declared class.
    open class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? { nil }

    // MARK: Archiving a model class

    /// The name archives record for the class; by default its Swift name without the module.
    ///
    /// The default is the class's name as Swift spells it, with the module and any private or
    /// local context left out: `Product`, `Library.Shelf` for a nested class, `Page<Entry>` for a
    /// generic one, `Memo` for a `private` class. It stays the same when the module or target is
    /// renamed, and contains no memory address. Override it to pin the name, so that the Swift
    /// name can change freely; list the names older archives used in ``archiveAliases``.
    ///
    /// Archiving checks the name: one that cannot name the class in another process is an error
    /// when the archive is written, not when it is read.
    ///
    /// ```swift
    /// override class var archiveName: String { "Product" }
    /// ```
    open class var archiveName: String { ArchiveIdentity.defaultName(of: self) }

    /// Former archive names of the class, which archives written under them still read as it.
    ///
    /// Add the old name when renaming a class (or pinning ``archiveName``). Archives of format
    /// version 1 recorded `Module.Name`; the part after the module is matched without an alias,
    /// whatever the module is called now, and an alias may also give the whole old name.
    ///
    /// ```swift
    /// final class Client: JastorObject {  // was `Customer`
    ///     override class var archiveAliases: [String] { ["Customer"] }
    /// }
    /// ```
    open class var archiveAliases: [String] { [] }

    /// Subclasses that archives may hold where this class is declared.
    ///
    /// An archive records the class of a model stored in a property of a less specific type (a
    /// `Puppy` in a property typed `Animal`), and of a root read through its base class
    /// (`Animal.unarchive(from:)`). Reading resolves that name only among the declared class,
    /// the subclasses listed here (and those their own tables list), and classes registered with
    /// ``registerForArchiving(_:)``; archiving a subclass that reading could not resolve is an
    /// error. Subclasses inherit the table; entries that are not subclasses of the declared class
    /// are never used there.
    ///
    /// ```swift
    /// override class var archiveSubclasses: [JastorObject.Type] { [Dog.self, Cat.self] }
    /// ```
    open class var archiveSubclasses: [JastorObject.Type] { [] }

    /// The version of the class's archived properties; `1` unless overridden.
    ///
    /// Raise it when a change needs code to read older archives (a renamed key, a split field, a
    /// changed type) and handle the older versions in ``migrate(archivedProperties:fromVersion:)``.
    /// Changes that need no code need no new version: an added property keeps its default, a
    /// removed one is ignored, and values are converted as mapping converts them (`12` into a
    /// `String`). An archive written by a newer version of the class is refused with an issue.
    ///
    /// ```swift
    /// override class var archiveVersion: Int { 2 }
    /// ```
    open class var archiveVersion: Int { 1 }

    /// Rewrites the stored properties of an archive of an older ``archiveVersion``, before they
    /// are mapped.
    ///
    /// Called on each class of an archived model's chain (the model's class and its superclasses
    /// below ``JastorObject``) whose archived version is older than its current one, base class
    /// first, each with its own archived version and the model's properties as stored: by property
    /// name, values as the archive holds them (numbers, strings, booleans, `NSNull`, arrays, and
    /// nested models as dictionaries), as the base's migration left them. The properties left are
    /// then mapped as usual. The default does nothing. Handle only the class's own properties and
    /// do not call `super`'s: a subclass that raises its ``archiveVersion`` overrides this method,
    /// since an inherited one would run with the subclass's version.
    ///
    /// ```swift
    /// override class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {
    ///     if version < 2, let name = properties.removeValue(forKey: "fullName") as? String {
    ///         properties["givenName"] = name.split(separator: " ").first.map(String.init)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - properties: The archived properties, to change in place.
    ///   - version: The class version the archive was written with, older than ``archiveVersion``.
    /// - Throws: Any error, to refuse the archive; reading reports it as an issue at the model.
    open class func migrate(archivedProperties properties: inout [String: Any], fromVersion version: Int) throws {}

    /// The problems in the class's declaration, empty when it is consistent.
    ///
    /// Lists stored properties with no registration, registrations that name no stored property,
    /// another property than their key path's, or the wrong type, key paths Jastor cannot name,
    /// properties registered twice, types with no rules (an empty ``JastorValue`` conformance), and
    /// `arrayElementTypes` entries that do not fit. Strict mapping throws these, lenient mapping
    /// with `issues:` returns them, and debug builds print them once per class on standard error;
    /// a unit test asserting this is empty catches them early:
    ///
    /// ```swift
    /// #expect(Product.declarationIssues.isEmpty)
    /// ```
    public final class var declarationIssues: [JastorIssue] {
        PlanCache.shared.plan(for: self).declarationIssues
    }

    // MARK: Creating models

    /// Creates a model with every property at its default.
    ///
    /// ```swift
    /// let empty = Product()
    /// ```
    public required init() {}

    /// Creates a model from a JSON dictionary, leniently.
    ///
    /// Every registered property whose key is present and whose value fits is set; a value that
    /// does not fit, or `null` for a non-optional property, leaves the default; a missing key
    /// leaves the property untouched. Use ``init(dictionary:issues:)`` to learn what was skipped,
    /// or ``init(validating:)`` to fail on any mismatch.
    ///
    /// ```swift
    /// let product = Product(dictionary: ["name": "foo"])
    /// ```
    ///
    /// - Parameter dictionary: A JSON object, as `JSONSerialization` produces or built by hand.
    public required init(dictionary: [String: Any]) {
        var issues: [JastorIssue] = []
        fill(from: dictionary, by: .storage, issues: &issues)
    }

    /// Creates a model from a JSON dictionary, leniently, and reports what did not fit.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let product = Product(dictionary: json, issues: &issues)
    /// for issue in issues { print(issue) }  // price: expected Decimal, found String "n/a"
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: A JSON object.
    ///   - issues: Receives every value that was skipped, and the class's declaration problems.
    public required convenience init(dictionary: [String: Any], issues: inout [JastorIssue]) {
        self.init()
        fill(from: dictionary, by: .storage, issues: &issues)
    }

    /// Creates a model from a JSON dictionary, strictly.
    ///
    /// The whole dictionary is mapped, and if any value did not fit (or the class's declaration
    /// has problems) the error lists every one, each with its full key path.
    ///
    /// ```swift
    /// let response = try SearchResponse(validating: json)
    /// ```
    ///
    /// - Parameter dictionary: A JSON object.
    /// - Throws: ``JastorError`` with every issue found.
    public required convenience init(validating dictionary: [String: Any]) throws {
        var issues: [JastorIssue] = []
        self.init(dictionary: dictionary, issues: &issues)
        try StrictMapping.throwIfAny(issues)
    }

    /// Parses UTF-8 JSON and maps it, leniently.
    ///
    /// The bytes are read by the library's own JSON reader, with no `JSONSerialization`.
    ///
    /// ```swift
    /// let person = try Person(json: data)
    /// ```
    ///
    /// - Parameter json: The bytes of a JSON object.
    /// - Throws: ``JastorError`` when the bytes are not JSON (`.invalidJSON`) or not an object.
    public required convenience init(json: Data) throws {
        self.init()
        _ = try fill(fromJSON: json)
    }

    /// Parses UTF-8 JSON and maps it, leniently, and reports what did not fit.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let person = try Person(json: data, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - json: The bytes of a JSON object.
    ///   - issues: Receives every value that was skipped, and the class's declaration problems.
    /// - Throws: ``JastorError`` when the bytes are not JSON (`.invalidJSON`) or not an object.
    public required convenience init(json: Data, issues: inout [JastorIssue]) throws {
        self.init()
        issues += try fill(fromJSON: json)
    }

    /// Parses UTF-8 JSON and maps it strictly.
    ///
    /// ```swift
    /// let person = try Person(validatingJSON: data)
    /// ```
    ///
    /// - Parameter json: The bytes of a JSON object.
    /// - Throws: ``JastorError`` with every issue, when the bytes are not JSON, not an object, or
    ///   hold a value that does not fit.
    public required convenience init(validatingJSON json: Data) throws {
        self.init()
        let issues = try fill(fromJSON: json)
        try StrictMapping.throwIfAny(issues)
    }

    /// Parses a JSON string and maps it, leniently.
    ///
    /// ```swift
    /// let person = try Person(jsonString: #"{"name": "John"}"#)
    /// ```
    ///
    /// - Parameter jsonString: The text of a JSON object.
    /// - Throws: ``JastorError`` when the text is not JSON (`.invalidJSON`) or not an object.
    public required convenience init(jsonString: String) throws {
        try self.init(json: Data(jsonString.utf8))
    }

    /// Parses a JSON string and maps it, leniently, and reports what did not fit.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let person = try Person(jsonString: text, issues: &issues)
    /// ```
    ///
    /// - Parameters:
    ///   - jsonString: The text of a JSON object.
    ///   - issues: Receives every value that was skipped, and the class's declaration problems.
    /// - Throws: ``JastorError`` when the text is not JSON (`.invalidJSON`) or not an object.
    public required convenience init(jsonString: String, issues: inout [JastorIssue]) throws {
        try self.init(json: Data(jsonString.utf8), issues: &issues)
    }

    /// Parses a JSON string and maps it strictly.
    ///
    /// ```swift
    /// let person = try Person(validatingJSONString: #"{"name": "John"}"#)
    /// ```
    ///
    /// - Parameter jsonString: The text of a JSON object.
    /// - Throws: ``JastorError`` with every issue, when the text is not JSON, not an object, or
    ///   holds a value that does not fit.
    public required convenience init(validatingJSONString jsonString: String) throws {
        try self.init(validatingJSON: Data(jsonString.utf8))
    }

    // MARK: Decodable

    /// Creates a model from a decoder, by the JSON mapping rules, strictly: any value that does
    /// not fit is a `DecodingError`.
    ///
    /// The decoder's value is mapped as ``init(validating:)`` maps a dictionary: JSON keys, key
    /// paths, the key strategy, transforms and each class's ``keyPolicy`` (a missing required key
    /// or a reported unknown key throws) apply. The instance is of the class the decoder asks for:
    /// where that class's ``modelClass(for:)`` picks another for the object, this throws (declare
    /// the property ``JastorPolymorphic`` to build the class picked). A `"$class"` key in the data
    /// never chooses a class: only ``unarchive(from:)-(Data)`` reads class markers, from Jastor's
    /// own archives.
    ///
    /// ```swift
    /// let product = try JSONDecoder().decode(Product.self, from: data)
    /// ```
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` naming the coding path of the first issue (of the model itself for
    ///   a declaration issue, or a class the hook picks).
    public required init(from decoder: any Decoder) throws {
        try CodableBridge.decode(self, from: decoder)
    }

    // MARK: Output

    /// The model as a JSON dictionary that `JSONSerialization` accepts.
    ///
    /// Keys are the JSON keys the model reads, nested models become dictionaries, dates become
    /// ISO-8601 text in UTC (`2014-08-29T10:12:00Z`, with the fractional digits it takes to read
    /// back the same `Date`) and `Data` base64 strings. A `nil` or empty value is left out when the
    /// property's default is also `nil` or empty, so that `T(dictionary: x.toDictionary()) == x`.
    ///
    /// ```swift
    /// let json = try JSONSerialization.data(withJSONObject: product.toDictionary())
    /// ```
    ///
    /// - Returns: The model's registered properties as a dictionary.
    public final func toDictionary() -> [String: Any] {
        var context = EncodingContext(purpose: .dictionary)
        return MappingEngine.foundationObject(self, context: &context) as? [String: Any] ?? [:]
    }

    /// The model as ``toDictionary()`` writes it, and an issue for each value that would not come
    /// back from the model's JSON text.
    ///
    /// The issues are those ``jsonData(options:)`` throws: a value JSON cannot hold (a non-finite
    /// number, a `Date` or `Data` or a non-JSON value kept untyped), a value a table transform
    /// does not list, a kept unmapped key that a property reads or writes (left out), a cycle, more
    /// values than ``JastorLimits/maximumValueCount`` (models and containers after it written as
    /// `NSNull`); and
    /// one for each value of the dictionary that `JSONSerialization` refuses where the JSON text
    /// has none (a transform's `Date` or `Data`, which the dictionary keeps as it is and the text
    /// spells as ISO-8601 or Base64). The dictionary is the same as ``toDictionary()``'s, which
    /// stays as fast as it is by collecting none.
    ///
    /// ```swift
    /// var issues: [JastorIssue] = []
    /// let dictionary = product.toDictionary(issues: &issues)
    /// ```
    ///
    /// - Parameter issues: Receives an issue for each value, at its key path.
    /// - Returns: The model's registered properties as a dictionary.
    public final func toDictionary(issues: inout [JastorIssue]) -> [String: Any] {
        let textIssues = JSONTextOutput.issues { writer, context in
            MappingEngine.writeJSON(self, to: &writer, context: &context)
        }
        let dictionary = toDictionary()
        issues += textIssues + SerializationCheck.issues(in: dictionary, besides: textIssues)
        return dictionary
    }
}
