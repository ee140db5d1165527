import Foundation

/// A number in a ``JSONDocument``: its nearest `Double`, and where its literal starts, so that the
/// text is read only when a conversion needs more than the `Double`.
///
/// A trivial value (no reference counting): it refers to its document without retaining it, which
/// is sound because a `DocumentNumber` only exists inside a ``DocumentValue/kind``, read while the
/// `DocumentValue` (which retains the document) is in use, and no conversion keeps it.
struct DocumentNumber {
    private let document: Unmanaged<JSONDocument>
    private let start: Int
    /// The nearest `Double` (infinite when the literal is beyond `Double`'s range).
    let double: Double
    /// Whether the literal has neither a fraction nor an exponent.
    let isIntegerForm: Bool
    /// Whether the reader found the literal to be a text `double` is written back as
    /// (``NumberSpelling``); `false` leaves it to the text.
    let spellsDouble: Bool

    init(document: JSONDocument, start: Int, double: Double, isIntegerForm: Bool, spellsDouble: Bool = false) {
        self.document = Unmanaged.passUnretained(document)
        self.start = start
        self.double = double
        self.isIntegerForm = isIntegerForm
        self.spellsDouble = spellsDouble
    }

    /// The literal's text, as written.
    var text: String { document.takeUnretainedValue().numberText(at: start) }

    /// The literal, with its text.
    var literal: NumberLiteral { NumberLiteral(text: text, double: double, isIntegerForm: isIntegerForm) }

    /// As ``NumberLiteral/doubleValue``, reading the text only for integers, zeros and literals the
    /// reader could not find written back.
    var doubleValue: ScalarConversion<Double> {
        if spellsDouble { return .success(double) }
        return literal.doubleValue
    }

    /// As ``NumberLiteral/untypedValue``.
    var untypedValue: JSONValue? { literal.untypedValue }

    /// As ``NumberLiteral/untypedValueOrNearest``.
    var untypedValueOrNearest: JSONValue { literal.untypedValueOrNearest }
}
