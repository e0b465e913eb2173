/// A card is encoded as its ``SetCard/id``, a single number in `0..<81`, so saved games stay small.
extension SetCard: Codable {
    public init(from decoder: any Decoder) throws {
        let id = try Int(from: decoder)
        guard let card = SetCard(id: id) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "A card id is in 0..<81, not \(id).")
            )
        }
        self = card
    }

    public func encode(to encoder: any Encoder) throws {
        try id.encode(to: encoder)
    }
}
