import Foundation

/// A notification as the service worker shows it: the JSON a push carries (encrypted).
struct PushNotice: Codable, Equatable, Sendable {
    let kind: PushNoticeKind
    /// The notification's title: "Your turn in room K7Q-X4P".
    let title: String
    /// Its line: "Memorize · Animals: Bo matched a pair."
    let body: String
    /// The page a tap opens, on this site.
    let url: String
    /// A newer notice with the same tag replaces the older on the screen.
    let tag: String

    /// How long a push service keeps it for a browser that is away, in seconds: a turn matters
    /// for a day, a start for an hour, a day's puzzle until the day is half gone.
    var timeToLive: Int {
        switch kind {
        case .yourTurn: 24 * 60 * 60
        case .roomStarted: 60 * 60
        case .daily: 12 * 60 * 60
        }
    }
}
