import Foundation

// libFuzzer's entry points. Every input is fed, as it is, to the JSON reader through several
// model classes in lenient and strict form, to a root array, and to the archive reader. The
// checks below trap (and so make libFuzzer save the input) when an invariant breaks:
//
// - only `JastorError` is ever thrown, and every error has issues with non-empty messages;
// - strict mapping throws whenever lenient mapping throws, and when it succeeds it builds the
//   same model;
// - a lenient result of JSON mapping writes itself with `toDictionary()` into something
//   `JSONSerialization` accepts, and maps back from it to an equal model;
// - a model that archives reads back equal, in both archive formats.

/// Called once before fuzzing; can write the archive seeds.
///
/// With `JASTOR_FUZZ_WRITE_SEEDS=FOLDER` it writes archives of the JSON seeds in that folder into
/// it (seed corpus for the archive reader) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>>>
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["JASTOR_FUZZ_WRITE_SEEDS"] else { return 0 }
    let seeds = URL(fileURLWithPath: folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var written = 0
    for name in names.sorted() where name.hasSuffix(".json") {
        guard let data = try? Data(contentsOf: seeds.appendingPathComponent(name)) else { continue }
        for model in [
            try? FuzzFeed(json: data) as JastorObject, try? FuzzEverything(json: data), try? FuzzProduct(json: data),
        ] {
            guard let model else { continue }
            for (suffix, format) in [("plist", JastorArchiveFormat.binaryPropertyList), ("json", .json)] {
                guard let archive = try? model.archivedData(format: format) else { continue }
                let file = seeds.appendingPathComponent("\(name)-\(type(of: model))-\(suffix).archive")
                if (try? archive.write(to: file)) != nil { written += 1 }
            }
        }
    }
    print("wrote \(written) archive seeds to \(folder)")
    exit(0)
}

/// One fuzz input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let data = Data(bytes: bytes, count: size)
    checkJSON(FuzzEverything.self, data)
    checkJSON(FuzzProduct.self, data)
    checkJSON(FuzzFeed.self, data)
    checkJSON(FuzzCategory.self, data)
    checkRootArray(data)
    checkArchive(FuzzFeed.self, data)
    checkArchive(FuzzEverything.self, data)
    return 0
}

// MARK: - Invariants

private func checkJSON<Model: JastorObject>(_ type: Model.Type, _ data: Data) {
    let lenient = outcome { try Model(json: data) }
    let strict = outcome { try Model(validatingJSON: data) }
    switch (lenient, strict) {
    case (.failure, .success):
        fail("\(Model.self): strict mapping succeeded where lenient mapping threw")
    case (.success(let relaxed), .success(let validated)):
        require(relaxed == validated, "\(Model.self): strict and lenient mapping built different models")
        checkOutput(relaxed)
    case (.success(let relaxed), .failure):
        checkOutput(relaxed)
    case (.failure, .failure):
        break
    }
}

private func checkRootArray(_ data: Data) {
    guard case .success(let events) = outcome({ try [FuzzEvent](json: data) }) else { return }
    for event in events {
        let built = ObjectIdentifier(type(of: event))
        require(
            built == ObjectIdentifier(FuzzEvent.self) || built == ObjectIdentifier(FuzzPushEvent.self),
            "a root array built a \(type(of: event))")
        checkOutput(event)
    }
}

private func checkArchive<Model: JastorObject>(_ type: Model.Type, _ data: Data) {
    guard case .success(let model) = outcome({ try Model.unarchive(from: data) }) else { return }
    // An archive records exact classes, which the JSON alone may not choose (a `PushEvent`
    // whose `type` says otherwise), so only the archive round trip must hold here.
    checkOutput(model, mapsBackFromDictionary: false)
}

/// Output of a model that mapping built: dictionary round trip and archive round trips.
private func checkOutput<Model: JastorObject>(_ model: Model, mapsBackFromDictionary: Bool = true) {
    let dictionary = model.toDictionary()
    // Archives may hold what JSON cannot (NaN, dates kept untyped); what JSON mapping accepts, JSON
    // output must write.
    require(
        !mapsBackFromDictionary || JSONSerialization.isValidJSONObject(dictionary),
        "\(Model.self): toDictionary() is not valid JSON")
    require(
        // Mapped as the model's own class: a polymorphic root array may have built a subclass,
        // which an initialiser of the declared class cannot become.
        !mapsBackFromDictionary || type(of: model).init(dictionary: dictionary) == model,
        "\(Model.self): toDictionary() does not map back equal")
    _ = model.description
    _ = model.hashValue
    for format in [JastorArchiveFormat.binaryPropertyList, .json] {
        guard case .success(let archive) = outcome({ try model.archivedData(format: format) }) else { continue }
        switch outcome({ try Model.unarchive(from: archive) }) {
        case .success(let copy): require(copy == model, "\(Model.self): the \(format) archive reads back different")
        case .failure(let error): fail("\(Model.self): its own \(format) archive does not read back: \(error)")
        }
    }
}

/// Runs `body`, checking that any error is a well-formed `JastorError`.
private func outcome<T>(_ body: () throws -> T) -> Result<T, JastorError> {
    do {
        return .success(try body())
    } catch let error as JastorError {
        require(!error.issues.isEmpty, "a JastorError without issues")
        for issue in error.issues {
            require(!issue.expected.isEmpty && !issue.found.isEmpty, "an issue without a message: \(issue)")
        }
        require(!error.description.isEmpty, "a JastorError without a description")
        return .failure(error)
    } catch {
        fail("an error that is not a JastorError: \(error)")
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("jastor-fuzz: invariant broken: \(message)\n".utf8))
    abort()
}
