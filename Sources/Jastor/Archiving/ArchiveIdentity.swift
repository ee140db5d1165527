/// How a model class appears in archives: the name recorded for it, the names it answered to
/// before, and the version of its archived properties.
///
/// Read from the class's `archiveName`, `archiveAliases` and `archiveVersion` (class properties,
/// so nothing is instantiated), once per class and run.
struct ArchiveIdentity: Sendable {
    let name: String
    let aliases: [String]
    let version: Int
    /// Why ``name`` or ``version`` cannot identify the class in another process, or `nil`.
    let problem: Problem?

    /// Why a class's archive identity cannot identify it in another process.
    enum Problem {
        /// The name, and what is wrong with it.
        case name(String)
        /// A version below 1.
        case version(Int)
    }

    init(of type: JastorObject.Type) {
        name = type.archiveName
        aliases = type.archiveAliases
        version = type.archiveVersion
        problem = Self.problem(name: name, version: version)
    }

    /// The default archive name: the class's full Swift name without modules or private and local
    /// contexts (`Outer.Inner`, `Page<Entry>`).
    static func defaultName(of type: JastorObject.Type) -> String {
        moduleFreeName(TypeName.qualified(type))
    }

    /// `name` as `String(reflecting:)` spells it, with every `(unknown context at $…).` step
    /// removed (private and function-local scopes, whose addresses change between processes) and
    /// the module dropped from every qualified name, generic arguments included:
    /// `App.Page<Swift.Int>` → `Page<Int>`.
    static func moduleFreeName(_ name: String) -> String {
        var text = Substring(name)
        var withoutContexts = ""
        while let start = firstRange(of: unknownContext, in: text) {
            withoutContexts += text[..<start.lowerBound]
            guard let end = text[start.upperBound...].firstIndex(of: ")") else {
                text = text[start.lowerBound...]
                break
            }
            text = text[text.index(after: end)...]
            if text.first == "." { text = text.dropFirst() }
        }
        withoutContexts += text
        var result = ""
        var token = ""
        for character in withoutContexts {
            if isNameCharacter(character) {
                token.append(character)
            } else {
                result += unqualified(token)
                token = ""
                result.append(character)
            }
        }
        return result + unqualified(token)
    }

    /// Whether `character` belongs to a qualified name: a letter, a digit, `_` or `.`; an ASCII
    /// one is told without the Unicode property tables `isLetter` reads (Performance, "Peak memory
    /// (11)").
    static func isNameCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue {
            return (ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z"))
                || (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z"))
                || (ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9"))
                || ascii == UInt8(ascii: "_") || ascii == UInt8(ascii: ".")
        }
        return character.isLetter || character.isNumber
    }

    /// How `String(reflecting:)` spells a private or function-local scope, up to its address.
    private static let unknownContext = "(unknown context at $"

    /// The first `marker` in `text`, an ASCII text starting with `(`, searched byte by byte: its
    /// bytes match only where its characters do. (Foundation's `range(of:)` and `contains(_:)` go
    /// through `NSString` and CoreFoundation's search, code nothing else in mapping runs, for every
    /// class whose plan is built: Performance, "Peak memory (11)".)
    static func firstRange(of marker: String, in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var from = bytes.startIndex
        while let open = bytes[from...].firstIndex(of: UInt8(ascii: "(")) {
            if bytes[open...].starts(with: marker.utf8) {
                return open..<bytes.index(open, offsetBy: marker.utf8.count)
            }
            from = bytes.index(after: open)
        }
        return nil
    }

    /// A qualified name without its first component, the module: `App.Outer.Inner` → `Outer.Inner`.
    private static func unqualified(_ token: String) -> Substring {
        guard let dot = token.firstIndex(of: ".") else { return Substring(token) }
        return token[token.index(after: dot)...]
    }

    /// The mistakes in the class's `archiveName` and `archiveVersion` that only an override can
    /// make, as declaration issues at `Class.archiveName` and `Class.archiveVersion`.
    ///
    /// A default name never holds `$` (addresses are removed), but may name an anonymous context
    /// (`(extension in …)`): that is reported only when such a model is archived, as a class that
    /// is never archived needs no name.
    func declarationIssues(className: String) -> [JastorIssue] {
        var issues: [JastorIssue] = []
        if name.isEmpty || name.utf8.contains(UInt8(ascii: "$")) {
            issues.append(
                JastorIssue(
                    path: [.key(className), .key("archiveName")], kind: .invalidDeclaration,
                    expected: "an archive name another process can resolve", found: Self.nameProblem(name) ?? name))
        }
        if version < 1 {
            issues.append(
                JastorIssue(
                    path: [.key(className), .key("archiveVersion")], kind: .invalidDeclaration,
                    expected: "an archive version of 1 or more", found: "\(version)"))
        }
        return issues
    }

    private static func problem(name: String, version: Int) -> Problem? {
        if let problem = nameProblem(name) { return .name(problem) }
        if version < 1 { return .version(version) }
        return nil
    }

    /// What is wrong with an archive name, or `nil`.
    private static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "an empty archive name" }
        if firstRange(of: unknownContext, in: name[...]) != nil
            || firstRange(of: "(extension in ", in: name[...]) != nil
        {
            return "the archive name \(name.debugDescription), which holds a memory address or an anonymous context"
        }
        if name.utf8.contains(UInt8(ascii: "$")) {
            return "the archive name \(name.debugDescription), which holds \"$\", reserved for the archive's "
                + "markers (\"$class\", \"$null\")"
        }
        return nil
    }
}
