/// One generated Swift source file.
///
/// ```swift
/// try file.contents.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
/// ```
public struct GeneratedFile: Sendable, Equatable {
    /// The file name, `Status.swift`.
    public let name: String
    /// The Swift source.
    public let contents: String
}
