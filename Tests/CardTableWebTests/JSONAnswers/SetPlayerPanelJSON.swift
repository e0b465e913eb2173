/// One player's panel in a two-player Set game's JSON (`playerOne`, `playerTwo`).
struct SetPlayerPanelJSON: Decodable {
    struct Countdown: Decodable {
        /// `claim`, `grace` or `lockout`.
        let kind: String
        let seconds: Double
        let wholeSeconds: Int
    }

    let score: Int
    let isClaiming: Bool
    let canClaim: Bool
    let canHint: Bool
    /// Only while a time limit concerns this player.
    let countdown: Countdown?
}
