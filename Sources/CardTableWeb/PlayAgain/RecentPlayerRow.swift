import CardTableBasics
import Foundation
import Mustache
import SetCore
import TemplateFields

/// A line of *Recent players* on the stats page: who, which game, how long ago, and *Invite to
/// a room*, which opens the form that makes a room of that game (its link is what the inviter
/// sends; there are no friend requests and no accounts).
@TemplateFields
struct RecentPlayerRow: Encodable, Sendable, MustacheParent {
    let name: String
    /// `set` or `memorize`.
    let game: String
    /// Which game of Set; nil for Memorize.
    let variant: SetVariant?
    /// The Memorize theme's name; nil for Set.
    let theme: String?
    /// The game in words: "Set-Chain", "Memorize · Animals".
    let gameName: String
    /// When the game ended, ISO 8601.
    let playedAt: String
    /// How long ago, in words: "12 min ago", "yesterday", "on 2026-11-03".
    let playedAtText: String
    /// The form that makes a room like that one: the same game of Set, or Memorize with the
    /// inviter's theme of that name (the themes to choose from when they have none).
    let inviteURL: String

    /// `recent` as seen at `now`, by the player whose themes are `themes`.
    init(_ recent: RecentPlayer, themes: [SavedTheme], now: Date) {
        name = recent.name
        game = recent.game.rawValue
        variant = recent.variant
        theme = recent.theme
        switch recent.game {
        case .set:
            gameName = (recent.variant ?? .normal).gameName
            inviteURL = RoomRoute.new(game: .set, themeID: nil, mode: recent.variant).path
        case .memorize:
            gameName = ["Memorize", recent.theme].compactMap { $0 }.joined(separator: " · ")
            let same = themes.first { $0.theme.name == recent.theme }
            inviteURL = RoomRoute.new(game: .memorize, themeID: same?.id).path
        }
        playedAt = recent.playedAt.formatted(.iso8601)
        playedAtText = Self.ago(recent.playedAt, now: now)
    }

    enum CodingKeys: String, CodingKey {
        case name, game, variant, theme, gameName, playedAt, inviteURL
    }

    /// "just now", "12 min ago", "3 h ago", "yesterday", "4 days ago", then the day in UTC:
    /// "on 2026-11-03".
    static func ago(_ date: Date, now: Date) -> String {
        let minutes = max(0, Int(now.timeIntervalSince(date) / 60))
        switch minutes {
        case ..<1: return "just now"
        case ..<60: return "\(minutes) min ago"
        case ..<(24 * 60): return "\(minutes / 60) h ago"
        case ..<(48 * 60): return "yesterday"
        case ..<(14 * 24 * 60): return "\(minutes / (24 * 60)) days ago"
        default: return "on \(date.minuteText.prefix(10))"
        }
    }
}
