/// The characters of every code a player reads off one screen and types on another (room codes,
/// device codes): digits 2–9 and the capitals without I, L and O, so that no two look alike.
package enum ReadableCode {
    /// The 31 characters, in order.
    static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// `text` as a player might type a code of `length` characters, in any case and with spaces
    /// or dashes anywhere: the code in capitals without them, or nil when it has another length
    /// or a character outside the alphabet (0, 1, I, L, O… are refused, not guessed at).
    package static func normalized(_ text: some StringProtocol, length: Int) -> String? {
        let characters = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard characters.count == length, characters.allSatisfy(alphabet.contains) else { return nil }
        return characters
    }

    /// `length` characters of the alphabet drawn by `generator`.
    package static func random(length: Int, using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// `code` in groups of `size` characters joined by dashes, as players read it: `ABCD-EFGH`.
    package static func grouped(_ code: String, by size: Int) -> String {
        var groups: [Substring] = []
        var rest = code[...]
        while !rest.isEmpty {
            groups.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return groups.joined(separator: "-")
    }
}
