/// Swift identifiers from JSON keys: `UpperCamelCase` type names, `lowerCamelCase` property names,
/// singular element names, and Jastor's `snake_case` key strategy, reproduced to know when it fits.
enum Identifier {
    /// The words of a key: `profile_image_url` → `profile`, `image`, `url`; `eventId` → `event`, `Id`;
    /// `HTTPStatus` → `HTTP`, `Status`.
    static func words(of key: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if let previous = current.last, character.isUppercase {
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A type name: `retweeted_status` → `RetweetedStatus`; `""` when the key has no letters or digits.
    static func typeName(_ key: String) -> String {
        let name = words(of: key).map(capitalized).joined()
        guard let first = name.first else { return "" }
        return first.isNumber ? "Model" + name : name
    }

    /// A property name: `profile_image_url` → `profileImageUrl`, `ID` → `id`, `2fa` → `field2fa`.
    static func propertyName(_ key: String) -> String {
        let parts = words(of: key)
        guard let first = parts.first else { return "field" }
        let name = lowercasedWord(first) + parts.dropFirst().map(capitalized).joined()
        return name.first?.isNumber == true ? "field" + name : name
    }

    /// The singular of a type name's last word: `Statuses` → `Status`, `Categories` → `Category`,
    /// `UserMentions` → `UserMention`; names that are not plural stay as they are.
    static func singular(_ name: String) -> String {
        guard let last = words(of: name).last, last.count > 2 else { return name }
        let stem = String(name.dropLast(last.count))
        let lower = last.lowercased()
        if let irregular = irregularSingulars[lower] { return stem + capitalized(irregular) }
        for (suffix, replacement) in pluralEndings where lower.hasSuffix(suffix) {
            return stem + last.dropLast(suffix.count) + replacement
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), !lower.hasSuffix("is") {
            return stem + last.dropLast()
        }
        return name
    }

    // MARK: - Words

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
        return first.uppercased() + (isAcronym ? word.dropFirst().lowercased() : String(word.dropFirst()))
    }

    private static func lowercasedWord(_ word: String) -> String {
        word.allSatisfy { $0.isUppercase || $0.isNumber }
            ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    private static let irregularSingulars = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "data": "datum", "media": "media",
        "indices": "index", "matrices": "matrix", "series": "series", "news": "news", "aliases": "alias",
        "statuses": "status", "addresses": "address", "buses": "bus", "analyses": "analysis",
        "movies": "movie", "cookies": "cookie", "species": "species",
    ]

    private static let pluralEndings: [(String, String)] = [
        ("ies", "y"), ("sses", "ss"), ("shes", "sh"), ("ches", "ch"), ("xes", "x"), ("zzes", "zz"),
    ]
}
