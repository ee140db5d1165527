/// The way from the root of a JSON value to one element inside it.
///
/// A path is a list of components, each a dictionary key or an array index. It is what an issue
/// points at, what a property maps with a custom key, and what ``JastorPath/value(in:)`` follows.
/// It renders the way a reader would write it, and can be written the same way:
///
/// ```swift
/// let path: JastorPath = "statuses[3].user.id"
/// print(path)  // statuses[3].user.id
/// let same: JastorPath = ["statuses", 3, "user", "id"]
/// let dotted: JastorPath = ["version.major"]  // one key that contains a dot
/// ```
public struct JastorPath: Sendable, Hashable, CustomStringConvertible, ExpressibleByArrayLiteral,
    ExpressibleByStringLiteral
{
    /// One step of a ``JastorPath``: a key into an object or an index into an array.
    public enum Component: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral,
        ExpressibleByIntegerLiteral
    {
        /// A key into a JSON object (or the name of a model property).
        case key(String)
        /// A zero-based index into a JSON array.
        case index(Int)

        /// A key, from a string literal.
        ///
        /// ```swift
        /// let path: JastorPath = ["user", "id"]
        /// ```
        ///
        /// - Parameter value: The key.
        public init(stringLiteral value: String) {
            self = .key(value)
        }

        /// An index, from an integer literal.
        ///
        /// ```swift
        /// let path: JastorPath = ["reports", 0]
        /// ```
        ///
        /// - Parameter value: The index.
        public init(integerLiteral value: Int) {
            self = .index(value)
        }

        /// The component as it appears in a rendered path: `user`, `[3]`, or a key that plain
        /// text would misread quoted and escaped, `["a.b"]`.
        public var description: String {
            switch self {
            case .key(let key) where !PathText.needsQuotes(key): key
            case .key(let key): "[\(PathText.quoted(key))]"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The steps from the root, outermost first.
    public let components: [Component]

    /// The largest array index a registration's `key:` or `outputKey:` may hold: output pads an
    /// array with `null` up to the index, so a larger one is taken for a mistake.
    static let maximumKeyIndex = 65_535

    /// The most keys and indexes a registration's `key:` or `outputKey:` may hold: the levels of
    /// nesting mapping follows (``MappingContext/maximumDepth``), so that a model at the root reads
    /// back every value it writes, and one nested as deep as output goes writes JSON the reader
    /// takes (``JSONReader/maximumDepth`` levels).
    static let maximumKeyCount = MappingContext.maximumDepth

    /// What the text this path was parsed from holds that a path cannot, or `nil`.
    ///
    /// The text and the problem (an empty key between dots, a bracket left open, a backslash at
    /// the end, …): a registration's `key:` or `outputKey:` with one is a declaration mistake. Not
    /// part of the path's equality.
    var malformation: String? { parsing.malformation }

    /// How the path was written, kept for ``malformation``; equal for every two paths.
    private let parsing: Parsing

    /// Creates a path from its components, outermost first.
    ///
    /// ```swift
    /// let path = JastorPath([.key("user"), .key("id")])
    /// ```
    ///
    /// - Parameter components: The steps from the root.
    public init(_ components: [Component] = []) {
        self.components = components
        self.parsing = Parsing(malformation: nil)
    }

    /// Creates a path from an array literal of components.
    ///
    /// ```swift
    /// let path: JastorPath = [.key("children"), .index(0)]
    /// ```
    ///
    /// - Parameter elements: The steps from the root.
    public init(arrayLiteral elements: Component...) {
        self.components = elements
        self.parsing = Parsing(malformation: nil)
    }

    /// Parses a path written as text: keys separated by dots, indexes as `[3]` or as a component
    /// of digits (`reports.0.text`, or RPJSONMapper's `reports.@0.text`).
    ///
    /// A backslash makes the next character literal, so `version\\.major` is the one key
    /// `version.major`; so does a key quoted in brackets, `["version.major"]`, the way paths
    /// render such keys (with `\\"`, `\\\\`, `\\n`, `\\r`, `\\t` and `\\u{…}` escapes inside the quotes). Use
    /// the array form, `["version.major"]` as a Swift array, to avoid escaping. Text a path cannot
    /// hold (an empty key between dots, `a..b`; a bracket left open; a word in brackets that is
    /// neither an index nor a quoted key; a backslash at the end) parses as far as it can, and is a
    /// declaration mistake as a registration's `key:` or `outputKey:`.
    ///
    /// ```swift
    /// let path: JastorPath = "JanuaryWeatherReport.0.description"
    /// ```
    ///
    /// - Parameter value: The path as text.
    public init(stringLiteral value: String) {
        self.init(parsing: value)
    }

    /// Parses a path written as text, as ``init(stringLiteral:)`` does.
    ///
    /// ```swift
    /// let path = JastorPath(parsing: "personInfo.firstName")
    /// ```
    ///
    /// - Parameter text: The path as text.
    public init(parsing text: String) {
        var components: [Component] = []
        var malformation: String?
        func note(_ problem: String) {
            if malformation == nil { malformation = "\(PathText.quoted(text)), which holds \(problem)" }
        }
        var current = ""
        var escaped = false
        var hasKey = false
        // Whether a dot may end the component before it: after a key or a bracket, not at the
        // start or after another dot (`a..b` would lose an empty key in silence).
        var canEndWithDot = false
        func finishKey() {
            if hasKey {
                // `0` and RPJSONMapper's `@0` are indexes.
                let digits = current.hasPrefix("@") ? String(current.dropFirst()) : current
                let isIndex = !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
                components.append(isIndex ? Int(digits).map(Component.index) ?? .key(current) : .key(current))
            }
            current = ""
            hasKey = false
        }
        // Scalar by scalar: a combining mark after a dot or a quote (a key `"\u{301}x"`) would
        // make one `Character` of the two, and hide the dot or the quote.
        var characters = text.unicodeScalars.makeIterator()
        while let character = characters.next() {
            if escaped {
                current.unicodeScalars.append(character)
                escaped = false
                hasKey = true
                continue
            }
            switch character {
            case "\\": escaped = true
            case ".":
                if !hasKey && !canEndWithDot { note("an empty key before a dot (write an empty key as [\"\"])") }
                finishKey()
                canEndWithDot = false
            case "[":
                finishKey()
                var inside = ""
                var quoted = false
                var closed = false
                while let next = characters.next() {
                    if next == "]" {
                        closed = true
                        break
                    }
                    if inside.isEmpty, !quoted, next == "\"" {
                        guard let key = PathText.unquoted(from: &characters) else {
                            note("a quoted key without its closing quote or with an escape that names no character")
                            quoted = true
                            continue
                        }
                        components.append(.key(key))
                        quoted = true
                    } else if quoted {
                        note("text after a quoted key before its closing bracket")
                    } else {
                        inside.unicodeScalars.append(next)
                    }
                }
                if !closed { note("a bracket without its closing ]") }
                if !quoted {
                    if let index = Int(inside) {
                        components.append(.index(index))
                    } else {
                        note("\(PathText.quoted(inside)) in brackets, which is neither an index nor a quoted key")
                        components.append(.key(inside))
                    }
                }
                canEndWithDot = true
            default:
                current.unicodeScalars.append(character)
                hasKey = true
            }
        }
        if escaped { note("a backslash at the end, escaping nothing") }
        if !text.isEmpty, !hasKey, !canEndWithDot { note("an empty key at the end (write an empty key as [\"\"])") }
        finishKey()
        self.components = components
        self.parsing = Parsing(malformation: malformation)
    }

    /// The path as `statuses[3].user.id`; the empty path renders as `<root>`.
    ///
    /// A key that plain text would misread (one that is empty, consists of digits, or holds a dot,
    /// a bracket, a quote, a backslash, `": "`, a control or an invisible format character) is
    /// quoted in brackets and escaped,
    /// `statuses[3]["a.b"]`, so the text parses back into the same path.
    public var description: String {
        rendered(keysUpTo: nil)
    }

    /// The path as text, keys longer than `limit` characters shortened (for messages).
    func rendered(keysUpTo limit: Int?) -> String {
        guard !components.isEmpty else { return "<root>" }
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                let shown = limit.map { MessageText.shortened(key, limit: $0) } ?? key
                if PathText.needsQuotes(key) {
                    text += "[\(PathText.quoted(shown))]"
                } else {
                    if !text.isEmpty { text += "." }
                    text += shown
                }
            case .index:
                text += component.description
            }
        }
        return text
    }
}

extension JastorPath {
    /// What parsing a path's text found wrong with it: not part of the path's value, so every two
    /// are equal and hash alike (paths compare by their components).
    fileprivate struct Parsing: Hashable, Sendable {
        let malformation: String?

        static func == (lhs: Parsing, rhs: Parsing) -> Bool { true }

        func hash(into hasher: inout Hasher) {}
    }
}

extension JastorPath {
    /// `key` in double quotes as a path's text quotes it (quotes, backslashes and control
    /// characters escaped), shortened as issue paths shorten keys: for messages naming a key.
    static func quotedKey(_ key: String) -> String {
        PathText.quoted(MessageText.shortened(key))
    }
}

/// How keys are written in, and read from, a path's text.
private enum PathText {
    /// Whether `key` must be quoted to read back as itself: empty, digits (with RPJSONMapper's
    /// optional `@`), or holding a character the parser treats specially or that breaks a line.
    static func needsQuotes(_ key: String) -> Bool {
        guard !key.isEmpty else { return true }
        let digits = key.utf8.first == UInt8(ascii: "@") ? key.utf8.dropFirst() : key.utf8[...]
        if !digits.isEmpty, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) { return true }
        // `": "` ends a path in an issue's text: a key holding it would read as a shorter path.
        // By bytes: a combining mark after the space would make one `Character` of the two.
        if zip(key.utf8, key.utf8.dropFirst()).contains(where: {
            $0 == UInt8(ascii: ":") && $1 == UInt8(ascii: " ")
        }) {
            return true
        }
        if key.unicodeScalars.contains(where: { [".", "[", "]", "\"", "\\"].contains($0) }) { return true }
        return MessageText.hasEscapes(key)
    }

    /// `key` in double quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ key: String) -> String {
        var text = "\""
        var previous = MessageText.Preceding()
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            default:
                if let escape = MessageText.escape(scalar, after: previous) {
                    text += escape
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
            previous.append(scalar)
        }
        return text + "\""
    }

    /// Reads a quoted key after its opening quote, up to and including the closing one; `nil` when
    /// the text ends before the closing quote or a `\\u{…}` escape names no Unicode scalar.
    static func unquoted(from characters: inout String.UnicodeScalarView.Iterator) -> String? {
        var key = ""
        while let character = characters.next() {
            if character == "\"" { return key }
            guard character == "\\" else {
                key.unicodeScalars.append(character)
                continue
            }
            guard let escaped = characters.next() else { return nil }
            switch escaped {
            case "n": key.append("\n")
            case "r": key.append("\r")
            case "t": key.append("\t")
            case "u":
                var hex = ""
                while let next = characters.next(), next != "}" {
                    if next != "{" { hex.unicodeScalars.append(next) }
                }
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                key.unicodeScalars.append(scalar)
            default: key.unicodeScalars.append(escaped)
            }
        }
        return nil
    }
}

extension JastorPath.Component {
    /// The key this component names in an object (an index names the key of its digits).
    var objectKey: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    /// The index this component names in an array (a key of digits names that index).
    var arrayIndex: Int? {
        switch self {
        case .key(let key): Int(key)
        case .index(let index): index
        }
    }
}
