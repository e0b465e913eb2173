// NB: decoding is lenient on purpose, so that hand-written theme JSON works: `numberOfPairs`
// and `removedEmojis` may be left out, and repeated emoji collapse as in `init`.
extension Theme: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, emojis, numberOfPairs, color, removedEmojis
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            emojis: try container.decode([String].self, forKey: .emojis),
            numberOfPairs: try container.decodeIfPresent(Int.self, forKey: .numberOfPairs),
            color: try container.decode(ThemeColor.self, forKey: .color),
            removedEmojis: try container.decodeIfPresent([String].self, forKey: .removedEmojis) ?? []
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(emojis, forKey: .emojis)
        try container.encode(numberOfPairs, forKey: .numberOfPairs)
        try container.encode(color, forKey: .color)
        try container.encode(removedEmojis, forKey: .removedEmojis)
    }
}
