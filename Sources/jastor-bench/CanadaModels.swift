import Foundation
import Jastor

// canada.json in three model sets: a GeoJSON feature collection whose coordinates are
// `[[[Double]]]`.

// MARK: - Jastor

final class CanadaCollection: JastorObject {
    var type = ""
    var features: [CanadaFeature] = []

    override class var properties: [JastorProperty] {
        [.init("type", \CanadaCollection.type), .init("features", \CanadaCollection.features)]
    }
}

final class CanadaFeature: JastorObject {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = CanadaGeometry()

    override class var properties: [JastorProperty] {
        [
            .init("type", \CanadaFeature.type), .init("properties", \CanadaFeature.properties),
            .init("geometry", \CanadaFeature.geometry),
        ]
    }
}

final class CanadaGeometry: JastorObject {
    var type = ""
    var coordinates: [[[Double]]] = []

    override class var properties: [JastorProperty] {
        [.init("type", \CanadaGeometry.type), .init("coordinates", \CanadaGeometry.coordinates)]
    }
}

// MARK: - Hand-written

struct HandCanadaCollection {
    let type: String
    let features: [(type: String, properties: [String: String], geometryType: String, coordinates: [[[Double]]])]

    init(_ json: [String: Any]) {
        type = json["type"] as? String ?? ""
        features = (json["features"] as? [[String: Any]] ?? []).map { feature in
            let geometry = feature["geometry"] as? [String: Any] ?? [:]
            let rings = (geometry["coordinates"] as? [[[NSNumber]]] ?? []).map { ring in
                ring.map { point in point.map(\.doubleValue) }
            }
            return (
                feature["type"] as? String ?? "", feature["properties"] as? [String: String] ?? [:],
                geometry["type"] as? String ?? "", rings
            )
        }
    }

    func toDictionary() -> [String: Any] {
        [
            "type": type,
            "features": features.map {
                [
                    "type": $0.type, "properties": $0.properties,
                    "geometry": ["type": $0.geometryType, "coordinates": $0.coordinates],
                ]
            },
        ]
    }
}

// MARK: - Codable

struct CodableCanadaCollection: Codable {
    var type: String
    var features: [Feature]

    struct Feature: Codable {
        var type: String
        var properties: [String: String]
        var geometry: Geometry
    }

    struct Geometry: Codable {
        var type: String
        var coordinates: [[[Double]]]
    }
}
