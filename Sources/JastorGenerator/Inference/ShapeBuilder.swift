/// Turns sample values into ``ValueShape``s, merging every value seen at the same place.
struct ShapeBuilder {
    /// The key whose string value groups objects into variants (`--discriminator`), if any.
    let discriminator: String?
    private let recognizer = DateRecognizer()

    init(discriminator: String?) {
        self.discriminator = discriminator
    }

    /// The merged shape of several samples of the same document.
    func shape(ofSamples samples: [SampleValue]) -> ValueShape {
        samples.reduce(ValueShape()) { $0.merging(shape(of: $1)) }
    }

    /// The shape of one value.
    func shape(of value: SampleValue) -> ValueShape {
        var shape = ValueShape()
        shape.count = 1
        switch value {
        case .null: shape.nullCount = 1
        case .bool: shape.boolCount = 1
        case .number(let text): shape.numbers = NumberFacts(text: text)
        case .string(let text): shape.strings = StringFacts(text: text, recognizer: recognizer)
        case .array(let elements):
            let element = elements.reduce(ValueShape()) { $0.merging(self.shape(of: $1)) }
            shape.array = ArrayShape(count: 1, element: element)
        case .object(let members):
            shape.object = objectShape(of: members)
        }
        return shape
    }

    private func objectShape(of members: [(key: String, value: SampleValue)]) -> ObjectShape {
        var object = ObjectShape()
        object.count = 1
        for (key, value) in members {
            object.add(key: key, value: shape(of: value))
        }
        if let discriminator, case .string(let tag)? = members.last(where: { $0.key == discriminator })?.value {
            var variant = object
            variant.variants = [:]
            object.variants = [tag: variant]
        }
        return object
    }
}
