import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads an archive file's bytes, refusing what is not a regular file or is too large to read.
///
/// The file is opened without blocking (`O_NONBLOCK`: opening a named pipe with no writer would
/// wait forever) and its type and size are checked on the open descriptor (`fstat`), so the file
/// checked is the file read. A named pipe, a device such as `/dev/zero`, a socket or a folder is
/// refused before a byte is read, and so is a file larger than ``maximumSize``, the largest input
/// the archive readers take.
enum ArchiveFileReader {
    /// The largest archive file read: the JSON reader's limit, 4 GiB - 1 bytes, for both formats.
    static let maximumSize = JSONReader.maximumSize

    /// The bytes of the file at `url`.
    ///
    /// - Throws: ``JastorError`` naming `url` and saying what is wrong: not a file URL, not a
    ///   regular file, larger than ``maximumSize``, or unreadable.
    static func read(_ url: URL) throws(JastorError) -> Data {
        do throws(Failure) {
            guard url.isLocalFileURL else {
                throw Failure(expected: "a file URL", found: "the URL \(url.absoluteString)")
            }
            let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw Failure(expected: "a readable file", found: String(cString: strerror(errno)))
            }
            // From here the handle owns the descriptor and closes it.
            let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                throw Failure(expected: "a readable file", found: String(cString: strerror(errno)))
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw Failure(expected: "a regular file", found: kind(of: status.st_mode))
            }
            guard status.st_size <= maximumSize else {
                throw Failure(
                    expected: "an archive of at most \(maximumSize) bytes", found: "a file of \(status.st_size) bytes")
            }
            // Not `Data(contentsOf:)`: on Linux it leaks a 4 KB buffer for every empty file. One byte
            // more than the limit is asked for, to see a file that grew since it was checked.
            let data: Data
            do {
                data = try file.read(upToCount: maximumSize + 1) ?? Data()
            } catch {
                throw Failure(expected: "a readable file", found: error.localizedDescription)
            }
            guard data.count <= maximumSize else {
                throw Failure(
                    expected: "an archive of at most \(maximumSize) bytes", found: "a file of more than that")
            }
            return data
        } catch {
            throw JastorError(
                issues: [JastorIssue(path: [], kind: .unreadableArchive, expected: error.expected, found: error.found)],
                file: url)
        }
    }

    /// What a file that is not a regular file is, for the issue (the writer's too).
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a file that is not a regular file"
        }
    }

    /// Why a read failed, for the issue.
    private struct Failure: Error {
        let expected: String
        let found: String
    }
}

extension URL {
    /// Whether the URL names a file on this machine.
    ///
    /// A `file:` URL with no host but `localhost`: any other URL's `path` names a local file it
    /// does not mean (`http://host/x` and `file://host/x` → `/x`).
    var isLocalFileURL: Bool {
        guard isFileURL else { return false }
        let host = host ?? ""
        return host.isEmpty || host == "localhost"
    }
}
