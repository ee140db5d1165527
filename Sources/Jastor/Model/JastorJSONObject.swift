/// A read-only view of the JSON object about to be mapped, for ``JastorObject/modelClass(for:)``.
///
/// Members are converted to Foundation values only when asked for, so a hook that reads one
/// discriminator key costs one lookup, whatever the object holds.
///
/// ```swift
/// override class func modelClass(for json: JastorJSONObject) -> JastorObject.Type? {
///     json["type"] as? String == "PushEvent" ? PushEvent.self : nil
/// }
/// ```
public struct JastorJSONObject {
    private let members: any FoundationMemberLookup

    init(_ members: some FoundationMemberLookup) {
        self.members = members
    }

    /// The member under `key` as an untyped property keeps it (JSON booleans as `Bool`, an integer
    /// as `Int`, a number a `Double` holds as written as that `Double`, any other as the exact
    /// `Decimal`, as Linux's `JSONSerialization` gives it; read from bytes, `-0` is the `Double`
    /// `-0.0`), or `nil` when the object has no such key.
    ///
    /// ```swift
    /// let type = json["type"] as? String
    /// ```
    ///
    /// - Parameter key: A key of the object.
    public subscript(key: String) -> Any? {
        members.foundationMember(key)
    }

    /// The whole object as a Foundation dictionary.
    ///
    /// ```swift
    /// let keys = json.dictionary.keys
    /// ```
    public var dictionary: [String: Any] {
        members.foundationDictionary
    }
}
