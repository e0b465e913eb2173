/// The Memorize game page's JSON (`GET /play/:slot`), as far as the tests read it.
struct MemorizePageJSON: Decodable {
    struct Theme: Decodable {
        let name: String
    }

    struct ScoreBreakdown: Decodable {
        let speedBonusPoints: Int
    }

    struct Card: Decodable {
        let isFaceUp: Bool
        let label: String
        /// Only on the face-up card while its speed bonus runs.
        let bonus: Bonus?
    }

    struct Bonus: Decodable {
        let remaining: Double
        let window: Double
        let fraction: Double
    }

    struct Layout: Decodable {
        struct Shape: Decodable {
            let columns: Int
        }

        let shapes: [Shape]
    }

    let theme: Theme
    let isRandom: Bool
    let deal: Int64
    let score: Int
    let scoreBreakdown: ScoreBreakdown
    let cards: [Card]
    let layout: Layout
}
