// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Jastor",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Jastor", targets: ["Jastor"]),
        .executable(name: "jastor-demo", targets: ["jastor-demo"]),
        .executable(name: "jastor-bench", targets: ["jastor-bench"]),
        .executable(name: "jastor-gen", targets: ["jastor-gen"]),
    ],
    targets: [
        .target(name: "Jastor"),
        // Its outline of any JSON file shares the generator's shape inference.
        .executableTarget(name: "jastor-demo", dependencies: ["Jastor", "JastorGenerator"]),
        .executableTarget(name: "jastor-bench", dependencies: ["Jastor"]),
        // Writes `JastorObject` models from JSON samples, deriving keys with the library's own key
        // strategy; the generated code needs only `Jastor`.
        .target(name: "JastorGenerator", dependencies: ["Jastor"]),
        .executableTarget(name: "jastor-gen", dependencies: ["JastorGenerator"]),
        // A helper the atomic-write test launches and kills; not a product.
        .executableTarget(name: "jastor-archive-writer", dependencies: ["Jastor"]),
        .testTarget(name: "JastorTests", dependencies: ["Jastor", "JastorGenerator"]),
    ],
    swiftLanguageModes: [.v6]
)

#if compiler(>=6.2)
// Models declared as in a new Xcode 26 app target: every declaration belongs to the main actor unless
// it says otherwise (`defaultIsolation(MainActor.self)`, spelled as a compiler flag so that the manifest
// keeps tools 6.0; a test target is in no product, so its flags never reach users), with the
// "approachable concurrency" features on.
package.targets.append(
    .testTarget(
        name: "JastorMainActorTests", dependencies: ["Jastor"],
        swiftSettings: [
            .unsafeFlags(["-default-isolation", "MainActor"]),
            .enableUpcomingFeature("InferIsolatedConformances"),
            .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        ]))
#endif
