import CardTableBasics
import Foundation
import WebPush

/// What a player may be told by a notification, each asked for apart.
enum PushNoticeKind: String, CaseIterable, Codable, Sendable {
    /// It is their turn in a room, and they have no page of it open.
    case yourTurn
    /// A room they are in started its game.
    case roomStarted
    /// Today's daily puzzle is out, once a day at the hour they chose.
    case daily

    /// What a subscription asks for when it does not say.
    static let standard: [PushNoticeKind] = [.yourTurn, .roomStarted]
}

/// A browser's push subscription: where its pushes go, the keys they are encrypted for, and
/// what its player asked to be told on it.
struct PushSubscription: Equatable, Sendable {
    let endpoint: PushEndpoint
    let keys: PushSubscriptionKeys
    /// What to tell, in the order the kinds are listed.
    let notify: [PushNoticeKind]
    /// For ``PushNoticeKind/daily``: the hour of the day (UTC, 0–23) to tell it at; nil for 9.
    let dailyHour: Int?

    /// The hour the daily puzzle is told at when the player chose none.
    static let standardDailyHour = 9
}
