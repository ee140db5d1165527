import Foundation
import JastorGenerator

// jastor-gen: writes JastorObject models for JSON samples.
//
//   swift run jastor-gen Fixtures/generator/twitter_search.json --root SearchResponse --out Models/

let usage = """
    usage: jastor-gen SAMPLE... --root NAME [--out FOLDER] [--single-file] [--prefix PREFIX] [--urls]
                      [--discriminator KEY] [--map-threshold N] [--header TEXT]

    SAMPLE      a JSON file, or a folder whose .json files are samples of the same document
    --root      the name of the root class (required)
    --out       the folder to write into (created if needed); without it, one file goes to stdout
    --single-file   every class in one file, named after the root class
    --prefix    a prefix for every class name
    --urls      type absolute http(s) strings as URL
    --discriminator KEY   a key whose string values pick subclasses (a polymorphic family)
    --map-threshold N     objects with N or more keys of one shape become [String: Model] (default 20)
    --header TEXT         the comment at the top of each file (default: names the samples)
    """

/// The command line, read by hand.
struct Arguments {
    var inputs: [String] = []
    var output: String?
    var options = GeneratorOptions(rootName: "")

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--root": options.rootName = try value(for: argument)
            case "--out": output = try value(for: argument)
            case "--single-file": options.singleFile = true
            case "--prefix": options.prefix = try value(for: argument)
            case "--urls": options.detectsURLs = true
            case "--discriminator": options.discriminator = try value(for: argument)
            case "--header": options.header = try value(for: argument)
            case "--map-threshold":
                let text = try value(for: argument)
                guard let threshold = Int(text), threshold > 0 else { throw UsageError("bad --map-threshold \(text)") }
                options.mapThreshold = threshold
            case "-h", "--help": throw UsageError(nil)
            case _ where argument.hasPrefix("--"): throw UsageError("unknown option \(argument)")
            default: inputs.append(argument)
            }
        }
        guard !inputs.isEmpty else { throw UsageError("no samples given") }
        guard !options.rootName.isEmpty else { throw UsageError("--root is required") }
        guard Self.isTypeName(options.rootName) else {
            throw UsageError("--root \(options.rootName) is not a Swift type name")
        }
        guard options.prefix.isEmpty || Self.isTypeName(options.prefix) else {
            throw UsageError("--prefix \(options.prefix) is not a Swift type name")
        }
        if output == nil { options.singleFile = true }
    }

    /// Letters, digits and underscores, not starting with a digit.
    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

/// A command-line mistake, with the message to print before the usage.
struct UsageError: Error {
    let message: String?

    init(_ message: String?) {
        self.message = message
    }
}

/// A sample that cannot be found.
struct MissingSample: Error, CustomStringConvertible {
    let path: String

    var description: String { "no such file: \(path)" }
}

/// The sample files named by `inputs`: files as given, folders' `.json` files sorted by name.
func sampleFiles(_ inputs: [String]) throws -> [URL] {
    try inputs.flatMap { input -> [URL] in
        let url = URL(fileURLWithPath: input)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder) else {
            throw MissingSample(path: input)
        }
        guard isFolder.boolValue else { return [url] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let samples = try sampleFiles(arguments.inputs).map { url in
        try Sample(name: url.lastPathComponent, text: String(contentsOf: url, encoding: .utf8))
    }
    let files = try ModelGenerator(options: arguments.options).generate(from: samples)
    guard let output = arguments.output else {
        print(files.map(\.contents).joined(separator: "\n"), terminator: "")
        return
    }
    let folder = URL(fileURLWithPath: output)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in files {
        try file.contents.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
    }
    FileHandle.standardError.write(Data("jastor-gen: wrote \(files.count) files to \(output)\n".utf8))
}

do {
    try run()
} catch let error as UsageError {
    let message = error.message.map { "jastor-gen: \($0)\n\n" } ?? ""
    FileHandle.standardError.write(Data((message + usage + "\n").utf8))
    exit(error.message == nil ? 0 : 2)
} catch {
    FileHandle.standardError.write(Data("jastor-gen: \(error)\n".utf8))
    exit(1)
}
