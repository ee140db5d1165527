/// A quick look at JSON samples: their keys, the types the generator infers and the nesting, with
/// every array's elements (and every sample) merged into one shape; what `jastor-demo FILE.json`
/// prints.
///
/// ```swift
/// let outline = ShapeOutline(samples: [try Sample(name: "user.json", text: #"{"id": 1, "tags": ["a"]}"#)])
/// print(outline.text)
/// // (root): Object, 2 keys
/// //   id: Int
/// //   tags: Array of String
/// ```
public struct ShapeOutline: Sendable {
    /// The outline, one line per key, nested keys indented by two spaces; a key that some objects
    /// lack ends with `?`.
    public let text: String

    /// How deep the outline goes, and how many keys it lists per object.
    private static let maximumDepth = 8
    private static let maximumKeys = 25

    /// The outline of `samples`, merged as samples of the same document.
    ///
    /// ```swift
    /// print(ShapeOutline(samples: samples).text)
    /// ```
    ///
    /// - Parameter samples: One or more samples.
    public init(samples: [Sample]) {
        let shape = ShapeBuilder(discriminator: nil).shape(ofSamples: samples.map(\.value))
        var lines: [String] = []
        Self.describe(shape, label: "(root)", indent: "", depth: 0, into: &lines)
        text = lines.joined(separator: "\n")
    }

    private static func describe(
        _ shape: ValueShape, label: String, indent: String, depth: Int, into lines: inout [String]
    ) {
        lines.append("\(indent)\(label): \(summary(of: shape))")
        guard depth < maximumDepth else { return }
        var nested = shape
        while nested.object == nil, let array = nested.array, array.element.count > 0 { nested = array.element }
        guard let object = nested.object else { return }
        for key in object.keys.prefix(maximumKeys) {
            guard let field = object.fields[key] else { continue }
            let name = field.presentCount < object.count ? key + "?" : key
            describe(field.value, label: name, indent: indent + "  ", depth: depth + 1, into: &lines)
        }
        if object.keys.count > maximumKeys {
            lines.append("\(indent)  … \(object.keys.count - maximumKeys) more keys")
        }
    }

    /// The kinds seen at one place, as the generator would type them.
    private static func summary(of shape: ValueShape) -> String {
        var kinds: [String] = []
        if shape.boolCount > 0 { kinds.append("Bool") }
        if let numbers = shape.numbers { kinds.append(numbers.type?.swiftName ?? "Number (no one type: kept untyped)") }
        if let strings = shape.strings { kinds.append(summary(of: strings)) }
        if let array = shape.array {
            kinds.append(array.element.count == 0 ? "Array, always empty" : "Array of " + summary(of: array.element))
        }
        if let object = shape.object {
            kinds.append("Object, \(object.keys.count) " + (object.keys.count == 1 ? "key" : "keys"))
        }
        guard !kinds.isEmpty else { return "null" }
        return kinds.joined(separator: " or ") + (shape.nullCount > 0 ? " or null" : "")
    }

    private static func summary(of strings: StringFacts) -> String {
        if let format = strings.dateFormats.first { return "Date (\(format.transformSource))" }
        if strings.allAbsoluteURLs { return "String (URL)" }
        if let values = strings.values,
            GraphBuilder.isClosedSet(values, count: strings.count, GeneratorOptions(rootName: ""))
        {
            return "String (one of " + values.joined(separator: ", ") + ")"
        }
        return "String"
    }
}
