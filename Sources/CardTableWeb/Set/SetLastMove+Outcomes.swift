import SetCore

extension SetLastMove {
    /// What touching a card did, as the page announces it.
    init(_ outcome: SelectionOutcome, by player: SetPlayer) {
        self =
            switch outcome {
            case .selected(let card): .selected(card)
            case .deselected(let card): .deselected(card)
            case .matched(let match, let points): .matched(match, by: player, points: points)
            case .mismatched(_, let penalty): .mismatched(by: player, penalty: penalty)
            case .clearedMatch(let match, _): .clearedMatch(match)
            case .rejected(let reason): .rejected(reason)
            }
    }

    /// What Deal 3 did.
    init(_ outcome: DealOutcome, by player: SetPlayer) {
        self =
            switch outcome {
            case .dealt(let cards, let penalty, let missed):
                .dealt(cards, by: player, penalty: penalty, missed: missed)
            case .clearedMatch(let match): .clearedMatch(match)
            case .rejected(let reason): .rejected(reason)
            }
    }

    /// What asking for a hint did.
    init(_ outcome: HintOutcome, by player: SetPlayer) {
        self =
            switch outcome {
            case .revealed(_, let cost): .hint(by: player, cost: cost)
            case .rejected(let reason): .rejected(reason)
            }
    }

    /// What claiming the table did.
    init(_ outcome: ClaimOutcome, by player: SetPlayer) {
        self =
            switch outcome {
            case .claimed: .claimed(player)
            case .rejected(let reason): .rejected(reason)
            }
    }
}
