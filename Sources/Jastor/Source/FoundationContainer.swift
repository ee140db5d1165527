import Foundation

/// Foundation arrays and dictionaries (`NSArray`, `NSDictionary` and their mutable kinds), read one
/// level at a time.
///
/// Casting an `NSArray` to `[Any]`, or an `NSDictionary` to `[String: Any]`, makes Foundation bridge
/// every container inside it at once, recursively: an `NSMutableArray` that holds itself overflows
/// the stack there, and so does one nested 100,000 levels deep, before any limit of Jastor's could
/// apply. Their contents are read through `Mirror` instead, which hands each element over as the
/// object it is; each level is then classified in turn, under the nesting limit and the stack
/// guard, and containers are told apart by their identity (``identity(of:)``) to cut cycles.
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
        return Mirror(reflecting: value).children.map(\.value)
    }

    /// The members of `value` when it is a Foundation dictionary whose keys are all strings, each
    /// value as the object it is.
    static func members(of value: Any) -> [String: Any]? {
        guard type(of: value) is NSDictionary.Type else { return nil }
        var members: [String: Any] = [:]
        for entry in Mirror(reflecting: value).children {
            let pair = Mirror(reflecting: entry.value).children
            guard pair.count == 2, let key = pair.first?.value as? String, let member = pair.dropFirst().first
            else { return nil }
            members[key] = member.value
        }
        return members
    }
}
