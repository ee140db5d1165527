import Foundation

/// Finds the values of a `toDictionary()` dictionary that `JSONSerialization` refuses (a
/// transform's `Date` or `Data`, kept as it is), for ``JastorObject/toDictionary(issues:)``.
enum SerializationCheck {
    /// An issue at the path of each value in `dictionary` that `JSONSerialization` refuses, except
    /// at the paths of `known` (issues already reported there).
    ///
    /// Costs one `isValidJSONObject` when the whole dictionary is accepted, the usual case; each
    /// value is judged by `JSONSerialization` itself, never by a list of types.
    static func issues(in dictionary: [String: Any], besides known: [JastorIssue]) -> [JastorIssue] {
        guard !JSONSerialization.isValidJSONObject(dictionary) else { return [] }
        let reported = Set(known.map(\.path))
        var issues: [JastorIssue] = []
        var path: [JastorPath.Component] = []
        visit(dictionary, path: &path, reported: reported, into: &issues)
        return issues
    }

    private static func visit(
        _ value: Any, path: inout [JastorPath.Component], reported: Set<JastorPath>, into issues: inout [JastorIssue]
    ) {
        if let object = value as? [String: Any] {
            for key in object.keys.sorted() {
                guard let member = object[key] else { continue }
                path.append(.key(key))
                visit(member, path: &path, reported: reported, into: &issues)
                path.removeLast()
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                path.append(.index(index))
                visit(element, path: &path, reported: reported, into: &issues)
                path.removeLast()
            }
        } else if !JSONSerialization.isValidJSONObject([value]), !reported.contains(JastorPath(path)) {
            issues.append(
                JastorIssue(
                    path: JastorPath(path), kind: .unencodableValue,
                    expected: "a value JSONSerialization accepts (toDictionary() keeps a transform's value as it is)",
                    found: FoundationJSON(raw: value).kind.summary))
        }
    }
}
