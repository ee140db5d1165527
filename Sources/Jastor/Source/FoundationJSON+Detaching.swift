import Foundation

/// Untyped values taken from a Foundation dictionary without the caller's mutable objects.
///
/// A model keeps an untyped value (`Any`, `[String: Any]`, `[Any]`) as the dictionary held it; an
/// `NSMutableString`, `NSMutableData`, `NSMutableArray`, `NSMutableDictionary`, `NSMutableSet` or
/// any other mutable Foundation object in it (inside an `Optional` too) would stay shared with the
/// caller, and the model's value (and hash) would change when the caller changes that object after
/// mapping. Such objects are copied (strings, data, arrays and dictionaries into Swift values);
/// a value holding none is handed on as it is.
extension FoundationJSON {
    /// `value` with every mutable Foundation object in it copied.
    static func detached(_ value: Any) -> Any {
        var containersAbove: Set<ObjectIdentifier> = []
        return detachedIfShared(value, containersAbove: &containersAbove) ?? value
    }

    /// `value` with its mutable Foundation objects copied, or `nil` when it holds none.
    ///
    /// Mutability is read from the object's class (a Swift `String` never is one). On Apple
    /// platforms Foundation's own strings and data share a class with their mutable kinds, so
    /// they are copied too: the copy is equal, only not shared. Foundation arrays and dictionaries
    /// become Swift ones, read one level at a time (``FoundationContainer``); one met again inside
    /// itself (`containersAbove` holds those on the way down) is kept as `NSNull`, as the mapping
    /// reported. A container met twice elsewhere is copied whole both times.
    private static func detachedIfShared(_ value: Any, containersAbove: inout Set<ObjectIdentifier>) -> Any? {
        let type = type(of: value)
        // The common scalars, told apart without a cast.
        if type == String.self || type is NSNumber.Type || type is NSNull.Type { return nil }
        if type is NSMutableString.Type, let string = value as? String { return string }
        if type is NSMutableData.Type, let data = value as? Data { return data }
        if let identity = FoundationContainer.identity(of: value) {
            guard containersAbove.insert(identity).inserted else { return NSNull() }
            defer { containersAbove.remove(identity) }
            if let elements = FoundationContainer.elements(of: value) {
                return detachedElements(of: elements, copied: true, containersAbove: &containersAbove)
            }
            if let members = FoundationContainer.members(of: value) {
                return detachedMembers(of: members, copied: true, containersAbove: &containersAbove)
            }
            // A dictionary with keys that are not all strings: not JSON (the mapping reported it),
            // copied one level.
            return (value as? NSCopying)?.copy(with: nil)
        }
        // Foundation's other mutable kinds: an immutable copy.
        if isMutableFoundationObject(type), let object = value as? NSCopying { return object.copy(with: nil) }
        if type == Int.self || type == Double.self || type == Bool.self { return nil }
        if let array = value as? [Any] {
            return detachedElements(of: array, copied: false, containersAbove: &containersAbove)
        }
        if let dictionary = value as? [String: Any] {
            return detachedMembers(of: dictionary, copied: false, containersAbove: &containersAbove)
        }
        // `["nick": nick as Any]` with `nick: NSMutableString?` holds an `Optional` inside `Any`.
        if let wrapped = wrappedOptional(value) {
            return wrapped.flatMap { detachedIfShared($0, containersAbove: &containersAbove) }
        }
        return nil
    }

    /// Whether `type` is one of Foundation's mutable classes besides strings, data, arrays and
    /// dictionaries (sets, ordered sets, attributed strings, character and index sets).
    private static func isMutableFoundationObject(_ type: Any.Type) -> Bool {
        type is NSMutableSet.Type || type is NSMutableOrderedSet.Type || type is NSMutableAttributedString.Type
            || type is NSMutableCharacterSet.Type || type is NSMutableIndexSet.Type
    }

    /// `.some(wrapped)` when `value` is an `Optional` (`.some(nil)` for `nil`), `nil` when it is
    /// not one.
    private static func wrappedOptional(_ value: Any) -> Any?? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return nil }
        return .some(mirror.children.first?.value)
    }

    /// The array with its elements detached, or `nil` when neither it (`copied`) nor any element
    /// needed a copy.
    private static func detachedElements(
        of array: [Any], copied: Bool, containersAbove: inout Set<ObjectIdentifier>
    ) -> [Any]? {
        var result: [Any]?
        for (index, element) in array.enumerated() {
            guard let detached = detachedIfShared(element, containersAbove: &containersAbove) else { continue }
            if result == nil { result = array }
            result?[index] = detached
        }
        return result ?? (copied ? array : nil)
    }

    /// The dictionary with its values detached, or `nil` when neither it (`copied`) nor any value
    /// needed a copy.
    private static func detachedMembers(
        of dictionary: [String: Any], copied: Bool, containersAbove: inout Set<ObjectIdentifier>
    ) -> [String: Any]? {
        var result: [String: Any]?
        for (key, member) in dictionary {
            guard let detached = detachedIfShared(member, containersAbove: &containersAbove) else { continue }
            if result == nil { result = dictionary }
            result?[key] = detached
        }
        return result ?? (copied ? dictionary : nil)
    }
}
