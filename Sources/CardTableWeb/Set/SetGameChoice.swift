import Foundation
import SetCore

/// Which game of Set a New Game asks for: the variant, and solo or two players on one device.
struct SetGameChoice: Hashable, Sendable {
    var variant: SetVariant
    var players: SetPlayMode

    /// Normal Set, solo: what a request that names nothing gets.
    static let standard = SetGameChoice(variant: .normal, players: .solo)

    /// The choice a game was dealt from.
    init(_ game: SetGame) {
        variant = game.variant
        players = SetPlayMode(game)
    }

    init(variant: SetVariant, players: SetPlayMode) {
        self.variant = variant
        self.players = players
    }

    /// The choice a form's `mode` and `players` fields make. `mode` is a variant, or, as pages
    /// drawn before there were variants send it, `solo` or `two-player` (then Normal); what is
    /// missing is Normal, solo.
    init(mode: SetModeField?, players: SetPlayMode?) {
        switch mode {
        case .variant(let variant)?: self.init(variant: variant, players: players ?? .solo)
        case .players(let legacy)?: self.init(variant: .normal, players: players ?? legacy)
        case nil: self.init(variant: .normal, players: players ?? .solo)
        }
    }

    /// A new game of this choice, shuffled by the system's generator.
    func newGame(at now: Date) -> SetGame {
        SetGame(variant: variant, mode: players.gameMode, at: now)
    }
}

/// The `mode` field of New Game and of test setups: a variant's name (`normal`, `junior`,
/// `chain`, `ultra`), or `solo` / `two-player` as sent before there were variants.
enum SetModeField: Decodable, Hashable, Sendable {
    case variant(SetVariant)
    case players(SetPlayMode)

    init(from decoder: any Decoder) throws {
        let name = try String(from: decoder)
        if let variant = SetVariant(rawValue: name) {
            self = .variant(variant)
        } else if let players = SetPlayMode(rawValue: name) {
            self = .players(players)
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\(name) is not a mode of Set."))
        }
    }
}
