/// A small, fast, reproducible random number generator (xoshiro256**, seeded through SplitMix64).
///
/// Games and simulations take `inout some RandomNumberGenerator`; pass one of these to make a run
/// repeatable, or `SystemRandomNumberGenerator` for real play.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable, Codable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Creates a generator whose whole output is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        state = (
            Self.splitMix64(&splitMix), Self.splitMix64(&splitMix),
            Self.splitMix64(&splitMix), Self.splitMix64(&splitMix)
        )
    }

    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotateLeft(state.3, by: 45)
        return result
    }

    // MARK: - Private

    private static func splitMix64(_ value: inout UInt64) -> UInt64 {
        value &+= 0x9E37_79B9_7F4A_7C15
        var mixed = value
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    private func rotateLeft(_ value: UInt64, by amount: UInt64) -> UInt64 {
        (value << amount) | (value >> (64 - amount))
    }
}

// MARK: - Hashable, Codable

extension SeededGenerator {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.words == rhs.words
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(words)
    }

    public init(from decoder: any Decoder) throws {
        let words = try [UInt64](from: decoder)
        guard words.count == 4 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "A generator state has 4 words.")
            )
        }
        state = (words[0], words[1], words[2], words[3])
    }

    public func encode(to encoder: any Encoder) throws {
        try words.encode(to: encoder)
    }

    private var words: [UInt64] { [state.0, state.1, state.2, state.3] }
}
