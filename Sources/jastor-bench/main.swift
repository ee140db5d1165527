import Dispatch
import Foundation
import Jastor

// jastor-bench: Jastor against hand-written mapping and JSONDecoder on the same data, in one run.
//
//   swift run -c release jastor-bench [--quick] [--synthetic] [--only OPERATION] [--json PATH]
//                                     [FILE.json:twitter|citm|canada ...]
//
// Without files it maps ../shared/bench-data when present, and otherwise (or with --synthetic) a
// deterministic synthetic corpus. `--only "Jastor from dictionary"` measures that operation alone
// (and skips scaling, threads and limits), for profiling with callgrind or perf; `--only threads`
// runs the one- and two-thread rows alone, Jastor's and the controls'. The limits section
// maps extreme shapes (a long string, a long array, deep nesting) at ×1 and ×10 of their size;
// `--only limits` runs it alone. `--only unmapped` writes models keeping 1 k, 16 k and 100 k unknown
// keys (`toDictionary()` and both archive formats). `--rss-split FAMILY OPERATION FILE` runs one
// operation ("Jastor from bytes", "JSONDecoder from bytes" or none) once and prints its peak
// resident KB, the file-backed part at the end and the peak of what it allocated
// (`--rss-probe` prints the peak alone, in MB, for the report's rows).

struct Options {
    var quick = false
    var synthetic = false
    var only: String?
    var jsonPath: String?
    var inputs: [(file: String, family: String, path: String)] = []

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--synthetic": synthetic = true
            case "--only":
                guard let name = remaining.popFirst() else { throw BenchmarkError("--only needs an operation name") }
                only = name
            case "--json":
                guard let path = remaining.popFirst() else { throw BenchmarkError("--json needs a path") }
                jsonPath = path
            default:
                let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
                guard parts.count == 2, modelFamilies[String(parts[1])] != nil else {
                    throw BenchmarkError("unknown argument \(argument); files are FILE.json:twitter|citm|canada")
                }
                let path = String(parts[0])
                inputs.append((URL(fileURLWithPath: path).lastPathComponent, String(parts[1]), path))
            }
        }
    }
}

/// The inputs to measure: named files, the real-world files, or the synthetic corpus.
func loadInputs(_ options: Options) throws -> [(file: String, family: String, data: Data)] {
    if !options.inputs.isEmpty {
        return try options.inputs.map { ($0.file, $0.family, try Data(contentsOf: URL(fileURLWithPath: $0.path))) }
    }
    if !options.synthetic, let folder = Corpus.benchDataFolder() {
        return try Corpus.realFiles.map { file, family in
            (file, family, try Data(contentsOf: folder.appendingPathComponent(file)))
        }
    }
    if !options.synthetic {
        print("../shared/bench-data is absent: measuring the deterministic synthetic corpus instead.\n")
    }
    return try Corpus.synthetic()
}

func makeWorkload(_ family: any ModelFamily.Type, file: String, data: Data) throws -> Workload {
    try Workload.make(family, file: file, data: data)
}

/// Peak memory of one operation, measured in a child process so operations do not share a peak.
func peakMemory(family: String, operation: String, path: String) -> Double? {
    guard let executable = Bundle.main.executableURL else { return nil }
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--rss-probe", family, operation, path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do {
        try process.run()
        process.waitUntilExit()
    } catch {
        return nil
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The child side of ``peakMemory``: run one operation once and print the peak resident MB.
func probeMemory(family familyName: String, operation: String, path: String) throws {
    guard let family = modelFamilies[familyName] else { throw BenchmarkError("unknown family \(familyName)") }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try runOnce(family, operation: operation, data: data)
    print(Harness.peakResidentMegabytes() ?? 0)
}

func runOnce<Family: ModelFamily>(_ family: Family.Type, operation: String, data: Data) throws {
    switch operation {
    case "Jastor from bytes": _ = try Family.Model(json: data)
    case "JSONDecoder from bytes": _ = try JSONDecoder().decode(Family.Coded.self, from: data)
    default: break
    }
}

/// The child side of `--rss-split`: run one operation once and print its peak resident KB, the
/// file-backed resident KB at the end, and the peak of what the run allocated (the first less the
/// second), which leaves out the code pages a run touches: how many of those stay resident depends
/// on where the linker put each function, not on the memory an operation uses.
func probeMemorySplit(family familyName: String, operation: String, path: String) throws {
    guard let family = modelFamilies[familyName] else { throw BenchmarkError("unknown family \(familyName)") }
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    try runOnce(family, operation: operation, data: data)
    guard let split = Harness.residentSplitKilobytes() else { throw BenchmarkError("no /proc/self/status") }
    print("peak \(split.peak) KB, file-backed \(split.fileBacked) KB, allocated peak \(split.allocatedPeak) KB")
}

/// Time at ×1, ×10 (and ×100) of twitter's statuses, from bytes and from dictionaries, with
/// `JSONDecoder` on the same bytes for reference.
///
/// Every factor, ×1 included, is serialised the same way (`Corpus.scaled`), so the inputs differ
/// only in length.
func scaling(twitter: Data, factors: [Int], rounds: Int) throws -> [Measurement] {
    var measurements: [Measurement] = []
    for factor in factors {
        let data = try Corpus.scaled(twitter, factor: factor)
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
        let bytes = Harness.time(rounds: rounds) { ((try? TwitterSearch(json: data)) != nil) ? 1 : 0 }
        let dictionary = Harness.time(rounds: rounds) { TwitterSearch(dictionary: json).statuses.count }
        let decoder = Harness.time(rounds: rounds) {
            ((try? JSONDecoder().decode(CodableTwitterSearch.self, from: data)) != nil) ? 1 : 0
        }
        let file = "twitter ×\(factor)"
        measurements += [
            Measurement(file: file, operation: "Jastor from bytes", baseline: nil, samples: bytes),
            Measurement(file: file, operation: "Jastor from dictionary", baseline: nil, samples: dictionary),
            Measurement(file: file, operation: "JSONDecoder from bytes", baseline: nil, samples: decoder),
        ]
    }
    return measurements
}

/// Eight mappings from bytes on one thread, then on two threads four each; and the same for two
/// controls, so that the two-thread ratio can be read against what the machine gives: `JSONDecoder`
/// on the same bytes (another library's mapping, its own allocations) and a loop of arithmetic that
/// touches no memory (what two cores give at best).
///
/// Each round runs the one-thread and the two-thread case of a workload back to back, so that a
/// busy period of the machine falls on both.
func threads(twitter: Data, rounds: Int) -> [Measurement] {
    let jobs = 8
    let jastor = pairedThreads(label: "twitter, 8 maps", jobs: jobs, rounds: rounds) {
        ((try? TwitterSearch(json: twitter)) != nil) ? 1 : 0
    }
    let decoder = pairedThreads(label: "twitter, 8 maps, JSONDecoder (control)", jobs: jobs, rounds: rounds) {
        ((try? JSONDecoder().decode(CodableTwitterSearch.self, from: twitter)) != nil) ? 1 : 0
    }
    // Seeded by the input's length, so that the compiler cannot compute the loop ahead.
    let seed = UInt64(twitter.count) | 1
    let compute = pairedThreads(label: "8 arithmetic loops (control)", jobs: jobs, rounds: rounds) {
        arithmeticLoop(seed: seed, iterations: 300_000)
    }
    return jastor + decoder + compute
}

/// `jobs` runs of `job` on one thread, then on two threads half each, `rounds` times interleaved.
private func pairedThreads(label: String, jobs: Int, rounds: Int, job: @escaping @Sendable () -> Int) -> [Measurement] {
    var one: [Double] = []
    var two: [Double] = []
    _ = job()  // warm-up: plans built, code and data paged in
    for _ in 0..<rounds {
        one += Harness.time(rounds: 1) { (0..<jobs).reduce(0) { sum, _ in sum &+ job() } }
        two += Harness.time(rounds: 1) {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                var sum = 0
                for _ in 0..<jobs / 2 { sum &+= job() }
                if sum == Int.min { print("") }
            }
            return jobs
        }
    }
    return [
        Measurement(file: label, operation: "1 thread", baseline: nil, samples: one),
        Measurement(file: label, operation: "2 threads", baseline: "1 thread", samples: two),
    ]
}

/// A xorshift loop: no shared memory, no allocation, no atomics.
///
/// Not optimised, so that the compiler cannot tell it has no side effects and move it out of the
/// timed region (its state lives on the thread's own stack).
@_optimize(none)
private func arithmeticLoop(seed: UInt64, iterations: Int) -> Int {
    var state = seed
    var remaining = iterations
    while remaining > 0 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        remaining &-= 1
    }
    return Int(truncatingIfNeeded: state & 1)
}

func run() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--rss-probe", arguments.count == 4 {
        return try probeMemory(family: arguments[1], operation: arguments[2], path: arguments[3])
    }
    if arguments.first == "--rss-split", arguments.count == 4 {
        return try probeMemorySplit(family: arguments[1], operation: arguments[2], path: arguments[3])
    }
    let options = try Options(arguments)
    if options.only == "limits" {
        let measurements = limitsScaling(rounds: options.quick ? 5 : 9)
        print(Report.markdown(measurements))
        if let path = options.jsonPath { try Report.json(measurements).write(to: URL(fileURLWithPath: path)) }
        return
    }
    if options.only == "unmapped" {
        let measurements = unmappedKeysScaling(rounds: options.quick ? 2 : 5)
        print(Report.markdown(measurements))
        if let path = options.jsonPath { try Report.json(measurements).write(to: URL(fileURLWithPath: path)) }
        return
    }
    let inputs = try loadInputs(options)
    if options.only == "threads" {
        let twitter = inputs.first { $0.family == "twitter" }?.data ?? Data()
        print(Report.markdown(threads(twitter: twitter, rounds: 7)))
        return
    }
    if options.only == "scaling" {
        let twitter = inputs.first { $0.family == "twitter" }?.data ?? Data()
        let measurements =
            try scaling(twitter: twitter, factors: options.quick ? [1, 10] : [1, 10, 100], rounds: 5)
            + threads(twitter: twitter, rounds: 7)
        print(Report.markdown(measurements))
        return
    }
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("jastor-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: temporary) }

    var measurements: [Measurement] = []
    var cold: [Measurement] = []
    for input in inputs {
        guard let family = modelFamilies[input.family] else { continue }
        var workload = try makeWorkload(family, file: input.file, data: input.data)
        if let only = options.only {
            workload = workload.keeping(only)
            guard !workload.operations.isEmpty else { throw BenchmarkError("no operation is named \(only)") }
        }
        print("\(input.file): the three model sets agree; measuring…")
        var results = Harness.measure(
            workload, warmup: options.quick ? 1 : 3, rounds: options.quick ? 3 : 20, budget: options.quick ? 4 : 25)
        let path = temporary.appendingPathComponent(input.file).path
        try input.data.write(to: URL(fileURLWithPath: path))
        for index in results.indices
        where ["Jastor from bytes", "JSONDecoder from bytes"].contains(results[index].operation) {
            results[index].peakResidentMegabytes = peakMemory(
                family: input.family, operation: results[index].operation, path: path)
        }
        measurements += results
        let warm = results.first { $0.operation == "Jastor from dictionary" }
        cold.append(
            Measurement(
                file: input.file, operation: "Jastor first mapping (cold, builds the plans)",
                baseline: warm == nil ? nil : "Jastor from dictionary", samples: [workload.coldMilliseconds]))
    }
    measurements += cold
    if options.only == nil, let twitter = inputs.first(where: { $0.family == "twitter" }) {
        print("twitter: scaling and threads…")
        measurements += try scaling(
            twitter: twitter.data, factors: options.quick ? [1, 10] : [1, 10, 100], rounds: options.quick ? 2 : 5)
        measurements += threads(twitter: twitter.data, rounds: options.quick ? 2 : 7)
    }
    if options.only == nil {
        print("limits: long string, long array, deep nesting at ×1 and ×10…")
        measurements += limitsScaling(rounds: options.quick ? 5 : 9)
        print("unmapped keys: toDictionary() and archives of 1 k, 16 k and 100 k kept keys…")
        measurements += unmappedKeysScaling(rounds: options.quick ? 2 : 5)
    }
    print()
    print(Report.markdown(measurements))
    if let path = options.jsonPath {
        try Report.json(measurements).write(to: URL(fileURLWithPath: path))
        print("\nEvery figure written to \(path)")
    }
}

do {
    try run()
} catch {
    print("jastor-bench: \(error)")
    exit(1)
}
