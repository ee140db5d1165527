/// Keeps the text an issue shows short and on one line, whatever the input held.
///
/// Found values and names can come from input: a 600 KB class name in a crafted archive, a key
/// holding a newline. Messages show at most ``limit`` characters of each, and escape line breaks
/// and other control characters, so that an error's description stays one line per issue.
enum MessageText {
    /// The most characters of one input-derived text a message shows.
    static let limit = 200

    /// `text` cut to about `limit` characters, saying how long it was: `abc… (600000 characters)`.
    static func shortened(_ text: String, limit: Int = limit) -> String {
        guard text.utf8.count > limit else { return text }
        let count = text.count
        guard count > limit else { return text }
        return "\(text.prefix(limit - 1))… (\(count) characters)"
    }

    /// `text` shortened, with control characters and line breaks escaped (`\n`, `\u{7}`).
    static func oneLine(_ text: String) -> String {
        let short = shortened(text)
        guard short.unicodeScalars.contains(where: isLineBreaking) else { return short }
        var escaped = ""
        for scalar in short.unicodeScalars {
            if let escape = escape(scalar) { escaped += escape } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }

    /// How a control or line-breaking scalar is written in one line of text; `nil` for any other.
    ///
    /// As Swift writes it (`\n`, `\r`, `\t`, `\u{7}`); messages and key paths' text both escape so.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\r": "\\r"
        case "\t": "\\t"
        case _ where isLineBreaking(scalar): "\\u{\(String(scalar.value, radix: 16))}"
        default: nil
        }
    }

    /// Whether a scalar is a control character or a line or paragraph separator.
    static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
