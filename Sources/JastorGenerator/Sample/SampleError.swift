/// Why a sample could not be read.
///
/// ```swift
/// do { _ = try SampleValue(parsing: "[1,") } catch let error as SampleError { print(error) }
/// ```
public struct SampleError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the place: `line 3, column 7: expected ':'`.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
