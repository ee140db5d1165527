/// Keeps the text an issue shows short and on one line, whatever the input held.
///
/// Found values and names can come from input: a 600 KB class name in a crafted archive, a key
/// holding a newline. Messages show at most ``limit`` characters of each, and escape line breaks,
/// other control characters and invisible format characters, so that an error's description stays
/// one line per issue and shows what it holds.
enum MessageText {
    /// The most characters of one input-derived text a message shows.
    static let limit = 200

    /// `text` cut to about `limit` characters, saying how long it was: `abc… (600000 characters)`.
    ///
    /// A text of few characters that holds many Unicode scalars (one `e` with 100 000 combining
    /// accents is one character) is cut by scalars instead: `é́́… (100001 Unicode scalars)`.
    static func shortened(_ text: String, limit: Int = limit) -> String {
        guard let cut = cut(text, over: limit, keeping: limit - 1) else { return text }
        return "\(cut.prefix)… (\(cut.length))"
    }

    /// The start of `text` when it holds more than `over` characters or Unicode scalars: its first
    /// `keeping` characters, at most `keeping` scalars of them, and its length in what it held too
    /// many of; `nil` for a text within the limit.
    static func cut(_ text: String, over limit: Int, keeping: Int) -> (prefix: String, length: String)? {
        guard text.utf8.count > limit else { return nil }
        let count = text.count
        let scalars = text.unicodeScalars.count
        guard count > limit || scalars > limit else { return nil }
        var prefix = String(text.prefix(keeping))
        if prefix.unicodeScalars.count > keeping {
            var scalarPrefix = ""
            scalarPrefix.unicodeScalars.append(contentsOf: prefix.unicodeScalars.prefix(keeping))
            prefix = scalarPrefix
        }
        return (prefix, count > limit ? "\(count) characters" : "\(scalars) Unicode scalars")
    }

    /// `text` shortened, with control characters, line breaks and invisible format characters
    /// escaped (`\n`, `\u{7}`, `\u{202e}`).
    static func oneLine(_ text: String) -> String {
        escaped(shortened(text))
    }

    /// `text` whole, with control characters, line breaks and invisible format characters escaped:
    /// for an archive file's path, whose end names the file.
    static func escaped(_ text: String) -> String {
        guard hasEscapes(text) else { return text }
        var escaped = ""
        var previous = MessageText.Preceding()
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar, after: previous) {
                escaped += escape
            } else {
                escaped.unicodeScalars.append(scalar)
            }
            previous.append(scalar)
        }
        return escaped
    }

    /// `text` with every scalar beyond ASCII written `\u{…}` (`caf\u{e9}`, `cafe\u{301}`): two
    /// spellings of one text, which look alike printed, told apart.
    static func spelledOut(_ text: String) -> String {
        var spelled = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, let escape = escape(scalar, after: Preceding()) {
                spelled += escape
            } else if scalar.isASCII {
                spelled.unicodeScalars.append(scalar)
            } else {
                spelled += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return spelled
    }

    /// The two scalars before the one being written, which decide whether a joiner or a mark is
    /// escaped.
    struct Preceding {
        private(set) var last: Unicode.Scalar?
        private(set) var beforeLast: Unicode.Scalar?

        mutating func append(_ scalar: Unicode.Scalar) {
            beforeLast = last
            last = scalar
        }
    }

    /// Whether `text` holds a scalar written escaped.
    static func hasEscapes(_ text: String) -> Bool {
        var previous = MessageText.Preceding()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar, after: previous) { return true }
            previous.append(scalar)
        }
        return false
    }

    /// How a scalar ``isEscaped(_:after:)`` names is written in one line of text; `nil` for any
    /// other.
    ///
    /// As Swift writes it (`\n`, `\r`, `\t`, `\u{7}`); messages and key paths' text both escape so.
    static func escape(_ scalar: Unicode.Scalar, after previous: Preceding) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where isEscaped(scalar, after: previous): "\\u{\(String(scalar.value, radix: 16))}"
        default: nil
        }
    }

    /// Whether a scalar is written escaped.
    ///
    /// Control characters, line and paragraph separators, and format characters, which show
    /// nothing or reorder the text around them (a zero-width space U+200B, a byte order mark, the
    /// right-to-left override U+202E): `id` and `id\u{200b}`, printed raw, would look alike. A
    /// zero-width joiner after an emoji is part of it (`🐈‍⬛`) and kept. So is a combining mark,
    /// except at the start of the text, where it would combine with the dot or quote before it.
    static func isEscaped(_ scalar: Unicode.Scalar, after previous: Preceding) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .nonspacingMark, .spacingMark, .enclosingMark:
            // A mark that starts the text would combine with what is printed before it (a path's
            // dot or quote).
            return previous.last == nil
        case .format:
            // A joiner after an emoji shown as one (`🐈`, `👨🏽`, or `❤`, `🏳` made one by U+FE0F):
            // only then is it part of an emoji sequence, not an invisible mark after `©` or `™`.
            guard scalar == "\u{200D}", let last = previous.last else { return true }
            if last == "\u{FE0F}", let emoji = previous.beforeLast {
                return !(emoji.value > 0x7F && emoji.properties.isEmoji)
            }
            return !(last.properties.isEmojiModifier || last.properties.isEmojiPresentation)
        default: return false
        }
    }
}
