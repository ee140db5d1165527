import Foundation

/// The benchmark's output: a markdown table with ratios, and every figure as JSON.
enum Report {
    /// One line of the JSON output.
    struct Row: Encodable {
        let file: String
        let op: String
        let medianMilliseconds: Double
        let minimumMilliseconds: Double
        let maximumMilliseconds: Double
        let peakResidentMegabytes: Double?

        enum CodingKeys: String, CodingKey {
            case file, op
            case medianMilliseconds = "median_ms"
            case minimumMilliseconds = "min_ms"
            case maximumMilliseconds = "max_ms"
            case peakResidentMegabytes = "peak_rss_mb"
        }
    }

    static func markdown(_ measurements: [Measurement]) -> String {
        var lines = [
            "| file | operation | median ms | min–max ms | ratio | vs |",
            "|---|---|---:|---:|---:|---|",
        ]
        for measurement in measurements {
            let base = measurement.baseline.flatMap { baseline in
                measurements.first { $0.file == measurement.file && $0.operation == baseline }
            }
            var ratio = base.map { String(format: "%.2f×", measurement.median / $0.median) } ?? ""
            var versus = measurement.baseline ?? ""
            if let second = measurement.secondBaseline,
                let other = measurements.first(where: { $0.file == measurement.file && $0.operation == second })
            {
                ratio += String(format: " / %.2f×", measurement.median / other.median)
                versus += " / " + second
            }
            let memory = measurement.peakResidentMegabytes.map { String(format: " (peak %.0f MB)", $0) } ?? ""
            lines.append(
                "| \(measurement.file) | \(measurement.operation)\(memory) | \(format(measurement.median)) | "
                    + "\(format(measurement.minimum))–\(format(measurement.maximum)) | \(ratio) | \(versus) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ measurements: [Measurement]) throws -> Data {
        let rows = measurements.map {
            Row(
                file: $0.file, op: $0.operation, medianMilliseconds: $0.median, minimumMilliseconds: $0.minimum,
                maximumMilliseconds: $0.maximum, peakResidentMegabytes: $0.peakResidentMegabytes)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(rows)
    }

    private static func format(_ milliseconds: Double) -> String {
        milliseconds >= 100 ? String(format: "%.0f", milliseconds) : String(format: "%.3f", milliseconds)
    }
}
