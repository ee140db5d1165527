import Foundation
import Jastor
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Archive writes are atomic: a failed or killed write leaves the complete old archive.
@Suite struct AtomicArchiveTests {
    @Test func failedWriteLeavesTheOldArchive() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("kept.archive")
        let original = Everything(dictionary: ["string": "old"])
        try original.archive(to: file)
        let before = try Data(contentsOf: file)

        let unencodable = Everything(dictionary: ["string": "new"])
        unencodable.metadata = ["where": URL(fileURLWithPath: "/")]
        let error = try #require(throws: JastorError.self) { try unencodable.archive(to: file) }
        #expect(error.description == "metadata.where: expected a JSON value, found URL")
        #expect(try Data(contentsOf: file) == before)
        #expect(try Everything.unarchive(from: file).string == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["kept.archive"])
    }

    @Test func unwritableLocation() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("no/such/folder/x.archive")
        let error = try #require(throws: JastorError.self) { try Everything().archive(to: file) }
        #expect(error.issues.first?.kind == .unwritableArchive)
        #expect(error.file == file)
    }

    @Test func directoryInTheWayIsAnErrorAndLeftAlone() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("taken.archive")
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: file.appendingPathComponent("inside"))
        let error = try #require(throws: JastorError.self) { try Everything().archive(to: file) }
        #expect(error.issues.first?.kind == .unwritableArchive)
        #expect(error.file == file)
        #expect(error.description.hasPrefix("\(file.path): expected a writable file, found "))
        #expect(try Data(contentsOf: file.appendingPathComponent("inside")) == Data("keep".utf8))
    }

    /// `jastor-archive-writer`, built beside the test bundle by `swift build` and `swift test`.
    private static func writerExecutable() throws -> URL {
        let products = [Bundle.main.bundleURL, Bundle(for: TemporaryFolder.self).bundleURL.deletingLastPathComponent()]
        let candidates = products.map { $0.appendingPathComponent("jastor-archive-writer") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "jastor-archive-writer not found in \(products.map(\.path))")
    }

    /// Runs the writer's `check` mode on `file`: `"A"` or `"B"` when the file holds that complete
    /// ledger, an error message otherwise.
    private static func check(_ file: URL, with writer: URL) throws -> String {
        let process = Process()
        process.executableURL = writer
        process.arguments = ["check", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func killedWriterLeavesTheCompleteOldOrNewArchive() throws {
        let writer = try Self.writerExecutable()
        let folder = try TemporaryFolder()
        let file = folder.file("ledger.archive")
        var random = SeededRandom(seed: 30)
        var verdicts: [Data: String] = [:]
        var firstWrite = 0.0
        for round in 0..<30 {
            let process = Process()
            process.executableURL = writer
            process.arguments = ["write", file.path]
            let start = Date()
            try process.run()
            if round == 0 {
                // Learn how long the writer takes to finish its first archive on this machine (a
                // sanitizer build is many times slower), then kill at moments around that.
                while !FileManager.default.fileExists(atPath: file.path), process.isRunning {
                    Thread.sleep(forTimeInterval: 0.005)
                }
                firstWrite = Date().timeIntervalSince(start)
            } else {
                Thread.sleep(forTimeInterval: Double.random(in: 0.5...3, using: &random) * firstWrite)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer was killed, not stopped")
            let bytes = try Data(contentsOf: file)
            let verdict = try verdicts[bytes] ?? Self.check(file, with: writer)
            verdicts[bytes] = verdict
            #expect(verdict == "A" || verdict == "B", "round \(round): \(verdict)")
        }
    }
}
