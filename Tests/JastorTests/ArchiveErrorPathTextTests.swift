import Foundation
import Jastor
import Testing

/// An archive error's file path is written on the issue's one line, escaped as issues escape keys.
@Suite struct ArchiveErrorPathTextTests {
    @Test func aPathWithALineBreakOrAnOverrideStaysOnOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jastor-path-text-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("bad\nname\u{202E}.archive")
        try Data("{".utf8).write(to: file)
        let error = try #require(throws: JastorError.self) { try Product.unarchive(from: file) }
        #expect(error.issues.count == 1)
        #expect(!error.description.contains("\n") && !error.description.contains("\u{202E}"))
        #expect(error.description.hasPrefix(folder.path + "/bad\\nname\\u{202e}.archive: expected "))
    }
}
