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
        /// The emoji, only while the card is shown.
        let content: String?
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

    struct Peek: Decodable {
        let milliseconds: Int
    }

    struct Options: Decodable {
        struct Choice: Decodable {
            let value: String
            let isSelected: Bool
        }

        let peeksAtStart: Bool
        let turnBackChoices: [Choice]

        /// The value of the selected turn-back choice.
        var turnBack: String? { turnBackChoices.first(where: \.isSelected)?.value }
    }

    let theme: Theme
    let isRandom: Bool
    let deal: Int64
    let score: Int
    let scoreBreakdown: ScoreBreakdown
    let cards: [Card]
    let layout: Layout
    let announcement: String
    /// Only while the game dealt in place of one that could not be read has no choice.
    let setAsideNotice: String?
    let peek: Peek?
    let turnBackAfter: Int?
    let turnBackURL: String
    let options: Options
}
