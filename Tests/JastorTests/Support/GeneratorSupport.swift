import Foundation
import JastorGenerator
import Testing

/// Samples, golden files and structural comparison for the model generator's tests.
enum GeneratorSupport {
    /// `Tests/JastorTests/Generated/`, where the golden generated models live (compiled with the tests).
    static let goldenFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // JastorTests
        .appendingPathComponent("Generated")

    /// The samples at `Fixtures/generator/<path>`: one file, or a folder's `.json` files by name.
    static func samples(_ path: String) throws -> [Sample] {
        let url = Fixtures.folder.appendingPathComponent("generator").appendingPathComponent(path)
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
        let files =
            isFolder.boolValue
            ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
            : [url]
        return try files.map { try Sample(name: $0.lastPathComponent, text: String(contentsOf: $0, encoding: .utf8)) }
    }

    /// The single file generated for inline JSON samples, for the inference rules' tests.
    static func source(_ samples: String..., configure: (inout GeneratorOptions) -> Void = { _ in }) throws -> String {
        var options = GeneratorOptions(rootName: "Root")
        options.singleFile = true
        configure(&options)
        let parsed = try samples.enumerated().map { try Sample(name: "sample\($0.offset + 1).json", text: $0.element) }
        return try #require(try ModelGenerator(options: options).generate(from: parsed).first).contents
    }

    /// The JSON as `toDictionary()` writes it: `null`s and empty arrays and objects left out, at every
    /// level, then serialised with sorted keys.
    static func normalisedJSON(_ value: Any) throws -> String {
        try Fixtures.canonical(withoutEmpties(value) ?? [String: Any]())
    }

    /// The JSON with every ISO-8601 date string replaced by its instant (seconds since 1970), so
    /// that `+00:00` and `Z` spellings of one moment compare equal.
    static func instants(_ value: Any) -> Any {
        switch value {
        case let text as String:
            let styles = [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()]
            return styles.lazy.compactMap { try? $0.parse(text) }.first.map { $0.timeIntervalSince1970 } ?? text
        case let object as [String: Any]:
            return object.mapValues(instants)
        case let array as [Any]:
            return array.map(instants)
        default:
            return value
        }
    }

    private static func withoutEmpties(_ value: Any) -> Any? {
        switch value {
        case is NSNull:
            return nil
        case let object as [String: Any]:
            let kept = object.compactMapValues(withoutEmpties)
            return kept.isEmpty ? nil : kept
        case let array as [Any]:
            return array.isEmpty ? nil : array.map { withoutEmpties($0) ?? NSNull() }
        default:
            return value
        }
    }
}
