import Foundation

/// The doc comment of a generated class: where the samples hold it, how a family picks its
/// subclass, and which keys the samples left untyped.
struct DocComment {
    private static let width = 116
    private static let maximumSites = 6

    /// The comment's lines, `///` included.
    let lines: [String]

    init(node: ClassNode, index: Int, nodes: [ClassNode], collector: String?) {
        var paragraphs: [String] = []
        let sites = node.sites.map(Self.describe)
        if node.isRoot, let site = node.sites.first {
            let label = site.split(separator: ":", maxSplits: 1).first.map { "`\($0)`" }
            let isObject = site.isEmpty || site.hasSuffix(":")
            switch (label, isObject) {
            case (let label?, true) where site.hasSuffix(":"): paragraphs.append("The root object of \(label).")
            case (let label?, false) where site.contains(":"):
                paragraphs.append("The elements of \(label)'s root array.")
            case (_, true): paragraphs.append("The root object of the samples.")
            case (_, false): paragraphs.append("The elements of the samples' root array.")
            }
        } else if let tag = node.tag, let base = node.superclass, let key = nodes[base].discriminator {
            paragraphs.append("From \(sites.first ?? "") where `\(key)` is `\(tag)`.")
        } else {
            paragraphs.append("From \(sites.first ?? "the samples") in the samples.")
        }
        let others = node.isRoot ? [] : Array(sites.dropFirst())
        if !others.isEmpty {
            let listed = others.prefix(Self.maximumSites).joined(separator: ", ")
            let more = others.count > Self.maximumSites ? " and \(others.count - Self.maximumSites) more places" : ""
            paragraphs.append("Also at \(listed)\(more).")
        }
        if let key = node.discriminator {
            paragraphs.append("`modelClass(for:)` picks the subclass from `\(key)`; other values build this class.")
        }
        if let collector {
            let family = [node] + nodes.filter { $0.superclass == index }
            let untyped = family.flatMap(\.properties).filter(\.type.isUntyped)
            let alwaysNull = untyped.filter { $0.type == .alwaysNull }.map { Self.code($0.key) }
            let mixed = untyped.filter { $0.type == .mixed }.map { Self.code($0.key) }
            let numbers = untyped.filter(\.type.isUntypedNumbers).map { Self.code($0.key) }
            if !alwaysNull.isEmpty {
                paragraphs.append(
                    "Always `null` in the samples, so of unknown type, and kept in `\(collector)`: "
                        + alwaysNull.joined(separator: ", ") + ".")
            }
            if !mixed.isEmpty {
                paragraphs.append(
                    "Of several kinds in the samples, and kept in `\(collector)`: " + mixed.joined(separator: ", ")
                        + ".")
            }
            if !numbers.isEmpty {
                paragraphs.append(
                    "Numbers in the samples that no one Swift number type holds exactly, kept in `\(collector)`, "
                        + "which writes each back as the same number (an integer as `Int`, one a `Double` writes back "
                        + "as written as `Double`, any other as an exact `Decimal`; one none of them holds, such as "
                        + "`1e400`, is reported): " + numbers.joined(separator: ", ") + ".")
            }
        }
        lines = Array(paragraphs.map(Self.wrap).joined(separator: ["///"]))
    }

    private static func describe(_ site: String) -> String {
        site.isEmpty ? "the root" : code(site.hasSuffix(":") ? site + " (root)" : site)
    }

    /// Text from the samples as code in a comment: control characters escaped (a newline would end
    /// the comment) and backticks, which would end the code span, replaced.
    private static func code(_ text: String) -> String {
        let escaped = String(SwiftLiteral.string(text).dropFirst().dropLast()).replacingOccurrences(of: "`", with: "'")
        return "`" + escaped + "`"
    }

    /// `///` lines of at most ``width`` characters, broken between words.
    private static func wrap(_ paragraph: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append("/// " + current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append("/// " + current)
        return lines
    }
}
