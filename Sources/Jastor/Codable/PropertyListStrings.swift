import Foundation

/// The strings `PropertyListEncoder` cannot keep apart.
///
/// Foundation's binary property-list writer on Linux writes each distinct string once, telling
/// strings apart as Swift's `String` does: two spellings Swift calls equal (`"é"` composed and
/// `"e\u{301}"`, the ohm sign U+2126 and `Ω`, the Kelvin sign U+212A and `K`), as values or
/// keys anywhere in one encoded value, are written as one object, so the later reads back in the
/// earlier's spelling. ``CodableBridge`` refuses such a value with an issue at the later
/// spelling, never a file that reads back different (archives keep both).
enum PropertyListStrings {
    /// The first string or key of `value` (in the order it is written) that Swift calls equal to
    /// an earlier one spelled otherwise, as an issue at its path; `nil` when there is none.
    static func respelling(in value: JSONValue) -> JastorIssue? {
        var spellings: [String: String] = [:]
        func check(_ text: String, at path: [JastorPath.Component], key: Bool) -> JastorIssue? {
            guard let first = spellings[text] else {
                spellings[text] = text
                return nil
            }
            guard !first.utf8.elementsEqual(text.utf8) else { return nil }
            let found = key ? JastorPath.quotedKey(text) : JSONScalar.string(text).summary
            return JastorIssue(
                path: JastorPath(path), kind: .unencodableValue,
                expected: "text that PropertyListEncoder writes as it is (it writes strings Swift calls equal "
                    + "once, in one spelling; archive the model to keep both)",
                found: "\(key ? "the key " : "")\(found), another Unicode spelling of "
                    + "\(JastorPath.quotedKey(first)), written elsewhere in the value")
        }
        // A worklist, not recursion: the value may be nested as deep as output writes.
        var pending: [(value: JSONValue, path: [JastorPath.Component])] = [(value, [])]
        while let (node, path) = pending.popLast() {
            switch node {
            case .string(let text):
                if let issue = check(text, at: path, key: false) { return issue }
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() {
                    pending.append((element, path + [.index(index)]))
                }
            case .object(let object):
                if let model = object.model, model.differsFromDeclaredType,
                    let issue = check(model.className, at: path, key: false)
                {
                    return issue
                }
                for entry in object.entries {
                    if let issue = check(entry.key, at: path + [.key(entry.key)], key: true) { return issue }
                }
                for entry in object.entries.reversed() {
                    pending.append((entry.value, path + [.key(entry.key)]))
                }
            default:
                continue
            }
        }
        return nil
    }
}
