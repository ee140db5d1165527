/// Walks a merged sample shape and decides each place's Swift type: scalars, arrays, `[String: Model]`
/// maps for id-keyed objects, model classes (one node per place, unified later), polymorphic
/// families.
struct GraphBuilder {
    private let options: GeneratorOptions
    /// The classes found so far, one per place in the samples.
    private(set) var nodes: [ClassNode] = []

    init(options: GeneratorOptions) {
        self.options = options
    }

    /// Adds the classes of a sample's root and returns the root's type.
    ///
    /// - Parameters:
    ///   - shape: The merged shape of the root's samples.
    ///   - name: The root class's name.
    ///   - label: The samples' file names, to tell the roots of a many-root run apart; `""` for one root.
    /// - Returns: The root's type: a model, or an array of models.
    mutating func addRoot(_ shape: ValueShape, name: String, label: String = "") -> PropertyType {
        let site = label.isEmpty ? "" : label + ":"
        return resolve(shape, hint: name, site: site, parent: nil, allowsDateTransform: false, rootName: name)
    }

    // MARK: - Types

    private mutating func resolve(
        _ shape: ValueShape, hint: String, site: String, parent: Int?, allowsDateTransform: Bool,
        rootName: String? = nil
    ) -> PropertyType {
        guard shape.kindCount > 0 else { return .alwaysNull }
        guard shape.kindCount == 1 else { return .mixed }
        if shape.boolCount > 0 { return .scalar(.bool) }
        if let numbers = shape.numbers { return .scalar(.number(numbers)) }
        if let strings = shape.strings { return stringType(strings, allowsDateTransform: allowsDateTransform) }
        if let array = shape.array {
            return arrayType(array, hint: hint, site: site, parent: parent, rootName: rootName)
        }
        guard let object = shape.object else { return .mixed }
        return objectType(object, hint: hint, site: site, parent: parent, rootName: rootName)
    }

    private func stringType(_ strings: StringFacts, allowsDateTransform: Bool) -> PropertyType {
        if allowsDateTransform, let format = strings.dateFormats.first { return .scalar(.date(format)) }
        if options.detectsURLs, strings.allAbsoluteURLs { return .scalar(.url) }
        if allowsDateTransform, let values = strings.values, Self.isClosedSet(values, count: strings.count, options) {
            return .enumeration(values)
        }
        return .scalar(.string)
    }

    /// Whether strings make an enum: 2 to ``GeneratorOptions/enumThreshold`` distinct words, each
    /// seen twice on average, so that a set of names or ids seen once each stays `String`.
    static func isClosedSet(_ values: [String], count: Int, _ options: GeneratorOptions) -> Bool {
        values.count >= 2 && values.count <= options.enumThreshold && count >= 2 * values.count
    }

    private mutating func arrayType(
        _ array: ArrayShape, hint: String, site: String, parent: Int?, rootName: String?
    ) -> PropertyType {
        let element = array.element
        guard element.count > element.nullCount else { return element.count == 0 ? .emptyArray : .mixedArray }
        let elementHint = rootName ?? Identifier.singular(hint)
        let type = resolve(
            element, hint: elementHint, site: site + "[]", parent: parent, allowsDateTransform: false,
            rootName: rootName)
        guard !type.isPassthrough else { return type.holdsUntypedNumbers ? .numberArray : .mixedArray }
        return .array(element.nullCount > 0 ? .optional(type) : type)
    }

    private mutating func objectType(
        _ object: ObjectShape, hint: String, site: String, parent: Int?, rootName: String?
    ) -> PropertyType {
        guard !object.keys.isEmpty else { return .emptyObject }
        if rootName == nil, let value = mapValueShape(object) {
            let type = resolve(
                value, hint: Identifier.singular(hint), site: site + "[*]", parent: parent, allowsDateTransform: false)
            guard !type.isPassthrough else { return type.holdsUntypedNumbers ? .numberMap : .emptyObject }
            return .map(value.nullCount > 0 ? .optional(type) : type)
        }
        if let family = polymorphicVariants(of: object) {
            return .model(
                addFamily(object, variants: family, hint: hint, site: site, parent: parent, rootName: rootName))
        }
        let index = addNode(
            ClassNode(nameHints: [hint], sites: [site], parent: parent, properties: [], rootName: rootName))
        nodes[index].properties = properties(of: object, keys: object.keys, site: site, owner: index)
        return .model(index)
    }

    private mutating func addNode(_ node: ClassNode) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// The properties for `keys` of `object`, in order; nested objects become classes owned by `owner`.
    private mutating func properties(
        of object: ObjectShape, keys: [String], site: String, owner: Int, hintPrefix: String = ""
    ) -> [PropertyPlan] {
        keys.compactMap { key in
            guard let field = object.fields[key] else { return nil }
            let seen = field.value.count - field.value.nullCount
            let isOptional =
                field.presentCount < object.count || field.value.nullCount > 0 || seen < options.optionalUnlessSeen
            let fieldSite = site.isEmpty || site.hasSuffix(":") ? site + key : site + "." + key
            let type = resolve(
                field.value, hint: hintPrefix + Identifier.typeName(key), site: fieldSite, parent: owner,
                allowsDateTransform: true)
            return PropertyPlan(key: key, type: type, isOptional: isOptional)
        }
    }

    // MARK: - Maps

    /// The merged shape of the object's values when the object is a dictionary keyed by data: its
    /// keys all look like ids, or there are at least ``GeneratorOptions/mapThreshold`` of them, or
    /// they vary from object to object (fewer than half of them in every one, as a crate's feature
    /// names do), and its values share one shape.
    private func mapValueShape(_ object: ObjectShape) -> ValueShape? {
        let keysAreIDs = object.keys.allSatisfy(Self.looksLikeID)
        let everywhere = object.keys.filter { object.fields[$0]?.presentCount == object.count }
        let keysVary = object.count > 1 && object.keys.count > 1 && 2 * everywhere.count < object.keys.count
        guard keysAreIDs || keysVary || object.keys.count >= options.mapThreshold else { return nil }
        let values = object.keys.compactMap { object.fields[$0]?.value }
        let merged = values.reduce(ValueShape()) { $0.merging($1) }
        guard merged.kindCount == 1 else { return nil }
        if let union = merged.object {
            // Objects share one shape when each has at least half of all the keys seen.
            let coverage = values.compactMap { $0.object.map { Double($0.keys.count) / Double(union.keys.count) } }
            guard coverage.allSatisfy({ $0 >= 0.5 }) else { return nil }
        }
        return merged
    }

    /// Digits (`138586341`), an upper-case code with digits or separators (`PLEYEL_PLEYEL`), or a UUID
    /// or hash (hex with dashes, at least 8 characters, some digits).
    static func looksLikeID(_ key: String) -> Bool {
        if !key.isEmpty, key.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        let isCode = key.allSatisfy { ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "_" || $0 == "-" }
        // A code joins words or numbers (`PLEYEL_PLEYEL`, `A-12`); a lone upper-case word (`URL`) may be a field.
        let joinsParts = key.contains { $0 == "_" || $0 == "-" || $0.isNumber }
        if isCode, joinsParts, key.contains(where: \.isLetter) { return true }
        let isHex = key.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == "-" }
        return isHex && key.count >= 8 && key.contains(where: \.isNumber) && key.contains(where: \.isLetter)
    }

    // MARK: - Polymorphic families

    /// The variants by discriminator value, when there are 2 to 16 of them, every object has one, and
    /// their shapes differ.
    private func polymorphicVariants(of object: ObjectShape) -> [(tag: String, shape: ObjectShape)]? {
        guard options.discriminator != nil, (2...16).contains(object.variants.count),
            object.variants.values.reduce(0, { $0 + $1.count }) == object.count
        else { return nil }
        let variants = object.variants.sorted { $0.key < $1.key }.map { (tag: $0.key, shape: $0.value) }
        let common = commonKeys(of: variants.map(\.shape), in: object)
        let differ = variants.contains { variant in variant.shape.keys.contains { !common.contains($0) } }
        return differ ? variants : nil
    }

    /// The keys the base class declares: those with the same kind of value (for objects, the same
    /// keys) in every variant that has them, and that are not one variant's own: every variant has
    /// them, or several do, or the one that does lacks them at times (`org` on some events).
    private func commonKeys(of variants: [ObjectShape], in object: ObjectShape) -> Set<String> {
        Set(
            object.keys.filter { key in
                let holders = variants.filter { $0.fields[key] != nil }
                let shapes = holders.compactMap { $0.fields[key]?.value }
                guard let first = shapes.first,
                    shapes.allSatisfy({ Self.signature(of: $0) == Self.signature(of: first) })
                else { return false }
                return holders.count == variants.count || holders.count > 1
                    || holders.contains { ($0.fields[key]?.presentCount ?? 0) < $0.count }
            })
    }

    /// A short description of a shape's kinds, objects by their key sets, arrays by their elements.
    private static func signature(of shape: ValueShape) -> String {
        var parts: [String] = []
        if shape.boolCount > 0 { parts.append("bool") }
        if shape.numbers != nil { parts.append("number") }
        if shape.strings != nil { parts.append("string") }
        if let array = shape.array { parts.append("[" + signature(of: array.element) + "]") }
        if let object = shape.object { parts.append("{" + object.keys.sorted().joined(separator: ",") + "}") }
        return parts.joined(separator: "|")
    }

    private mutating func addFamily(
        _ object: ObjectShape, variants: [(tag: String, shape: ObjectShape)], hint: String, site: String,
        parent: Int?, rootName: String?
    ) -> Int {
        let common = commonKeys(of: variants.map(\.shape), in: object)
        let base = addNode(
            ClassNode(
                nameHints: [hint], sites: [site], parent: parent, properties: [], discriminator: options.discriminator,
                rootName: rootName))
        nodes[base].properties = properties(
            of: object, keys: object.keys.filter(common.contains), site: site, owner: base)
        for (tag, shape) in variants {
            let name = Self.variantName(tag: tag, base: hint)
            let subclass = addNode(
                ClassNode(nameHints: [name], sites: [site], parent: base, properties: [], superclass: base, tag: tag))
            // The variant's own nested classes are named after it (`PushEventPayload`), and their
            // places say which variant held them (`[][type=PushEvent].payload`).
            nodes[subclass].properties = properties(
                of: shape, keys: shape.keys.filter { !common.contains($0) },
                site: site + "[\(options.discriminator ?? "")=\(tag)]", owner: subclass, hintPrefix: name)
        }
        return base
    }

    /// `PushEvent` for the tag `PushEvent`; `PushEvent` for the tag `push` under `Event`.
    private static func variantName(tag: String, base: String) -> String {
        let name = Identifier.typeName(tag)
        return name.hasSuffix(base) ? name : name + base
    }
}
