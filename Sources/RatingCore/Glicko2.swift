import Foundation

/// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating period's results
/// turned into a player's new rating. Pure arithmetic on values; nothing is stored here.
///
/// The rating and deviation are moved to the system's own scale (divided by 173.7178 around
/// 1500), the opponents' expected scores and the variance of the player's results worked out, the
/// volatility found by the Illinois method, and the deviation first widened by the volatility and
/// then narrowed by the results.
public struct Glicko2: Sendable {
    /// τ, how far the volatility may move in one period (0.3 to 1.2 in the paper; smaller is
    /// steadier).
    public var tau: Double
    /// When the volatility's search stops.
    public var tolerance = 0.000_001

    public init(tau: Double = 0.5) {
        self.tau = tau
    }

    /// The player's rating after a period with `results`; with none, only the deviation widens,
    /// as for a player who did not play.
    public func rated(_ player: Rating, after results: [RatedResult]) -> Rating {
        let mu = (player.rating - 1500) / Self.scale
        let phi = player.deviation / Self.scale
        guard !results.isEmpty else {
            let widened = (phi * phi + player.volatility * player.volatility).squareRoot()
            return Rating(
                rating: player.rating, deviation: widened * Self.scale, volatility: player.volatility)
        }
        var inverseVariance = 0.0
        var improvement = 0.0
        for result in results {
            let opponentMu = (result.opponent.rating - 1500) / Self.scale
            let weight = Self.g(result.opponent.deviation / Self.scale)
            let expected = 1 / (1 + exp(-weight * (mu - opponentMu)))
            inverseVariance += weight * weight * expected * (1 - expected)
            improvement += weight * (result.score - expected)
        }
        let variance = 1 / inverseVariance
        let delta = variance * improvement
        let volatility = newVolatility(player.volatility, phi: phi, variance: variance, delta: delta)
        let widened = (phi * phi + volatility * volatility).squareRoot()
        let newPhi = 1 / (1 / (widened * widened) + 1 / variance).squareRoot()
        let newMu = mu + newPhi * newPhi * improvement
        return Rating(
            rating: newMu * Self.scale + 1500, deviation: newPhi * Self.scale, volatility: volatility)
    }

    /// The rating after `periods` rating periods without a game: each widens the deviation by
    /// the volatility (Glicko-2's step 6 alone), never past a newcomer's 350.
    public func idle(_ player: Rating, periods: Int) -> Rating {
        var rating = player
        for _ in 0..<max(0, periods) {
            guard rating.deviation < Rating.newcomer.deviation else { break }
            rating = rated(rating, after: [])
        }
        rating.deviation = min(rating.deviation, Rating.newcomer.deviation)
        return rating
    }

    // MARK: - Private

    /// The factor between the familiar scale and Glicko-2's (400 / ln 10).
    static let scale = 173.7178

    /// How much an opponent's result says, less the less sure their rating is.
    static func g(_ phi: Double) -> Double {
        1 / (1 + 3 * phi * phi / (Double.pi * Double.pi)).squareRoot()
    }

    /// Step 5 of the paper: the volatility that best explains `delta`, by the Illinois method.
    private func newVolatility(_ sigma: Double, phi: Double, variance: Double, delta: Double) -> Double {
        let a = log(sigma * sigma)
        func f(_ x: Double) -> Double {
            let ex = exp(x)
            let spread = phi * phi + variance + ex
            return ex * (delta * delta - phi * phi - variance - ex) / (2 * spread * spread) - (x - a)
                / (tau * tau)
        }
        var boundA = a
        var boundB: Double
        if delta * delta > phi * phi + variance {
            boundB = log(delta * delta - phi * phi - variance)
        } else {
            var k = 1.0
            while f(a - k * tau) < 0 { k += 1 }
            boundB = a - k * tau
        }
        var fA = f(boundA)
        var fB = f(boundB)
        while abs(boundB - boundA) > tolerance {
            let c = boundA + (boundA - boundB) * fA / (fB - fA)
            let fC = f(c)
            if fC * fB <= 0 {
                (boundA, fA) = (boundB, fB)
            } else {
                fA /= 2
            }
            (boundB, fB) = (c, fC)
        }
        return exp(boundA / 2)
    }
}
