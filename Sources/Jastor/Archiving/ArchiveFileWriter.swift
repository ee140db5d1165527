import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Replaces a file with new bytes so that a reader sees the old file or the new one, complete.
///
/// The bytes go to a temporary file beside the target, named `.<name>.jastor-tmp-<random>`,
/// which is written, flushed to disk (`fsync`) and renamed over the target. So:
/// - an existing file keeps its permission bits (a `0600` archive stays `0600`) and, where the
///   process may set them, its owner and group; a new file gets the process's usual ones;
/// - a symbolic link is followed: the file it points to is replaced (the temporary file is made
///   beside it), and the link stays;
/// - only a regular file is replaced: a folder, a named pipe, a device or a socket at the target
///   (or where its links lead), and a URL naming a folder (ending in `/`), are refused before the
///   temporary file is made, and checked again just before the rename;
/// - a failed write removes its temporary file, and a temporary file left by a writer that was
///   killed is removed by the next write to the same target. Each writer holds an advisory
///   lock (`flock`) on its temporary file while it writes, so only files whose writer is gone
///   are removed, never one that another thread or process is still writing.
///
/// Foundation's `.atomic` option does none of this on Linux: it resets permissions, replaces a
/// link by a file, and leaves `.dat.nosync*` files behind when the process is killed.
enum ArchiveFileWriter {
    /// The part of a temporary file's name after the target's name.
    static let temporaryMarker = ".jastor-tmp-"

    /// Writes `data` to `url` as described above.
    ///
    /// - Throws: ``JastorError`` naming `url` and saying what failed.
    static func write(_ data: Data, to url: URL) throws(JastorError) {
        guard url.isLocalFileURL else {
            throw JastorError(
                issues: [
                    JastorIssue(
                        path: [], kind: .unwritableArchive, expected: "a file URL",
                        found: "the URL \(url.absoluteString)")
                ], file: url)
        }
        do throws(Failure) {
            let target = try resolvedTarget(of: url.path)
            try checkKind(of: target, for: url)
            removeStaleTemporaries(of: target)
            try replace(target, with: data)
        } catch {
            throw JastorError(
                issues: [
                    JastorIssue(path: [], kind: .unwritableArchive, expected: error.expected, found: error.description)
                ], file: url)
        }
    }

    /// Refuses a target that is neither a regular file nor absent (a folder, a named pipe, a
    /// device, a socket), and a URL naming a folder (ending in `/`), before anything is created.
    private static func checkKind(of target: String, for url: URL) throws(Failure) {
        if let kind = nonFileKind(at: target) {
            let place = target == url.path ? "" : " (\(target), where the symbolic link leads)"
            throw Failure(expected: regularFile, text: kind + place)
        }
        if url.hasDirectoryPath {
            throw Failure(expected: regularFile, text: "a URL naming a folder (ending in \"/\")")
        }
    }

    /// What the writer may replace.
    private static let regularFile = "a regular file or no file"

    /// What is at `path` when it is something other than a regular file; `nil` for a regular
    /// file or nothing (or what cannot be asked, which writing the temporary file reports).
    private static func nonFileKind(at path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
        return ArchiveFileReader.kind(of: status.st_mode)
    }

    // MARK: Steps

    /// The path a write to `path` replaces: `path` itself, or the file a chain of symbolic links
    /// at `path` leads to (which need not exist yet).
    private static func resolvedTarget(of path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<maximumLinkHops {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw Failure.system("reading the symbolic link \(current)") }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : (current as NSString).deletingLastPathComponent + "/" + destination
        }
        throw Failure(text: "more than \(maximumLinkHops) symbolic links in a chain")
    }

    private static let maximumLinkHops = 32

    /// Writes `data` to a new temporary file beside `target` and renames it over `target`.
    private static func replace(_ target: String, with data: Data) throws(Failure) {
        var existing = stat()
        let replacesFile = stat(target, &existing) == 0 && existing.st_mode & S_IFMT == S_IFREG
        let temporary = try TemporaryFile(beside: target)
        do throws(Failure) {
            if replacesFile {
                // The permission bits exactly (`fchmod` ignores the umask); the owner where allowed.
                _ = fchown(temporary.descriptor, existing.st_uid, existing.st_gid)
                guard fchmod(temporary.descriptor, existing.st_mode & 0o7777) == 0 else {
                    throw Failure.system("setting the permissions of \(temporary.path)")
                }
            }
            try temporary.writeAll(data)
            guard fsync(temporary.descriptor) == 0 else { throw Failure.system("flushing \(temporary.path)") }
            // Checked again: something else may have been put there while the file was written.
            if let kind = nonFileKind(at: target) { throw Failure(expected: regularFile, text: "\(kind) at \(target)") }
            guard rename(temporary.path, target) == 0 else {
                throw Failure.system("renaming the temporary file over \(target)")
            }
        } catch {
            unlink(temporary.path)
            temporary.closeFile()
            throw error
        }
        temporary.closeFile()
        syncDirectory(of: target)
    }

    /// Removes the temporary files earlier writers to `target` left behind (killed mid-write):
    /// those whose lock no writer holds.
    private static func removeStaleTemporaries(of target: String) {
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = TemporaryFile.namePrefix(for: (target as NSString).lastPathComponent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return }
        for name in names where name.hasPrefix(prefix) {
            let path = (folder.isEmpty ? "" : folder + "/") + name
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // A writer holds the lock from creating its file until renaming it: a free lock
            // means the writer is gone.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            unlink(path)
        }
    }

    /// Flushes the rename to disk; best effort, as some file systems refuse to sync a folder.
    private static func syncDirectory(of target: String) {
        let folder = (target as NSString).deletingLastPathComponent
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }
}

// MARK: - Temporary file

/// A new temporary file beside a target, open for writing and locked while it exists.
private struct TemporaryFile {
    let path: String
    let descriptor: Int32

    /// The start of the names of `target`'s temporary files: `.<name>.jastor-tmp-`, with the
    /// name cut to 100 bytes so that the whole stays within the 255 bytes file systems allow.
    static func namePrefix(for name: String) -> String {
        var kept = ""
        for scalar in name.unicodeScalars {
            guard kept.utf8.count + String(scalar).utf8.count <= 100 else { break }
            kept.unicodeScalars.append(scalar)
        }
        return "." + kept + ArchiveFileWriter.temporaryMarker
    }

    /// Creates the file under a fresh random name and locks it.
    init(beside target: String) throws(Failure) {
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = Self.namePrefix(for: (target as NSString).lastPathComponent)
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
            let candidate = (folder.isEmpty ? "" : folder + "/") + prefix + suffix
            // 0666 less the umask, as for any new file; an existing target's bits are set later.
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                if errno == EEXIST { continue }
                throw Failure.system("creating \(candidate)")
            }
            // Another write's clean-up may remove the file between its creation and the lock:
            // then it has no name any more, and a new one is made.
            var status = stat()
            guard flock(descriptor, LOCK_EX) == 0, fstat(descriptor, &status) == 0, status.st_nlink > 0 else {
                close(descriptor)
                continue
            }
            path = candidate
            self.descriptor = descriptor
            return
        }
        throw Failure(text: "no free temporary file name beside \(target)")
    }

    /// Writes all of `data`, resuming after partial writes and interruptions.
    func writeAll(_ data: Data) throws(Failure) {
        let failed = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return true }
                offset += written
            }
            return false
        }
        if failed { throw Failure.system("writing \(path)") }
    }

    func closeFile() {
        _ = close(descriptor)
    }
}

// MARK: - Failure

/// Why a write failed, as text for the issue.
private struct Failure: Error, CustomStringConvertible {
    var expected = "a writable file"
    let text: String

    var description: String { text }

    /// The current `errno`'s message, and what was being done: `Permission denied (creating …)`.
    static func system(_ action: String) -> Failure {
        Failure(text: "\(String(cString: strerror(errno))) (\(action))")
    }
}
