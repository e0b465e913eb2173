import SetCore

/// A two-player claim that ran out of time, noticed while a request was handled; kept beside the
/// request's move so the page announces both.
package struct SetTimeout: Codable, Hashable, Sendable {
    /// Who held the claim.
    package var player: SetPlayer
    /// What running out of time cost them (0 in their grace period).
    package var penalty: Int

    /// A timeout.
    package init(player: SetPlayer, penalty: Int) {
        self.player = player
        self.penalty = penalty
    }
}
