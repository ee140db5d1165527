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

    /// `camelCase` to `snake_case`, keeping acronyms together (`avatarURLString` → `avatar_url_string`).
    private static func snakeCase(_ name: String) -> String {
        name.utf8.allSatisfy { $0 < 0x80 } ? asciiSnakeCase(name) : characterSnakeCase(name)
    }

    /// ``snakeCase(_:)`` character by character, for any name.
    static func characterSnakeCase(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    result.append("_")
                }
            }
            result += character.lowercased()
        }
        return result
    }

    /// ``snakeCase(_:)`` of an ASCII name, byte by byte: the same result, without the Unicode
    /// property tables `Character.isUppercase` reads (Performance, "Peak memory (11)").
    static func asciiSnakeCase(_ name: String) -> String {
        let bytes = Array(name.utf8)
        func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLowercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 2)
        for (index, byte) in bytes.enumerated() {
            guard isUppercase(byte) else {
                result.append(byte)
                continue
            }
            if index > 0 {
                let previous = bytes[index - 1]
                let nextIsLowercase = index + 1 < bytes.count && isLowercase(bytes[index + 1])
                if isLowercase(previous) || isDigit(previous) || (isUppercase(previous) && nextIsLowercase) {
                    result.append(UInt8(ascii: "_"))
                }
            }
            result.append(byte + (UInt8(ascii: "a") - UInt8(ascii: "A")))
        }
        return String(decoding: result, as: UTF8.self)
    }
}
