import Foundation

extension JastorObject {
    /// The model as read through its plan for equality, hashing and description: every
    /// registered property by name, every nested model with its class.
    var inspectionValue: JSONValue {
        var context = EncodingContext(purpose: .inspection)
        return MappingEngine.encode(self, declaredType: type(of: self), context: &context)
    }
}

// MARK: - Hashable

extension JastorObject: Hashable {
    /// Whether two models are of the same class and hold equal values in every registered
    /// property, nested models and arrays included.
    ///
    /// ```swift
    /// #expect(Product(dictionary: product.toDictionary()) == product)
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A model.
    ///   - rhs: Another model.
    /// - Returns: `true` when both have the same class and equal registered values.
    public static func == (lhs: JastorObject, rhs: JastorObject) -> Bool {
        lhs === rhs || lhs.inspectionValue == rhs.inspectionValue
    }

    /// Hashes the class and every registered value, consistently with `==`.
    ///
    /// ```swift
    /// let unique = Set(products)
    /// ```
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(inspectionValue)
    }
}

// MARK: - CustomStringConvertible

extension JastorObject: CustomStringConvertible {
    /// The model as a nested, indented dump of its registered properties.
    ///
    /// ```swift
    /// print(ProductCategory(dictionary: ["name": "1"]))
    /// // ProductCategory(
    /// //   name: "1",
    /// //   children: []
    /// // )
    /// ```
    public var description: String {
        var text = ""
        ModelDescription.write(inspectionValue, indent: "", into: &text)
        return text
    }
}

/// Renders an inspection value the way a person reads a struct dump.
private enum ModelDescription {
    static func write(_ value: JSONValue, indent: String, into text: inout String) {
        switch value {
        case .null: text += "nil"
        case .bool(let value): text += String(value)
        case .integer(let value): text += String(value)
        case .unsignedInteger(let value): text += String(value)
        case .double(let value): text += String(value)
        case .decimal(let value): text += value.description
        case .numberLiteral(let number): text += number.literalText
        case .string(let value): text += value.debugDescription
        case .date(let value): text += ISO8601Text.describing(value)
        case .data(let value): text += "Data(\(value.count) bytes)"
        case .opaque(let opaque): text += ValueDescription.describing(opaque.value)
        case .array(let elements): writeArray(elements, indent: indent, into: &text)
        case .object(let object): writeObject(object, indent: indent, into: &text)
        }
    }

    private static func writeArray(_ elements: [JSONValue], indent: String, into text: inout String) {
        guard !elements.isEmpty else { return text += "[]" }
        if elements.allSatisfy(\.isScalar) {
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += ", " }
                write(element, indent: indent, into: &text)
            }
            return text += "]"
        }
        text += "[\n"
        for (index, element) in elements.enumerated() {
            text += index > 0 ? ",\n" + indent + "  " : indent + "  "
            write(element, indent: indent + "  ", into: &text)
        }
        text += "\n" + indent + "]"
    }

    private static func writeObject(_ object: JSONObject, indent: String, into text: inout String) {
        let open = object.model.map { "\(typeName($0.className))(" } ?? "["
        let close = object.model == nil ? "]" : ")"
        guard !object.isEmpty else { return text += object.model == nil ? "[:]" : open + close }
        text += open + "\n"
        var first = true
        object.forEachMember { key, member in
            if !first { text += ",\n" }
            first = false
            text += indent + "  " + (object.model == nil ? shownKey(key) : key) + ": "
            write(member, indent: indent + "  ", into: &text)
        }
        text += "\n" + indent + close
    }

    /// A dictionary's key as written: bare when it is a plain name (ASCII letters, digits, `_`,
    /// `-`, `.`, `$`), else quoted and escaped, so that no key can spell other entries (`"a: 1,\n b"`).
    private static func shownKey(_ key: String) -> String {
        let isPlain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "$"):
                    true
                default: false
                }
            }
        return isPlain ? key : key.debugDescription
    }
}

extension ModelDescription {
    /// A class's name as `String(describing:)` writes its type, from its `String(reflecting:)`
    /// name: `Box<Int>` for `App.Box<Swift.Int>`, `Inner` for `App.Outer.Inner`.
    fileprivate static func typeName(_ className: String) -> String {
        var result = ""
        var token = ""
        for character in ArchiveIdentity.moduleFreeName(className) {
            if ArchiveIdentity.isNameCharacter(character) {
                token.append(character)
            } else {
                result += token.split(separator: ".").last ?? ""
                token = ""
                result.append(character)
            }
        }
        return result + (token.split(separator: ".").last ?? "")
    }
}

extension JSONValue {
    fileprivate var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
