import Foundation

/// A coding key for any JSON key or array index.
struct CodingPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    init(_ component: JastorPath.Component) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(intValue: index)
        }
    }
}
