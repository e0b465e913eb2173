/// One of the two games CardTable plays: what a room plays, and what a finished game was.
/// Its raw values are stored (rooms' states, players' histories) and sent (`game` in the API).
package enum CardGame: String, Hashable, Sendable, Codable {
    case set, memorize
}
