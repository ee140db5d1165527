// A helper for the atomic-write test: `write FILE` archives the ledgers "A" and "B" alternately to
// FILE until it is killed, printing "wrote SECONDS" once the first is on disk; `check FILE` reads FILE back and prints which complete ledger it holds.
// For the cross-process tests, `scenario NAME json|plist FILE` archives one graph (Scenarios.swift).
import Foundation
import Jastor

if CommandLine.arguments.dropFirst().first == "scenario" {
    exit(Scenarios.run(Array(CommandLine.arguments.dropFirst(2))))
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let mode = arguments.first, let path = arguments.last else {
    FileHandle.standardError.write(Data("usage: jastor-archive-writer write|check FILE\n".utf8))
    exit(2)
}
let file = URL(fileURLWithPath: path)
let samples = ["A", "B"].map(Ledger.sample)

do {
    switch mode {
    case "write":
        // Once the first archive is on disk, say how long it took (the process's start excluded),
        // so that the test can kill the writer inside a later write.
        let start = DispatchTime.now().uptimeNanoseconds
        try samples[0].archive(to: file)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        FileHandle.standardOutput.write(Data("wrote \(seconds)\n".utf8))
        for round in 1... {
            try samples[round % 2].archive(to: file)
        }
    case "check":
        let ledger = try Ledger.unarchive(from: file)
        guard let match = samples.first(where: { $0 == ledger }) else {
            print("neither: \(ledger.name) with \(ledger.entries.count) entries")
            exit(1)
        }
        print(match.name)
    default:
        FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
        exit(2)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
