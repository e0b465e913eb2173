/// A player of a Set game. A solo game has only ``one``.
public enum SetPlayer: String, CaseIterable, Codable, Hashable, Sendable {
    case one
    case two

    /// The opponent in a two-player game.
    public var other: SetPlayer {
        switch self {
        case .one: .two
        case .two: .one
        }
    }
}
