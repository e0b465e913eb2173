import SetCore

/// Solo or two players on one device, as a New Game form names it.
package enum SetPlayMode: String, Codable, CaseIterable, Sendable {
    case solo
    case twoPlayer = "two-player"

    /// The engine's mode, with the standard two-player time limits.
    var gameMode: SetGameMode {
        switch self {
        case .solo: .solo
        case .twoPlayer: .twoPlayer(.standard)
        }
    }

    /// The mode a game is played in.
    init(_ game: SetGame) {
        self = game.twoPlayer == nil ? .solo : .twoPlayer
    }
}
