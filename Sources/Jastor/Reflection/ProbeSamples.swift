import Foundation

/// Values of a property's type that differ from its usual defaults, for ``KeyPathNaming``.
enum ProbeSamples {
    /// Distinct values of `type`, or none when Jastor cannot make one.
    static func values<Value>(of type: Value.Type) -> [Value] {
        if let sampling = type as? any ProbeSampling.Type {
            return sampling.probeSamples.compactMap { $0 as? Value }
        }
        if type == [String: Any].self || type == [String: Any]?.self {
            return [["jastor": 7] as [String: Any], ["jastor": 8]].compactMap { $0 as? Value }
        }
        if type == [Any].self || type == [Any]?.self {
            return [[7] as [Any], [8]].compactMap { $0 as? Value }
        }
        if let cases = type as? any CaseIterable.Type {
            return allCases(of: cases).compactMap { $0 as? Value }
        }
        // Containers, from their elements' samples, whatever gives those: `[Int]`, `Level?` (an
        // enum's cases), `[String: Level]`, and containers of those.
        if let container = type as? any ContainerSampling.Type {
            return container.containerSamples.compactMap { $0 as? Value }
        }
        return []
    }

    private static func allCases<Cases: CaseIterable>(of type: Cases.Type) -> [Any] {
        type.allCases.map { $0 }
    }
}

/// A type ``ProbeSamples`` can make distinct values of.
protocol ProbeSampling {
    /// Two or more distinct values of the type, so that one differs from whatever default a
    /// property has.
    static var probeSamples: [Any] { get }
}

extension String: ProbeSampling { static var probeSamples: [Any] { ["jastor-probe", "jastor-probe-2"] } }

extension Bool: ProbeSampling { static var probeSamples: [Any] { [true, false] } }

extension Int: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int] } }

extension Int8: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int8] } }

extension Int16: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int16] } }

extension Int32: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int32] } }

extension Int64: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Int64] } }

extension UInt: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt] } }

extension UInt8: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt8] } }

extension UInt16: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt16] } }

extension UInt32: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt32] } }

extension UInt64: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [UInt64] } }

extension Double: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Double] } }

extension Float: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Float] } }

extension Decimal: ProbeSampling { static var probeSamples: [Any] { [7, 8] as [Decimal] } }

extension Date: ProbeSampling {
    static var probeSamples: [Any] { [Date(timeIntervalSince1970: 7), Date.distantFuture] }
}

extension UUID: ProbeSampling { static var probeSamples: [Any] { [UUID(), UUID()] } }

extension Data: ProbeSampling { static var probeSamples: [Any] { [Data([7]), Data([8])] } }

extension URL: ProbeSampling {
    static var probeSamples: [Any] {
        [URL(fileURLWithPath: "/jastor-probe"), URL(fileURLWithPath: "/jastor-probe-2")]
    }
}

extension JastorObject: ProbeSampling {
    /// A blank instance: a new reference differs from any default.
    static var probeSamples: [Any] { [self.init()] }
}

/// A container whose samples are made of its elements' samples.
///
/// Whatever gives the elements' samples (a conformance to ``ProbeSampling``, an enum's cases,
/// another container), there is one container per element sample and an empty one, or none when
/// its element has no samples: the one rule for optionals, arrays and dictionaries.
protocol ContainerSampling {
    static var containerSamples: [Any] { get }
}

extension Optional: ContainerSampling {
    static var containerSamples: [Any] {
        let samples = ProbeSamples.values(of: Wrapped.self)
        return samples.isEmpty ? [] : samples.map { Wrapped?.some($0) as Any } + [Wrapped?.none as Any]
    }
}

extension Array: ContainerSampling {
    static var containerSamples: [Any] {
        let samples = ProbeSamples.values(of: Element.self)
        return samples.isEmpty ? [] : samples.map { [$0] } + [[Element]()]
    }
}

extension Dictionary: ContainerSampling where Key == String {
    static var containerSamples: [Any] {
        let samples = ProbeSamples.values(of: Value.self)
        return samples.isEmpty ? [] : samples.map { ["jastor": $0] } + [[String: Value]()]
    }
}
