import Foundation
import Jastor
import Testing

/// A finite date whose number of milliseconds since 1970 overflows a `Double` (seconds beyond
/// 1.8e305) has no number that stands for it: archives keep the `Date`, JSON outputs report it.
@Suite struct EpochOverflowTests {
    static let dates: [Double] = [.greatestFiniteMagnitude, 1e306, -1e306, -.greatestFiniteMagnitude]

    @Test(arguments: dates) func archivesKeepADateWhoseMillisecondsOverflow(seconds: Double) throws {
        let model = A22Wide()
        model.millis = Date(timeIntervalSinceReferenceDate: seconds)
        for format in [JastorArchiveFormat.json, .binaryPropertyList] {
            let copy = try A22Wide.unarchive(from: try model.archivedData(format: format))
            #expect(copy.millis.timeIntervalSinceReferenceDate == seconds, "\(format)")
        }
    }

    @Test(arguments: dates) func jsonOutputsReportADateWhoseMillisecondsOverflow(seconds: Double) throws {
        let model = A22Wide()
        model.millis = Date(timeIntervalSinceReferenceDate: seconds)
        var issues: [JastorIssue] = []
        _ = model.toDictionary(issues: &issues)
        #expect(issues.map(\.path.description) == ["millis"], "\(issues)")
        #expect(throws: JastorError.self) { try model.jsonData() }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(model) }
    }
}
