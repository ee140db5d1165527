import Foundation

/// Foundation arrays and dictionaries (`NSArray`, `NSDictionary` and their mutable kinds), read one
/// level at a time.
///
/// Casting an `NSArray` to `[Any]`, or an `NSDictionary` to `[String: Any]`, makes Foundation bridge
/// every container inside it at once, recursively: an `NSMutableArray` that holds itself overflows
/// the stack there, and so does one nested 100,000 levels deep, before any limit of Jastor's could
/// apply. Their contents are read through `Mirror` instead, which hands each element over as the
/// object it is; each level is then classified in turn, under the nesting limit and the stack
/// guard, and containers are told apart by their identity (``identity(of:)``) to cut cycles. On
/// Apple platforms, where Foundation's cast bridges one level and leaves the elements as they are,
/// the cast is kept (a `Mirror` of every container of a `JSONSerialization` result would cost more).
enum FoundationContainer {
    /// The identity of `value` when it is a Foundation array or dictionary (a reference that may
    /// be met again), `nil` for anything else.
    static func identity(of value: Any) -> ObjectIdentifier? {
        let type = type(of: value)
        guard type is NSArray.Type || type is NSDictionary.Type else { return nil }
        return ObjectIdentifier(value as AnyObject)
    }

    /// The elements of `value` when it is a Foundation array, each as the object it is.
    static func elements(of value: Any) -> [Any]? {
        guard type(of: value) is NSArray.Type else { return nil }
        #if canImport(Darwin)
        // Apple's Foundation bridges one level, lazily: the elements stay the objects they are.
        return value as? [Any]
        #else
        return Mirror(reflecting: value).children.map(\.value)
        #endif
    }

    /// The members of `value` when it is a Foundation dictionary whose keys are all strings, each
    /// value as the object it is.
    static func members(of value: Any) -> [String: Any]? {
        guard type(of: value) is NSDictionary.Type else { return nil }
        #if canImport(Darwin)
        // One level, as above (the keys become `String`s, the values stay the objects they are).
        return value as? [String: Any]
        #else
        var members: [String: Any] = [:]
        for entry in Mirror(reflecting: value).children {
            let pair = Mirror(reflecting: entry.value).children
            guard pair.count == 2, let key = pair.first?.value as? String, let member = pair.dropFirst().first
            else { return nil }
            members[key] = member.value
        }
        return members
        #endif
    }
}
