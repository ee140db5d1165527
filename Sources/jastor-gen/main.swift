import Foundation
import JastorGenerator

// jastor-gen: writes JastorObject models for JSON samples, one consistent set for many endpoints.
//
//   swift run jastor-gen repo.json:Repository issues.json:[Issue] events.json:[Event] --discriminator type \
//       --out Models/

let usage = """
    usage: jastor-gen SAMPLE:ROOT... [--out FOLDER] [--single-file] [--prefix PREFIX] [--urls]
                      [--discriminator KEY] [--map-threshold N] [--enum-threshold N]
                      [--optional-unless-seen N] [--unknown-keys keep|report|ignore] [--header TEXT]
                      [--nonisolated] [--force]
           jastor-gen SAMPLE... --root NAME [options]

    SAMPLE:ROOT a JSON file, or a folder whose .json files are samples of the same document, and the
                name of its root class: `repo.json:Repository`, or `issues.json:[Issue]` for a root
                array of Issue; samples given the same root are merged. Every root goes into one set
                of classes, the same shape one class wherever it appears.
    --root      the root class of samples given without one
    --out       the folder to write into (created if needed); without it, one file goes to stdout.
                Re-running over a folder rewrites it and says which files were added, changed,
                removed (generated files no longer written) or unchanged. A manifest in the folder
                (.jastor-gen) records what was written: a file jastor-gen did not write, or one edited
                since, is never overwritten or removed (the run stops and names it; see --force).
    --single-file   every class in one file, named after the first root class
    --prefix    a prefix for every class name
    --urls      type absolute http(s) strings as URL
    --discriminator KEY   a key whose string values pick subclasses (a polymorphic family)
    --map-threshold N     objects with N or more keys of one shape become [String: Model] (default 20)
    --enum-threshold N    strings with at most N distinct words, each seen twice on average, become
                          an enum with a catch-all case (default 8; 0: never)
    --optional-unless-seen N   a key is optional unless it held a value in N or more objects (default 1;
                          with a single sample, 2 makes every key seen once optional)
    --unknown-keys keep|report|ignore   what the classes do with a key the samples did not show:
                          keep it in `unmappedKeys` and write it back (default), report it as an
                          issue (.reportUnknownKeys), or drop it without an issue
    --header TEXT         the comment at the top of each file (default: names the samples)
    --nonisolated         declare every class `nonisolated`, for a target isolated to the main actor
                          by default (new Xcode 26 app targets; needs Swift 6.1 or later)
    --force               overwrite files in --out that jastor-gen did not write or that were edited
    """

/// One `SAMPLE:ROOT` argument.
struct RootArgument {
    var path: String
    var name: String?
    var isArray = false

    /// Splits `path:Name` or `path:[Name]`; a path without a root name after its last `:` is all path.
    init(_ argument: String) {
        path = argument
        guard let colon = argument.lastIndex(of: ":") else { return }
        var root = String(argument[argument.index(after: colon)...])
        let isArray = root.hasPrefix("[") && root.hasSuffix("]") && root.count > 2
        if isArray { root = String(root.dropFirst().dropLast()) }
        guard Arguments.isTypeName(root) else { return }
        path = String(argument[..<colon])
        name = root
        self.isArray = isArray
    }
}

/// The command line, read by hand.
struct Arguments {
    var inputs: [RootArgument] = []
    var output: String?
    var rootName: String?
    var options = GeneratorOptions(rootName: "")
    var overwriting = false

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        func count(for flag: String, minimum: Int) throws -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), number >= minimum else { throw UsageError("bad \(flag) \(text)") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--root": rootName = try value(for: argument)
            case "--out": output = try value(for: argument)
            case "--single-file": options.singleFile = true
            case "--force": overwriting = true
            case "--nonisolated": options.declaresNonisolated = true
            case "--prefix": options.prefix = try value(for: argument)
            case "--urls": options.detectsURLs = true
            case "--discriminator": options.discriminator = try value(for: argument)
            case "--header": options.header = try value(for: argument)
            case "--map-threshold": options.mapThreshold = try count(for: argument, minimum: 1)
            case "--enum-threshold": options.enumThreshold = try count(for: argument, minimum: 0)
            case "--optional-unless-seen": options.optionalUnlessSeen = try count(for: argument, minimum: 1)
            case "--unknown-keys":
                let text = try value(for: argument)
                guard let choice = GeneratorOptions.UnknownKeys(rawValue: text) else {
                    throw UsageError("bad \(argument) \(text): keep, report or ignore")
                }
                options.unknownKeys = choice
            case "-h", "--help": throw UsageError(nil)
            case _ where argument.hasPrefix("--"): throw UsageError("unknown option \(argument)")
            default: inputs.append(RootArgument(argument))
            }
        }
        guard !inputs.isEmpty else { throw UsageError("no samples given") }
        if let rootName, !Self.isTypeName(rootName) { throw UsageError("--root \(rootName) is not a Swift type name") }
        for index in inputs.indices where inputs[index].name == nil {
            guard let rootName else { throw UsageError("\(inputs[index].path) has no root: write it PATH:Name") }
            inputs[index].name = rootName
        }
        guard options.prefix.isEmpty || Self.isTypeName(options.prefix) else {
            throw UsageError("--prefix \(options.prefix) is not a Swift type name")
        }
        if output == nil { options.singleFile = true }
    }

    /// Letters, digits and underscores, not starting with a digit.
    static func isTypeName(_ name: String) -> Bool {
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

/// The roots named on the command line, samples given the same root merged, in order of first mention.
func roots(_ inputs: [RootArgument]) throws -> [GeneratorRoot] {
    var roots: [GeneratorRoot] = []
    for input in inputs {
        let samples = try sampleFiles([input.path]).map { url in
            try Sample(name: url.lastPathComponent, text: String(contentsOf: url, encoding: .utf8))
        }
        let name = input.name ?? ""
        if let index = roots.firstIndex(where: { $0.name == name }) {
            roots[index].samples += samples
            roots[index].isArray = roots[index].isArray || input.isArray
        } else {
            roots.append(GeneratorRoot(name: name, isArray: input.isArray, samples: samples))
        }
    }
    return roots
}

func run() throws {
    let arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
    let files = try ModelGenerator(options: arguments.options).generate(roots: roots(arguments.inputs))
    guard let output = arguments.output else {
        print(files.map(\.contents).joined(separator: "\n"), terminator: "")
        return
    }
    let changes = try OutputFolder(url: URL(fileURLWithPath: output)).write(
        files, overwriting: arguments.overwriting)
    let report = "jastor-gen: \(output): \(changes)\n"
    FileHandle.standardError.write(Data(report.utf8))
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
