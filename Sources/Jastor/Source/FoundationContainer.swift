import Foundation

/// Foundation arrays and dictionaries (`NSArray`, `NSDictionary` and their mutable kinds), read one
/// level at a time.
///
/// Casting an `NSArray` to `[Any]`, or an `NSDictionary` to `[String: Any]`, makes Foundation bridge
/// every container inside it at once, recursively: an `NSMutableArray` that holds itself overflows
/// the stack there, and so does one nested 100,000 levels deep, before any limit of Jastor's could
/// apply. Their contents are read one level at a time instead (``elements(of:)``,
/// ``entries(of:)``), each element handed over as the object it is; each level is then classified
/// in turn, under the nesting limit and the stack guard, and containers are told apart by their
/// identity (``identity(of:)``) to cut cycles.
enum FoundationContainer {
    /// The identity of `value` when it is a Foundation array or dictionary (a reference that may
    /// be met again), `nil` for anything else.
    static func identity(of value: Any) -> ObjectIdentifier? {
        let type = type(of: value)
        guard type is NSArray.Type || type is NSDictionary.Type || type is NSSet.Type || type is NSOrderedSet.Type
        else { return nil }
        return ObjectIdentifier(value as AnyObject)
    }

    /// The parts of a collection JSON has no kind for, when `value` is one: the elements of an
    /// `NSSet`, `NSOrderedSet` or Swift `Set`, the keys and values (in turn) of a Foundation or
    /// Swift dictionary whose keys are not all strings; each as the value it is.
    ///
    /// Such a value is kept as it is handed over, and may hold mutable objects and containers that
    /// hold it: its parts are read one level at a time, as arrays' are.
    static func otherParts(of value: Any) -> [Any]? {
        let type = type(of: value)
        if type is NSSet.Type, let set = (value as AnyObject) as? NSSet {
            let stored = Mirror(reflecting: value).children.map(\.value)
            guard stored.count != set.count else { return stored }
            // A subclass keeping its own storage: its enumerator is one of its primitive methods.
            var elements: [Any] = []
            let enumerator = set.objectEnumerator()
            while let element = enumerator.nextObject() { elements.append(element) }
            return elements
        }
        if type is NSOrderedSet.Type, let set = (value as AnyObject) as? NSOrderedSet {
            let stored = Mirror(reflecting: value).children.map(\.value)
            guard stored.count != set.count else { return stored }
            return (0..<set.count).map { set.object(at: $0) }
        }
        if type is NSDictionary.Type, members(of: value) == nil, let entries = entries(of: value) {
            return entries.flatMap { [$0.key, $0.value] }
        }
        if type is NSArray.Type || type is NSDictionary.Type || type is AnyObject.Type { return nil }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .set:
            return mirror.children.map { unwrappedHashable($0.value) }
        case .dictionary where !(value is [String: Any]):
            return mirror.children.flatMap { entry -> [Any] in
                let pair = Mirror(reflecting: entry.value).children.map(\.value)
                guard pair.count == 2 else { return [] }
                return [unwrappedHashable(pair[0]), pair[1]]
            }
        default:
            return nil
        }
    }

    /// The value inside an `AnyHashable`, or `value` when it is not one.
    private static func unwrappedHashable(_ value: Any) -> Any {
        (value as? AnyHashable)?.base ?? value
    }

    /// The elements of `value` when it is a Foundation array, each as the object it is.
    ///
    /// Foundation's own arrays are read through their `Mirror`, which shows their storage as it
    /// is (`object(at:)` bridges an element that is itself an array, all its levels at once). A
    /// subclass keeps its own storage, which that `Mirror` does not show: it is read through
    /// `count` and `object(at:)`, the methods every subclass implements. (On Linux, a subclass
    /// whose `object(at:)` hands out an element of a Foundation array it keeps bridges that
    /// element there, all its levels at once; Linux Foundation has no other way to read a subclass,
    /// every other method calls `object(at:)`: a documented limit, see GuaranteesAndLimits.)
    static func elements(of value: Any) -> [Any]? {
        guard type(of: value) is NSArray.Type, let array = (value as AnyObject) as? NSArray else { return nil }
        let stored = Mirror(reflecting: value).children.map(\.value)
        guard stored.count != array.count else { return stored }
        var elements: [Any] = []
        elements.reserveCapacity(array.count)
        for index in 0..<array.count { elements.append(array.object(at: index)) }
        return elements
    }

    /// The members of `value` when it is a Foundation dictionary whose keys are all strings, each
    /// value as the object it is; `nil` for any other value.
    static func members(of value: Any) -> [String: Any]? {
        guard let entries = entries(of: value) else { return nil }
        var members: [String: Any] = [:]
        members.reserveCapacity(entries.count)
        for (key, member) in entries {
            guard let text = key as? String else { return nil }
            members[text] = member
        }
        return members
    }

    /// The keys of a Foundation dictionary whose keys are all strings that Swift's `String` calls
    /// equal to another of its keys, each once, in key order (``members(of:)`` keeps one value of
    /// each).
    static func keysEqualAsStrings(in value: Any) -> [String] {
        guard let entries = entries(of: value) else { return [] }
        var seen: Set<String> = []
        var repeated: Set<String> = []
        for (key, _) in entries {
            guard let text = key as? String else { return [] }
            if !seen.insert(text).inserted { repeated.insert(text) }
        }
        return repeated.sorted()
    }

    /// The keys and values of `value` when it is a Foundation dictionary, whatever its keys, each
    /// as the object it is: through its `Mirror`, or for a subclass keeping its own storage
    /// through `keyEnumerator()` and `object(forKey:)` (as ``elements(of:)``).
    static func entries(of value: Any) -> [(key: Any, value: Any)]? {
        guard type(of: value) is NSDictionary.Type, let dictionary = (value as AnyObject) as? NSDictionary else {
            return nil
        }
        var entries: [(key: Any, value: Any)] = []
        entries.reserveCapacity(dictionary.count)
        for entry in Mirror(reflecting: value).children {
            let pair = Mirror(reflecting: entry.value).children
            guard pair.count == 2, let key = pair.first?.value, let member = pair.dropFirst().first?.value else {
                continue
            }
            entries.append((key, member))
        }
        guard entries.count != dictionary.count else { return entries }
        entries.removeAll()
        let keys = dictionary.keyEnumerator()
        while let key = keys.nextObject() {
            guard let member = dictionary.object(forKey: key) else { continue }
            entries.append((key, member))
        }
        return entries
    }
}
