/// How a class derives JSON keys from its property names.
///
/// A registration's explicit `key` always wins; the strategy decides the rest, in both directions.
///
/// ```swift
/// final class Person: JastorObject {
///     var firstName = ""
///     override class var keyStrategy: JastorKeyStrategy { .convertFromSnakeCase }  // reads "first_name"
///     override class var properties: [JastorProperty] { register(\.firstName) }
/// }
/// ```
public struct JastorKeyStrategy: Sendable {
    private let transform: @Sendable (String) -> String

    /// A strategy that computes each property's key with `transform`.
    ///
    /// ```swift
    /// override class var keyStrategy: JastorKeyStrategy { .custom { "x-" + $0 } }
    /// ```
    ///
    /// - Parameter transform: The key for a property name.
    /// - Returns: The strategy.
    public static func custom(_ transform: @escaping @Sendable (String) -> String) -> JastorKeyStrategy {
        JastorKeyStrategy(transform: transform)
    }

    /// Keys are the property names as declared (the default).
    public static let exact = JastorKeyStrategy { $0 }

    /// Keys are the property names in `snake_case`: `firstName` ↔ `first_name`, `avatarURL` ↔
    /// `avatar_url`.
    ///
    /// The key is the one Foundation's `JSONEncoder` writes with `.convertToSnakeCase` (and its
    /// `JSONDecoder` reads with `.convertFromSnakeCase`), its quirks included: leading and trailing
    /// underscores stay (`name_` → `name_`), a leading capital is a word of its own (`URLString` →
    /// `u_rl_string`), and an underscore before a capital stays beside the new one (`a_B` → `a__b`).
    public static let convertFromSnakeCase = JastorKeyStrategy(transform: snakeCase)

    /// The JSON key for the property `name`.
    ///
    /// ```swift
    /// JastorKeyStrategy.convertFromSnakeCase.key(for: "userID")  // "user_id"
    /// ```
    ///
    /// - Parameter name: A property name.
    /// - Returns: The JSON key.
    public func key(for name: String) -> String {
        transform(name)
    }

    /// `camelCase` to `snake_case` by the rules of Foundation's `.convertToSnakeCase`.
    ///
    /// Both give the same key for every name (`JSONEncoder.KeyEncodingStrategy`): a word starts at each
    /// upper-case letter after the first character, acronyms stay together (`avatarURLString` →
    /// `avatar_url_string`), digits and underscores start no word (`value2x`, `_private`,
    /// `a__b` and `name_` stay as they are), and the words are joined by `_` and lowercased.
    /// Letters are upper or lower case by their Unicode category (`Lu` and `Lt`, `Ll`), as
    /// Foundation's `CharacterSet.uppercaseLetters` and `lowercaseLetters` are.
    private static func snakeCase(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        guard !scalars.isEmpty else { return name }
        var words: [Range<Int>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = (searchStart..<scalars.count).first(where: { isUppercase(scalars[$0]) }) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<scalars.count).first(where: { isLowercase(scalars[$0]) }) else {
                wordStart = upper
                break
            }
            if lower == upper + 1 {
                // `Word`: the upper-case letter starts a word.
                wordStart = upper
            } else {
                // `URLString`: the capitals before the last one are a word, the last starts the next.
                words.append(upper..<lower - 1)
                wordStart = lower - 1
            }
            searchStart = lower + 1
        }
        words.append(wordStart..<scalars.count)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        let category = scalar.properties.generalCategory
        return category == .uppercaseLetter || category == .titlecaseLetter
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
