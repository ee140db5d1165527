import Foundation

/// Finds the values of a `toDictionary()` dictionary that `JSONSerialization` refuses (a
/// transform's `Date` or `Data`, a set kept as it is), for ``JastorObject/toDictionary(issues:)``.
enum SerializationCheck {
    /// Levels the walk follows: twice what output writes (a value at the nesting limit under a key
    /// path of as many keys), which no dictionary `toDictionary()` builds passes.
    private static let maximumDepth = 2 * MappingContext.maximumDepth

    /// An issue at the path of each value in `dictionary` that `JSONSerialization` refuses, except
    /// at the paths of `known` (issues already reported there).
    ///
    /// The dictionary is walked one level at a time, each level once: handing it whole to
    /// `isValidJSONObject` bridged every Swift container in it to Foundation at every level it
    /// reached, every level below at once (on Linux), so its time grew as the square of the depth,
    /// and a kept dictionary whose keys are not strings nested 10 000 deep overflowed the stack.
    /// Each scalar is judged by `JSONSerialization` itself, never by a list of types; a container
    /// JSON has no kind for (a set, a dictionary whose keys are not all strings) is refused without
    /// handing it over.
    static func issues(in dictionary: [String: Any], besides known: [JastorIssue]) -> [JastorIssue] {
        var walk = Walk(reported: Set(known.map(\.path)))
        walk.visitMembers(of: dictionary)
        return walk.issues
    }

    private struct Walk {
        let reported: Set<JastorPath>
        var issues: [JastorIssue] = []
        var path: [JastorPath.Component] = []
        var containersAbove: Set<ObjectIdentifier> = []

        init(reported: Set<JastorPath>) {
            self.reported = reported
        }

        mutating func visitMembers(of object: [String: Any]) {
            for key in object.keys.sorted() {
                guard let member = object[key] else { continue }
                path.append(.key(key))
                visit(member)
                path.removeLast()
            }
        }

        private mutating func visit(_ value: Any) {
            let source = FoundationJSON(raw: value)
            switch source.kind {
            case .object, .array:
                guard path.count <= SerializationCheck.maximumDepth else { return }
                let identity = source.containerIdentity
                if let identity, !containersAbove.insert(identity).inserted { return refuse(source) }
                defer { identity.map { _ = containersAbove.remove($0) } }
                if case .object = source.kind {
                    visitMembers(of: source.object.dictionary)
                } else {
                    for (index, element) in source.elements.enumerated() {
                        path.append(.index(index))
                        visit(element.raw)
                        path.removeLast()
                    }
                }
            case .unsupported where source.otherParts != nil:
                refuse(source)
            case .scalar, .unsupported:
                if !JSONSerialization.isValidJSONObject([value]) { refuse(source) }
            }
        }

        private mutating func refuse(_ source: FoundationJSON) {
            guard !reported.contains(JastorPath(path)) else { return }
            issues.append(
                JastorIssue(
                    path: JastorPath(path), kind: .unencodableValue,
                    expected: "a value JSONSerialization accepts (toDictionary() keeps a transform's value as it is)",
                    found: source.kind.summary))
        }
    }
}
