import Foundation

extension JastorObject: Codable {
    /// Encodes the model as ``toDictionary()`` writes it: JSON keys, key strategy and transforms.
    ///
    /// `Codable` follows the JSON mapping rules in both directions, so a model inside your own
    /// `Codable` response type reads and writes the API's JSON. A `Decimal` is written so that
    /// it reads back exactly into a `Decimal` property: `JSONEncoder` writes it as a number with
    /// all its digits, up to 36 (`{"amount":1.25}`), and as a string beyond (see <doc:Archiving>).
    /// No class is recorded: a subclass in a property
    /// typed as its base class decodes as the base class (or the class its
    /// ``modelClass(for:)`` picks); archive such graphs with ``archive(to:format:)``, and declare
    /// such properties of your own `Codable` types ``JastorPolymorphic``, which checks that each
    /// model reads back as its own class.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(product)
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` when the model holds a value JSON cannot represent
    ///   or a cycle.
    public func encode(to encoder: any Encoder) throws {
        do {
            try CodableBridge.codableValue(of: self, for: encoder).encode(to: encoder)
        } catch let error as JastorError {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }
}
