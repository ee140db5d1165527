import Foundation
import Jastor
import JastorGenerator

// `jastor-demo`: maps the fixtures into models, prints them, archives and unarchives them.
// `jastor-demo FILE.json`: prints an outline of any JSON file, with the generator's shape inference.

/// The repository's `Fixtures/` folder: beside the working directory, or found from this file.
func fixturesFolder() -> URL {
    let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Fixtures")
    if FileManager.default.fileExists(atPath: local.path) { return local }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
}

func readJSON(_ url: URL) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
}

/// Maps one fixture, prints the model, archives it in both formats and reads it back.
func demonstrate<Model: JastorObject>(_ type: Model.Type, fixture: String, folder: URL, archives: URL) throws -> Bool {
    let url = folder.appendingPathComponent("\(fixture).json")
    guard let json = try readJSON(url) as? [String: Any] else {
        print("\(url.path): not a JSON object")
        return false
    }
    var issues: [JastorIssue] = []
    let model = Model(dictionary: json, issues: &issues)
    print("── \(fixture).json → \(Model.self)")
    print(model)
    for issue in issues { print("  skipped: \(issue)") }
    var allEqual = true
    for format in [JastorArchiveFormat.binaryPropertyList, .json] {
        let file = archives.appendingPathComponent("\(fixture)-\(format).archive")
        try model.archive(to: file, format: format)
        let copy = try Model.unarchive(from: file)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        print("   archived as \(format) (\(size) bytes), unarchived: \(copy == model ? "equal" : "DIFFERENT")")
        allEqual = allEqual && copy == model
    }
    print()
    return allEqual
}

func runDemo() throws -> Int32 {
    let folder = fixturesFolder()
    let archives = FileManager.default.temporaryDirectory.appendingPathComponent("jastor-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: archives, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: archives) }
    print("Mapping the fixtures in \(folder.path); archives go to \(archives.path)\n")
    let results = [
        try demonstrate(Product.self, fixture: "product_with_category", folder: folder, archives: archives),
        try demonstrate(ProductCategory.self, fixture: "category_tree", folder: folder, archives: archives),
        try demonstrate(SearchResponse.self, fixture: "search_response", folder: folder, archives: archives),
    ]
    print(results.allSatisfy { $0 } ? "Every model came back equal." : "Some models did not come back equal.")
    return results.allSatisfy { $0 } ? 0 : 1
}

let arguments = CommandLine.arguments.dropFirst()
do {
    switch arguments.count {
    case 0:
        exit(try runDemo())
    case 1:
        guard let path = arguments.first, !path.hasPrefix("-") else { fallthrough }
        let url = URL(fileURLWithPath: path)
        let sample = try Sample(name: url.lastPathComponent, text: String(contentsOf: url, encoding: .utf8))
        print(ShapeOutline(samples: [sample]).text)
    default:
        print("usage: jastor-demo            map the fixtures, archive and unarchive them")
        print("       jastor-demo FILE.json  outline the keys, types and nesting of any JSON file")
        exit(2)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
