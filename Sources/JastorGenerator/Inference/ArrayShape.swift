/// The arrays seen at one place: their elements merged into one shape.
struct ArrayShape: Sendable {
    /// How many arrays were seen.
    var count = 0
    /// The merged shape of every element of every array, one element deep (a box, as a struct
    /// cannot hold itself).
    private var elementBox: [ValueShape] = []

    /// The merged shape of the elements; `count == 0` when every array was empty.
    var element: ValueShape {
        get { elementBox.first ?? ValueShape() }
        set { elementBox = [newValue] }
    }

    init(count: Int, element: ValueShape) {
        self.count = count
        self.element = element
    }

    func merging(_ other: ArrayShape) -> ArrayShape {
        ArrayShape(count: count + other.count, element: element.merging(other.element))
    }
}
