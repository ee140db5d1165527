/// Swift identifiers from JSON keys: `UpperCamelCase` type names, `lowerCamelCase` property names,
/// singular element names, and Jastor's `snake_case` key strategy, reproduced to know when it fits.
enum Identifier {
    /// `stem`, or the first of `stem2`, `stem3`… that is not taken.
    static func numbered(_ stem: String, isTaken: (String) -> Bool) -> String {
        var name = stem
        var number = 2
        while isTaken(name) {
            name = stem + String(number)
            number += 1
        }
        return name
    }

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

    /// A type name: `retweeted_status` → `RetweetedStatus`, `html_url` → `HTMLURL`; `""` when the key has no letters or digits.
    static func typeName(_ key: String) -> String {
        let name = words(of: key).map { acronyms.contains($0.lowercased()) ? $0.uppercased() : capitalized($0) }
            .joined()
        guard let first = name.first else { return "" }
        return first.isNumber ? "Model" + name : name
    }

    /// A property name: `profile_image_url` → `profileImageUrl`, `ID` → `id`; keys with no letters
    /// spell their symbols and numbers (`+1` → `plusOne`, `-1` → `minusOne`, `0` → `zero`); a name
    /// that would start with a digit spells its leading number (`2fa` → `twoFa`).
    ///
    /// With `acronyms`, the initialisms of ``acronyms`` after the first word are upper-cased as
    /// the API Design Guidelines ask (`html_url` → `htmlURL`, `node_id` → `nodeID`).
    static func propertyName(_ key: String, acronyms: Bool = false) -> String {
        var parts = words(of: key)
        if !key.contains(where: \.isLetter) { parts = spelledSymbols(of: key) }
        guard let first = parts.first else { return "field" }
        if first.first?.isNumber == true {
            let digits = String(first.prefix(while: \.isNumber))
            let rest = first.dropFirst(digits.count)
            parts = spelledNumber(digits) + (rest.isEmpty ? [] : [String(rest)]) + parts.dropFirst()
        }
        guard let head = parts.first else { return "field" }
        let tail = parts.dropFirst().map { word in
            acronyms && Self.acronyms.contains(word.lowercased()) ? word.uppercased() : capitalized(word)
        }
        return lowercasedWord(head) + tail.joined()
    }

    /// Initialisms a Swift name writes in upper case after its first word.
    static let acronyms: Set<String> = [
        "api", "css", "cpu", "dns", "gpu", "html", "http", "https", "id", "ip", "json", "pdf", "sha", "sql", "ssh",
        "ssl", "svn", "tls", "ui", "uri", "url", "utc", "uuid", "xml",
    ]

    /// The words of a key without letters: each symbol named, each number spelled.
    private static func spelledSymbols(of key: String) -> [String] {
        var parts: [String] = []
        var digits = ""
        for character in key {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty { parts += spelledNumber(digits) }
            digits = ""
            if let word = symbolNames[character] { parts.append(word) }
        }
        if !digits.isEmpty { parts += spelledNumber(digits) }
        return parts
    }

    /// `1` → `one`, `12` → `twelve`; numbers from 20 up as `number` and their digits.
    private static func spelledNumber(_ digits: String) -> [String] {
        guard let value = Int(digits), value < numberNames.count else { return ["number", digits] }
        return [numberNames[value]]
    }

    private static let symbolNames: [Character: String] = [
        "+": "plus", "-": "minus", "*": "star", "/": "slash", "%": "percent", "=": "equals", "<": "less",
        ">": "greater", "!": "bang", "?": "question", "@": "at", "#": "number", "$": "dollar", "&": "and",
        "|": "or", "^": "caret", "~": "tilde", ".": "dot", ":": "colon", "_": "underscore",
    ]

    private static let numberNames = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]

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
            let word = String(last.dropLast())
            return stem + (acronyms.contains(word.lowercased()) ? word.uppercased() : word)
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
