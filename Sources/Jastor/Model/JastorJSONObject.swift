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

    /// The member under `key` as `JSONSerialization` would produce it (JSON booleans as `Bool`,
    /// numbers as `Int`, `UInt64` or `Double`; read from bytes, `-0` is the `Double` `-0.0`, an
    /// integer beyond `UInt64` and any number with a fraction or exponent the nearest `Double`,
    /// infinite beyond its range), or `nil` when the object has no such key.
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
