// NB: the JSON form is meant to be read and written by hand: a solid color is a string
// ("orange" or "#ff8800ff") and a gradient is `{"gradient": ["orange", "red"]}`.
extension ThemeColor: Codable {
    private enum CodingKeys: String, CodingKey {
        case gradient
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer().decode(String.self) {
            self = .solid(ColorValue(single))
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let stops = try container.decode([String].self, forKey: .gradient)
        guard stops.count == 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: .gradient,
                in: container,
                debugDescription: "A gradient has exactly two colors."
            )
        }
        self = .gradient(ColorValue(stops[0]), ColorValue(stops[1]))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .solid(let color):
            var container = encoder.singleValueContainer()
            try container.encode(color.text)
        case .gradient(let from, let to):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([from.text, to.text], forKey: .gradient)
        }
    }
}
