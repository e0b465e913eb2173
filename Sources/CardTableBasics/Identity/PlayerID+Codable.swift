/// A player id stored inside a JSON column (a room's members): written as its raw value, and
/// read back only if it is still a well-formed id.
extension PlayerID: Codable {
    package init(from decoder: any Decoder) throws {
        let rawValue = try decoder.singleValueContainer().decode(String.self)
        guard let id = PlayerID(rawValue: rawValue) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Not a player id."))
        }
        self = id
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
