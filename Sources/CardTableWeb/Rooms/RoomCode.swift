import CardTableBasics

/// A room's name in its link and aloud: six characters from an alphabet with nothing two people
/// could mistake for each other over a table (no 0/O, 1/I/L), shown as two groups of three.
package struct RoomCode: Hashable, Sendable, CustomStringConvertible {
    /// Characters in a code (of ``ReadableCode/alphabet``): 31⁶, about 887 million codes.
    static let length = 6

    /// The code as stored and in links: six characters of the alphabet, `K7QX4P`.
    package let rawValue: String

    /// Reads a code as a player might type it: any case, with spaces or a dash between groups.
    /// A code with a character outside the alphabet (0, 1, I, L, O…) is refused, not guessed at.
    package init?(_ text: some StringProtocol) {
        guard let code = ReadableCode.normalized(text, length: Self.length) else { return nil }
        rawValue = code
    }

    /// A new code at random.
    static func random(using generator: inout some RandomNumberGenerator) -> RoomCode {
        RoomCode(unchecked: ReadableCode.random(length: length, using: &generator))
    }

    /// The code as players read it: `K7Q-X4P`.
    package var description: String {
        ReadableCode.grouped(rawValue, by: 3)
    }

    private init(unchecked rawValue: String) {
        self.rawValue = rawValue
    }
}
