import SetCore
import Testing

@testable import CardTableWeb

@Suite struct SetCardViewTests {
    /// The table of views made once holds, for every card in every state, exactly what making the
    /// view afresh gives.
    @Test(arguments: SetCardView.Selection.allCases, [false, true])
    func everyStoredViewIsTheFreshOne(selection: SetCardView.Selection, isHinted: Bool) {
        for card in SetCard.allCards {
            let stored = SetCardView.view(of: card, selection: selection, isHinted: isHinted)
            #expect(stored == SetCardView(card, selection: selection, isHinted: isHinted))
            #expect(stored.id == card.id)
        }
    }
}
