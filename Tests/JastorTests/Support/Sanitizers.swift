import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which sanitizer this test binary runs under, found by its runtime's symbols (a `swift test
/// --sanitize=…` run links it in) or, failing that, by the options variable `.ci/run` sets.
enum Sanitizers {
    /// Whether the ThreadSanitizer runtime is in this process.
    static let thread = hasSymbol("__tsan_init") || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil

    /// Whether the AddressSanitizer runtime is in this process.
    static let address = hasSymbol("__asan_init") || ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil

    /// Whether any sanitizer runs.
    static let any = thread || address

    private static func hasSymbol(_ name: String) -> Bool {
        #if canImport(Glibc)
        return dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
        #elseif canImport(Darwin)
        return dlsym(UnsafeMutableRawPointer(bitPattern: -2), name) != nil
        #else
        return false
        #endif
    }
}

/// Whether this test binary runs under ThreadSanitizer (a trait condition for tests that race on
/// purpose).
let underThreadSanitizer = Sanitizers.thread
