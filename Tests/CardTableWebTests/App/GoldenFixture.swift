import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// The golden JSON files in `Fixtures/`: stored values exactly as a landed version wrote them.
///
/// NB: a file is written once and never regenerated. When a stored type changes, its old file
/// must still decode; a new format gets a new file beside the old one.
enum GoldenFixture {
    /// The text of `name`, without the final newline.
    static func text(_ name: String) throws -> String {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"),
            "No fixture \(name)")
        var text = try String(contentsOf: url, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The file `name` decoded as `type`, the way the database reads a column.
    static func decode<Value: Decodable>(_ type: Value.Type, from name: String) throws -> Value {
        try JSONText.decode(type, from: text(name))
    }
}
