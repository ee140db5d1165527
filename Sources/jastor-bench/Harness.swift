import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Timings of one operation, in milliseconds per operation.
struct Measurement {
    let file: String
    let operation: String
    let baseline: String?
    /// A second operation the report compares with, if any (`jsonData` against `JSONEncoder` and hand).
    var secondBaseline: String? = nil
    var samples: [Double]
    var peakResidentMegabytes: Double?

    var median: Double { sorted[sorted.count / 2] }
    var minimum: Double { sorted.first ?? 0 }
    var maximum: Double { sorted.last ?? 0 }
    private var sorted: [Double] { samples.sorted() }
}

/// Runs operations interleaved, so that a slow period of the machine affects all alike.
enum Harness {
    /// Warms every operation up, then runs `rounds` rounds of all of them in turn, stopping early
    /// (after at least three rounds) when `budget` seconds have passed.
    static func measure(_ workload: Workload, warmup: Int, rounds: Int, budget: Double) -> [Measurement] {
        var sink = 0
        for _ in 0..<warmup {
            for operation in workload.operations { sink &+= operation.run() }
        }
        var samples = Array(repeating: [Double](), count: workload.operations.count)
        let start = DispatchTime.now().uptimeNanoseconds
        for round in 0..<rounds {
            for (index, operation) in workload.operations.enumerated() {
                let begin = DispatchTime.now().uptimeNanoseconds
                sink &+= operation.run()
                samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
            }
            if round >= 2, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > budget { break }
        }
        blackHole(sink)
        return zip(workload.operations, samples).map { operation, samples in
            Measurement(
                file: workload.file, operation: operation.name, baseline: operation.baseline,
                secondBaseline: operation.secondBaseline, samples: samples)
        }
    }

    /// Times `body` `rounds` times, in milliseconds.
    static func time(rounds: Int, _ body: () -> Int) -> [Double] {
        var sink = 0
        var samples: [Double] = []
        for _ in 0..<rounds {
            let begin = DispatchTime.now().uptimeNanoseconds
            sink &+= body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
        }
        blackHole(sink)
        return samples
    }

    /// The process's peak resident memory in MB (Linux `VmHWM`), or `nil` where unavailable.
    static func peakResidentMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            return kilobytes.map { $0 / 1024 }
        }
        return nil
    }

    /// The process's peak resident memory, its file-backed resident memory now (code and data of
    /// the executable and libraries, which stays mapped once touched), and the difference: the
    /// peak of the memory the process allocated, in KB (Linux `VmHWM`, `RssFile` and `RssShmem`),
    /// or `nil` where unavailable.
    static func residentSplitKilobytes() -> (peak: Int, fileBacked: Int, allocatedPeak: Int)? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        var fields: [Substring: Int] = [:]
        for line in status.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count >= 2, let value = Int(parts[1]) { fields[parts[0]] = value }
        }
        guard let peak = fields["VmHWM:"], let file = fields["RssFile:"] else { return nil }
        let shared = fields["RssShmem:"] ?? 0
        return (peak, file + shared, peak - file - shared)
    }

    @inline(never)
    private static func blackHole(_ value: Int) {
        if value == Int.min { print("") }
    }
}
