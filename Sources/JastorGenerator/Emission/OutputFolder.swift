import Foundation

/// The folder `jastor-gen --out` writes: files whose text is unchanged are left alone, and files an
/// earlier run wrote but this one does not are removed, so a re-run is deterministic and says what
/// changed.
///
/// What the generator wrote is recorded in a manifest beside the files (`.jastor-gen`: a hash and a
/// name per line). Only a file listed there whose text is still what the generator wrote is replaced
/// or removed. A file a person wrote, or a generated file edited since, is never overwritten or
/// removed: the write stops before touching anything and names it, unless `overwriting` is set
/// (`jastor-gen --force`).
///
/// ```swift
/// let changes = try OutputFolder(url: folder).write(files)
/// print(changes)  // 15 files: 14 unchanged; changed: User.swift
/// ```
public struct OutputFolder: Sendable {
    /// The manifest's file name.
    public static let manifestName = ".jastor-gen"

    /// What one write changed.
    public struct Changes: Sendable, Equatable, CustomStringConvertible {
        /// Files that did not exist, by name.
        public var added: [String] = []
        /// Files whose text changed, by name.
        public var changed: [String] = []
        /// Generated files the run no longer writes, removed, by name.
        public var removed: [String] = []
        /// Generated files the run no longer writes but kept, because they were edited since.
        public var kept: [String] = []
        /// How many files already held the text written.
        public var unchanged = 0

        /// `15 files: 13 unchanged; added: A.swift; changed: B.swift`.
        public var description: String {
            let total = added.count + changed.count + unchanged
            var parts = ["\(total) files: \(unchanged) unchanged"]
            for (label, names) in [
                ("added", added), ("changed", changed), ("removed", removed), ("kept (edited since generated)", kept),
            ] where !names.isEmpty {
                parts.append(label + ": " + names.joined(separator: ", "))
            }
            return parts.joined(separator: "; ")
        }
    }

    /// The files a write would overwrite although the generator did not write them (or they were
    /// edited since): nothing was written.
    public struct ForeignFiles: Error, CustomStringConvertible {
        /// The files, by name.
        public let names: [String]

        /// The files named, and what to do.
        public var description: String {
            "would overwrite files jastor-gen did not write, or that were edited since it wrote them: "
                + names.joined(separator: ", ") + " (nothing was written; move them, or pass --force)"
        }
    }

    /// The folder.
    public let url: URL

    /// The folder at `url`, created when written if needed.
    ///
    /// ```swift
    /// let folder = OutputFolder(url: URL(fileURLWithPath: "Sources/API"))
    /// ```
    ///
    /// - Parameter url: The folder's location.
    public init(url: URL) {
        self.url = url
    }

    /// Writes `files`, leaving files that already hold their text untouched, and removes the files
    /// an earlier run wrote that this one does not, when they are unedited.
    ///
    /// ```swift
    /// let changes = try folder.write(files)
    /// ```
    ///
    /// - Parameters:
    ///   - files: The generated files.
    ///   - overwriting: Whether to replace files the generator did not write (or that were edited
    ///     since it wrote them). Off, such a file stops the write before anything is written.
    /// - Returns: What changed, file names sorted.
    /// - Throws: ``ForeignFiles`` when a file would be overwritten that the generator did not
    ///   write; the file system's error when a file cannot be written or removed.
    public func write(_ files: [GeneratedFile], overwriting: Bool = false) throws -> Changes {
        let manager = FileManager.default
        try manager.createDirectory(at: url, withIntermediateDirectories: true)
        let manifest = readManifest()
        var changes = Changes()
        var pending: [GeneratedFile] = []
        var foreign: [String] = []
        for file in files {
            let target = url.appendingPathComponent(file.name)
            guard manager.fileExists(atPath: target.path) else {
                changes.added.append(file.name)
                pending.append(file)
                continue
            }
            let existing = try? Data(contentsOf: target)
            if existing == Data(file.contents.utf8) {
                changes.unchanged += 1
                continue
            }
            if let existing, manifest[file.name] == Self.hash(existing) || overwriting {
                changes.changed.append(file.name)
                pending.append(file)
            } else {
                foreign.append(file.name)
            }
        }
        if !foreign.isEmpty { throw ForeignFiles(names: foreign.sorted()) }
        for file in pending {
            try file.contents.write(to: url.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        let written = Set(files.map(\.name))
        for (name, hash) in manifest.sorted(by: { $0.key < $1.key }) where !written.contains(name) {
            let target = url.appendingPathComponent(name)
            guard let existing = try? Data(contentsOf: target) else { continue }
            if Self.hash(existing) == hash {
                try manager.removeItem(at: target)
                changes.removed.append(name)
            } else {
                changes.kept.append(name)
            }
        }
        let lines = files.sorted { $0.name < $1.name }.map { Self.hash(Data($0.contents.utf8)) + " " + $0.name }
        try (lines.joined(separator: "\n") + "\n").write(
            to: url.appendingPathComponent(Self.manifestName), atomically: true, encoding: .utf8)
        changes.added.sort()
        changes.changed.sort()
        return changes
    }

    /// The manifest of the last run: each file's hash by name.
    ///
    /// Lines that are not `<hash> <name>` with a plain file name are ignored, so a damaged manifest
    /// protects more files, not fewer.
    private func readManifest() -> [String: String] {
        guard let text = try? String(contentsOf: url.appendingPathComponent(Self.manifestName), encoding: .utf8)
        else { return [:] }
        var manifest: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 16, !parts[1].contains("/"), parts[1] != ".", parts[1] != ".."
            else { continue }
            manifest[String(parts[1])] = String(parts[0])
        }
        return manifest
    }

    /// FNV-1a (64 bits) of `data`, as 16 hex digits: enough to tell an edited file from the one written.
    private static func hash(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
