/// A Set is encoded as its three card ids in ascending order.
extension SetTrio: Codable {
    /// Decodes the three card ids and refuses any three cards that are not a Set.
    public init(from decoder: any Decoder) throws {
        let cards = try [SetCard](from: decoder)
        guard cards.count == 3, let trio = SetTrio(cards[0], cards[1], cards[2]) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(cards) is not a Set.")
            )
        }
        self = trio
    }

    /// Encodes the trio as its three card ids.
    public func encode(to encoder: any Encoder) throws {
        try cards.encode(to: encoder)
    }
}
