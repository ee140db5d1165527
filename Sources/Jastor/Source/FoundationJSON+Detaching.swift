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
            // A set, or a dictionary with keys that are not all strings: not JSON (output reports
            // it), copied to every level as well.
            if let parts = FoundationContainer.otherParts(of: value) {
                // An ordered set is always copied: on Linux it hands over its elements bridged
                // (an `NSMutableString` as a `String`), so a shared one is not seen in them.
                let copied = isMutableFoundationObject(type) || type is NSOrderedSet.Type
                return detachedParts(of: value, parts, copied: copied, containersAbove: &containersAbove)
            }
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
        // A Swift set, or a dictionary with keys that are not all strings.
        if let parts = FoundationContainer.otherParts(of: value) {
            return detachedParts(of: value, parts, copied: false, containersAbove: &containersAbove)
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
            || type is NSMutableDictionary.Type
    }

    /// `collection` (a set, or a dictionary whose keys are not all strings: its ``FoundationContainer/otherParts(of:)``
    /// are `parts`) rebuilt from its detached parts, or `nil` when neither it (`copied`) nor
    /// any part needed a copy.
    ///
    /// An `NSSet` or `NSOrderedSet` stays one; a Swift set becomes a `Set<AnyHashable>`, and a
    /// dictionary an `[AnyHashable: Any]`. A part that must be hashable and was detached into a
    /// Swift array or dictionary is kept as an `NSArray` or `NSDictionary` of it.
    private static func detachedParts(
        of collection: Any, _ parts: [Any], copied: Bool, containersAbove: inout Set<ObjectIdentifier>
    ) -> Any? {
        var detached = parts
        var changed = copied
        for (index, part) in parts.enumerated() {
            guard let copy = detachedIfShared(part, containersAbove: &containersAbove) else { continue }
            detached[index] = copy
            changed = true
        }
        guard changed else { return nil }
        let type = type(of: collection)
        let isDictionary = type is NSDictionary.Type || Mirror(reflecting: collection).displayStyle == .dictionary
        if isDictionary {
            var dictionary: [AnyHashable: Any] = [:]
            for index in stride(from: 0, to: detached.count - 1, by: 2) {
                guard let key = hashable(detached[index]) ?? (parts[index] as? AnyHashable) else { continue }
                dictionary[key] = detached[index + 1]
            }
            return dictionary
        }
        let elements = zip(detached, parts).compactMap { hashable($0) ?? ($1 as? AnyHashable) }
        if type is NSOrderedSet.Type { return NSOrderedSet(array: elements) }
        if type is NSSet.Type { return NSSet(array: elements) }
        return Set(elements)
    }

    /// `value` as a set element or dictionary key: a detached Swift array or dictionary as an
    /// `NSArray` or `NSDictionary` of it.
    private static func hashable(_ value: Any) -> AnyHashable? {
        let type = type(of: value)
        if type == [Any].self, let array = value as? [Any] { return NSArray(array: array) }
        if type == [String: Any].self, let dictionary = value as? [String: Any] {
            return NSDictionary(dictionary: dictionary)
        }
        if type == [AnyHashable: Any].self, let dictionary = value as? [AnyHashable: Any] {
            return NSDictionary(dictionary: dictionary)
        }
        return value as? AnyHashable
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
