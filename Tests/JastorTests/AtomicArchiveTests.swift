import Foundation
import Jastor
import Synchronization
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
        #expect(error.description == "\(file.path): metadata.where: expected a JSON value, found URL")
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
        #expect(error.description == "\(file.path): expected a regular file or no file, found a folder")
        #expect(try Data(contentsOf: file.appendingPathComponent("inside")) == Data("keep".utf8))
        #expect(try Self.names(in: folder) == ["taken.archive"], "the temporary file is removed")
    }

    @Test func failedWriteOfACycleNamesTheFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("cycle.archive")
        let category = ProductCategory(dictionary: ["name": "loop"])
        category.children = [category]
        defer { category.children = [] }
        let error = try #require(throws: JastorError.self) { try category.archive(to: file) }
        #expect(error.file == file)
        #expect(
            error.description
                == "\(file.path): children[0]: expected a tree of models, found a reference back to an enclosing ProductCategory"
        )
        #expect(try Self.names(in: folder) == [])
    }

    @Test(arguments: [0o600, 0o640, 0o604, 0o400])
    func rewriteKeepsThePermissions(mode: Int) throws {
        let folder = try TemporaryFolder()
        let file = folder.file("private.archive")
        try Everything(dictionary: ["string": "old"]).archive(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        try Everything(dictionary: ["string": "new"]).archive(to: file)
        #expect(try Self.permissions(of: file) == mode)
        #expect(try Everything.unarchive(from: file).string == "new")
    }

    @Test func newArchiveGetsTheUsualPermissions() throws {
        let folder = try TemporaryFolder()
        let plain = folder.file("plain")
        #expect(FileManager.default.createFile(atPath: plain.path, contents: Data()))
        let file = folder.file("new.archive")
        try Everything().archive(to: file)
        #expect(try Self.permissions(of: file) == Self.permissions(of: plain))
    }

    /// A link is followed: the file it points to (through a relative link, and a chain of two)
    /// is replaced and the links stay links.
    @Test func symbolicLinksAreFollowed() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: folder.file("real"), withIntermediateDirectories: false)
        let target = folder.file("real/target.archive")
        try Everything(dictionary: ["string": "old"]).archive(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        try manager.createSymbolicLink(atPath: folder.file("first").path, withDestinationPath: "real/target.archive")
        try manager.createSymbolicLink(
            atPath: folder.file("second").path, withDestinationPath: folder.file("first").path)

        try Everything(dictionary: ["string": "new"]).archive(to: folder.file("second"))

        #expect(try manager.destinationOfSymbolicLink(atPath: folder.file("second").path) == folder.file("first").path)
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.file("first").path) == "real/target.archive")
        #expect(try Everything.unarchive(from: target).string == "new")
        #expect(try Self.permissions(of: target) == 0o600)
        #expect(try Self.names(in: folder) == ["first", "real", "second"])
        #expect(try manager.contentsOfDirectory(atPath: folder.file("real").path) == ["target.archive"])
    }

    @Test func danglingLinkCreatesItsTarget() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("link").path, withDestinationPath: "missing.archive")
        try Everything(dictionary: ["string": "new"]).archive(to: folder.file("link"))
        #expect(try Everything.unarchive(from: folder.file("missing.archive")).string == "new")
        #expect(try Self.names(in: folder) == ["link", "missing.archive"])
    }

    @Test func linkLoopIsAnErrorNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("a")
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder.file("b").path, withDestinationPath: "a")
        let error = try #require(throws: JastorError.self) { try Everything().archive(to: file) }
        #expect(
            error.description == "\(file.path): expected a writable file, found more than 32 symbolic links in a chain")
    }

    /// A URL that is not a file URL is refused, not written to the local file its path spells.
    @Test func urlThatIsNotAFileURL() throws {
        let url = try #require(URL(string: "http://example.com/x.archive"))
        let error = try #require(throws: JastorError.self) { try Everything().archive(to: url) }
        #expect(error.issues.first?.kind == .unwritableArchive)
        #expect(error.issues.first?.description == "expected a file URL, found the URL http://example.com/x.archive")
        #expect(!FileManager.default.fileExists(atPath: "/x.archive"))
    }

    /// A temporary file whose writer is gone (no lock on it) is removed by the next write; one a
    /// live writer holds locked is left alone.
    @Test func staleTemporaryFilesAreRemovedByTheNextWrite() throws {
        let folder = try TemporaryFolder()
        let file = folder.file("ledger.archive")
        let stale = folder.file(".ledger.archive.jastor-tmp-dead")
        let live = folder.file(".ledger.archive.jastor-tmp-1ive")
        let other = folder.file(".other.archive.jastor-tmp-dead")
        for leftover in [stale, live, other] {
            #expect(FileManager.default.createFile(atPath: leftover.path, contents: Data("partial".utf8)))
        }
        let holder = open(live.path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)

        try Everything().archive(to: file)

        #expect(
            try Self.names(in: folder) == [
                ".ledger.archive.jastor-tmp-1ive", ".other.archive.jastor-tmp-dead", "ledger.archive",
            ])
    }

    /// Only a regular file is replaced: a folder, a named pipe, a link to either, a URL naming a
    /// folder and a link loop are refused, naming the URL and what is there, and nothing is created.
    @Test func fileTargetsThatAreNotFiles() throws {
        let folder = try TemporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(at: folder.file("dir"), withIntermediateDirectories: false)
        try manager.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: "dir")
        #expect(mkfifo(folder.file("fifo").path, 0o600) == 0)
        try manager.createSymbolicLink(atPath: folder.file("to-fifo").path, withDestinationPath: "fifo")
        try manager.createSymbolicLink(atPath: folder.file("a").path, withDestinationPath: "b")
        try manager.createSymbolicLink(atPath: folder.file("b").path, withDestinationPath: "a")
        let slashed = URL(fileURLWithPath: folder.file("new.archive").path + "/", isDirectory: true)
        let refused: [(URL, String)] = [
            (folder.file("dir"), "a folder"),
            (folder.file("link"), "a folder (\(folder.file("dir").path), where the symbolic link leads)"),
            (folder.file("fifo"), "a named pipe (FIFO)"),
            (
                folder.file("to-fifo"),
                "a named pipe (FIFO) (\(folder.file("fifo").path), where the symbolic link leads)"
            ),
            (slashed, #"a URL naming a folder (ending in "/")"#),
        ]
        for (url, found) in refused {
            let error = try #require(throws: JastorError.self) { try Everything().archive(to: url) }
            #expect(error.issues.first?.kind == .unwritableArchive)
            #expect(error.file == url)
            #expect(error.description == "\(url.path): expected a regular file or no file, found \(found)")
        }
        #expect(throws: JastorError.self) { try Everything().archive(to: folder.file("a")) }
        #expect(throws: JastorError.self) { try Everything.unarchive(from: folder.file("a")) }
        var status = stat()
        #expect(lstat(folder.file("fifo").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(try Self.names(in: folder) == ["a", "b", "dir", "fifo", "link", "to-fifo"])
        #expect(try manager.contentsOfDirectory(atPath: folder.file("dir").path) == [])
    }

    /// A device node (a copy of `/dev/null`'s, made in a scratch folder where the system allows it)
    /// is never replaced by a regular file, named or reached through a link.
    @Test func archiveOverADeviceNodeIsRefused() throws {
        let folder = try TemporaryFolder()
        let node = folder.file("null")
        guard mknod(node.path, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            print("mknod is not allowed here: skipped")
            return
        }
        try FileManager.default.createSymbolicLink(atPath: folder.file("out.archive").path, withDestinationPath: "null")
        for url in [node, folder.file("out.archive")] {
            let error = try #require(throws: JastorError.self) { try Everything().archive(to: url) }
            #expect(
                error.description.hasPrefix("\(url.path): expected a regular file or no file, found a character device")
            )
            var status = stat()
            #expect(lstat(node.path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        }
        #expect(try Self.names(in: folder) == ["null", "out.archive"])
    }

    private static func names(in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    private static func permissions(of file: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
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

    /// What `process` first writes to `pipe`; if it writes nothing for `limit` seconds, it is
    /// killed (which ends the read) and what it wrote is "".
    private static func firstWords(of process: Process, on pipe: Pipe, within limit: Double) -> String {
        final class Words: Sendable {
            let text = Mutex("")
        }
        let reading = pipe.fileHandleForReading
        let words = Words()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = reading.availableData
            words.text.withLock { $0 = String(decoding: data, as: UTF8.self) }
            done.signal()
        }
        if done.wait(timeout: .now() + limit) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            done.wait()
        }
        return words.text.withLock { $0 }
    }

    @Test func killedWriterLeavesTheCompleteOldOrNewArchive() throws {
        let writer = try Self.writerExecutable()
        let folder = try TemporaryFolder()
        let file = folder.file("ledger.archive")
        var random = SeededRandom(seed: 30)
        var verdicts: [Data: String] = [:]
        for round in 0..<30 {
            let process = Process()
            process.executableURL = writer
            process.arguments = ["write", file.path]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            // The writer says when its first archive is on disk and how long that write took (a
            // sanitizer build is many times slower); killed at a random moment of the next two
            // writes, one of each ledger, it dies inside a write, never while starting.
            let said = Self.firstWords(of: process, on: output, within: 600)
            let seconds = said.split(separator: " ").last.flatMap { Double($0.trimmingCharacters(in: .newlines)) }
            if let seconds { Thread.sleep(forTimeInterval: Double.random(in: 0...2, using: &random) * seconds) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(seconds != nil, "round \(round): the writer said \(said.debugDescription)")
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer was killed, not stopped")
            let bytes = try Data(contentsOf: file)
            let verdict = try verdicts[bytes] ?? Self.check(file, with: writer)
            verdicts[bytes] = verdict
            #expect(verdict == "A" || verdict == "B", "round \(round): \(verdict)")
            let leftovers = try Self.names(in: folder).filter { $0 != "ledger.archive" }
            #expect(leftovers.allSatisfy { $0.hasPrefix(".ledger.archive.jastor-tmp-") }, "round \(round)")
            #expect(leftovers.count <= 1, "round \(round): at most the killed writer's temporary file")
        }
        try Everything().archive(to: file)
        #expect(try Self.names(in: folder) == ["ledger.archive"], "the next write removes what a killed writer left")
    }
}
