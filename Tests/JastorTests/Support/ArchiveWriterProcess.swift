import Foundation
import Testing

/// Runs the `jastor-archive-writer` helper, which `swift build` and `swift test` build beside the
/// test bundle, as a separate process.
enum ArchiveWriterProcess {
    /// The helper's executable.
    static func executable() throws -> URL {
        let products = [Bundle.main.bundleURL, Bundle(for: TemporaryFolder.self).bundleURL.deletingLastPathComponent()]
        let candidates = products.map { $0.appendingPathComponent("jastor-archive-writer") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "jastor-archive-writer not found in \(products.map(\.path))")
    }

    /// Archives the helper's `scenario` to `file` in another process; returns what it printed
    /// when it failed.
    @discardableResult
    static func write(_ scenario: String, json: Bool, to file: URL) throws -> String {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["scenario", scenario, json ? "json" : "plist", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "jastor-archive-writer scenario \(scenario): \(text)")
        return text
    }
}
