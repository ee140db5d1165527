import Foundation

/// Untyped values taken from a Foundation dictionary without the caller's mutable objects.
///
/// A model keeps an untyped value (`Any`, `[String: Any]`, `[Any]`) as the dictionary held it; an
/// `NSMutableString`, `NSMutableData`, `NSMutableArray` or `NSMutableDictionary` in it would stay
/// shared with the caller, and the model's value (and hash) would change when the caller changes
/// that object after mapping. Such objects are copied into Swift values; a value holding none is
/// handed on as it is.
extension FoundationJSON {
    /// `value` with every mutable Foundation object in it copied.
    static func detached(_ value: Any) -> Any {
        detachedIfShared(value) ?? value
    }

    /// `value` with its mutable Foundation objects copied, or `nil` when it holds none.
    ///
    /// Mutability is read from the object's class (a Swift `String` never is one). On Apple
    /// platforms Foundation's own strings and data share a class with their mutable kinds, so
    /// they are copied too: the copy is equal, only not shared.
    private static func detachedIfShared(_ value: Any) -> Any? {
        let type = type(of: value)
        // The common scalars, told apart without a cast.
        if type == String.self || type is NSNumber.Type || type is NSNull.Type { return nil }
        if type is NSMutableString.Type, let string = value as? String { return string }
        if type is NSMutableData.Type, let data = value as? Data { return data }
        if let array = value as? [Any] {
            return detachedElements(of: array, copied: type is NSMutableArray.Type)
        }
        if let dictionary = value as? [String: Any] {
            return detachedMembers(of: dictionary, copied: type is NSMutableDictionary.Type)
        }
        return nil
    }

    /// The array with its elements detached, or `nil` when neither it (`copied`) nor any element
    /// needed a copy.
    private static func detachedElements(of array: [Any], copied: Bool) -> [Any]? {
        var result: [Any]?
        for (index, element) in array.enumerated() {
            guard let detached = detachedIfShared(element) else { continue }
            if result == nil { result = array }
            result?[index] = detached
        }
        return result ?? (copied ? array : nil)
    }

    /// The dictionary with its values detached, or `nil` when neither it (`copied`) nor any value
    /// needed a copy.
    private static func detachedMembers(of dictionary: [String: Any], copied: Bool) -> [String: Any]? {
        var result: [String: Any]?
        for (key, member) in dictionary {
            guard let detached = detachedIfShared(member) else { continue }
            if result == nil { result = dictionary }
            result?[key] = detached
        }
        return result ?? (copied ? dictionary : nil)
    }
}
