import Foundation

/// A two-way conversion between JSON and a property's type, used instead of the built-in rules.
///
/// Give one to a registration, or make it the default for every property of its type:
///
/// ```swift
/// property(\.birthDate, transform: .date(format: "MM-dd-yyyy"))
/// property(\.tier, transform: JastorTransform(decode: { Tier(code: $0 as? String) }, encode: { $0.code }))
///
/// JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
/// ```
public struct JastorTransform<Value>: Sendable {
    let codec: Codec<Value>

    init(codec: Codec<Value>) {
        self.codec = codec
    }

    /// A transform made of two closures over Foundation JSON values.
    ///
    /// `decode` receives the JSON value as an untyped property keeps it (<doc:MappingRules>), with
    /// JSON booleans as `Bool` (so `as? Int` never matches `true`) and numbers exactly: an integer
    /// as `Int`, a number a `Double` holds as written (`0.1`, `1e3`) as that `Double`, any other as
    /// the exact `Decimal` (`-65.613616999999977`, as Linux's `JSONSerialization` gives it), and
    /// one no `Decimal` holds either as its text beyond a `Double`'s range (`1e400`) or as the
    /// nearest `Double` within it (`1e-400` as `0`), reported. It returns `nil` when the value does
    /// not fit, which is reported. Objects and arrays come as `[String: Any]` and `[Any]`.
    /// `encode` returns a Foundation JSON value. Round where `decode` computes (`19.99 * 100` is
    /// `1998.9999…`), and read integers too (`19.00` is written, and arrives, as `19`):
    ///
    /// ```swift
    /// let cents = JastorTransform<Int>(
    ///     decode: { ($0 as? Double ?? ($0 as? Int).map(Double.init)).map { Int(($0 * 100).rounded()) } },
    ///     encode: { Double($0) / 100 })
    /// ```
    ///
    /// Each value read is checked (a model `encode` returns aside, which its class reads back): when
    /// what `encode` returns for it is not the JSON `decode` was handed (a number rounded, `35`
    /// written as `3`, a string in another spelling, a time a `Date` rounds), the value is
    /// kept and reported (`cents: expected Int written back as read, found Number 19.999 (written
    /// 20)`). A value set in code is written as `encode` writes it, unchecked, and equality,
    /// which compares what `encode` writes, calls two values it writes alike equal. An `encode`
    /// that writes a value as `null` is reported at its path by every output that reports issues.
    ///
    /// - Parameters:
    ///   - typeName: The name used for the expected type in issues; the type's name by default.
    ///   - decode: Converts a JSON value, or returns `nil` when it does not fit.
    ///   - encode: Converts a value back to a Foundation JSON value.
    public init(
        typeName: String? = nil, decode: @escaping @Sendable (Any) -> Value?,
        encode: @escaping @Sendable (Value) -> Any
    ) {
        self.codec = ClosureCodec(typeName: typeName ?? TypeName.short(Value.self), decode: decode, encode: encode)
    }

    /// Makes this transform the one every property of type `Value` uses, unless its registration
    /// names its own (as SFObjectMapping's `registerMapper:forClass:`).
    ///
    /// Register before the first model using the type is mapped: a class's plan is built once, on
    /// first use, with the transforms registered at that moment. A later registration replaces
    /// an earlier one for classes planned after it.
    ///
    /// ```swift
    /// JastorTransform.table(["female": Gender.female, "male": .male]).registerAsDefault()
    /// ```
    public func registerAsDefault() {
        DefaultTransforms.shared.register(codec, for: Value.self)
    }
}
