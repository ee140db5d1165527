import Foundation

/// The error Jastor throws: every issue that stopped a strict mapping, an archive read or a write.
///
/// Strict mapping does not stop at the first problem; the error lists all of them, each with its
/// full key path. Its description is one issue per line:
///
/// ```swift
/// do {
///     let response = try SearchResponse(validating: json)
/// } catch let error as JastorError {
///     print(error)  // statuses[3].user.id: expected Int64, found String "abc"
///     for issue in error.issues where issue.kind == .valueOutOfRange { ... }
/// }
/// ```
public struct JastorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in the order they were found.
    ///
    /// Never empty.
    public let issues: [JastorIssue]
    /// The archive file the problems were found in, if any.
    public let file: URL?

    /// Creates an error from the issues that caused it.
    ///
    /// ```swift
    /// let error = JastorError(issues: [issue])
    /// ```
    ///
    /// - Parameters:
    ///   - issues: The problems; should not be empty.
    ///   - file: The archive file they were found in, if any.
    public init(issues: [JastorIssue], file: URL? = nil) {
        self.issues = issues
        self.file = file
    }

    /// One line per issue, each starting with the file's path when there is a file.
    ///
    /// The path is written whole, with line breaks, control and invisible format characters
    /// escaped as in issues (`bad\nname.archive`), so that each issue stays one line.
    public var description: String {
        let prefix = file.map { "\(MessageText.escaped($0.path)): " } ?? ""
        return issues.map { prefix + $0.description }.joined(separator: "\n")
    }
}

// MARK: - LocalizedError

extension JastorError: LocalizedError {
    /// The same text as ``description``, so that `localizedDescription` (which alerts and logs
    /// show) names every issue instead of Foundation's "The operation could not be completed".
    ///
    /// ```swift
    /// print(error.localizedDescription)  // amount: expected Int, found String "lots"
    /// ```
    public var errorDescription: String? { description }
}
