/// A room's name in its link and aloud: six characters from an alphabet with nothing two people
/// could mistake for each other over a table (no 0/O, 1/I/L), shown as two groups of three.
public struct RoomCode: Hashable, Sendable, CustomStringConvertible {
    /// The 31 characters a code is made of: digits 2–9 and the capitals without I, L and O.
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    /// Characters in a code: 31⁶, about 887 million codes.
    static let length = 6

    /// The code as stored and in links: six characters of the alphabet, `K7QX4P`.
    public let rawValue: String

    /// Reads a code as a player might type it: any case, with spaces or a dash between groups.
    /// A code with a character outside the alphabet (0, 1, I, L, O…) is refused, not guessed at.
    public init?(_ text: some StringProtocol) {
        let characters = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard characters.count == Self.length, characters.allSatisfy(Self.alphabet.contains) else {
            return nil
        }
        rawValue = String(characters)
    }

    /// A new code at random.
    static func random(using generator: inout some RandomNumberGenerator) -> RoomCode {
        RoomCode(unchecked: String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
    }

    /// The code as players read it: `K7Q-X4P`.
    public var description: String {
        "\(rawValue.prefix(3))-\(rawValue.suffix(3))"
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
