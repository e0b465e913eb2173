import CardTableBasics
import Mustache
import SetCore
import TemplateFields

/// One Set card as the page draws it: its features as names and CSS classes, its symbols, its
/// state in the selection, and what a screen reader says for it.
@TemplateFields
struct SetCardView: Encodable, Hashable, Sendable {
    /// The partial that draws one card of the table.
    static let template = "set-card"
    /// The partial that draws a card's face alone.
    static let faceTemplate = "set-face"

    /// A card's part in the selection.
    enum Selection: String, CaseIterable, Encodable, Sendable {
        /// Not selected.
        case none
        /// One of one or two selected cards.
        case selected
        /// One of three selected cards that are a Set.
        case match
        /// One of three selected cards that are not a Set.
        case mismatch
    }

    /// The engine's card id, 0..<81: the card's id in URLs, the page and the JSON.
    let id: Int
    /// What the card shows: "two red striped ovals".
    let description: String
    /// The button's spoken label: the description and its state ("…, selected, not a Set").
    let label: String
    let selection: Selection
    /// Whether the revealed hint points at this card.
    let isHinted: Bool
    let color: String
    let shading: String
    let shape: String
    let number: Int
    /// The color's letter, shown in color-blind mode.
    let cue: String
    let symbols: [SetSymbolView]
    /// Where touching the card posts to.
    let selectURL: String
    /// The card's CSS state classes.
    let classes: String

    /// - Parameter variant: The game's mode, whose matches the label of a complete selection names
    ///   ("a Set", "an UltraSet").
    init(_ card: SetCard, selection: Selection = .none, isHinted: Bool = false, variant: SetVariant = .normal)
    {
        id = card.id
        description = SetVocabulary.describe(card)
        color = SetVocabulary.color(card.color)
        shading = SetVocabulary.shading(card.shading)
        shape = SetVocabulary.shape(card.shape)
        number = SetVocabulary.count(card.number)
        cue = SetVocabulary.colorLetter(card.color)
        symbols = SetSymbolView.symbols(of: card)
        selectURL = SetRoute.select(card).path
        self.selection = selection
        self.isHinted = isHinted
        let state: String? =
            switch selection {
            case .selected: "selected"
            case .match: "selected, \(variant.aMatch)"
            case .mismatch: "selected, not \(variant.aMatch)"
            case .none: nil
            }
        label = [description, state, isHinted ? "hinted" : nil].compactMap { $0 }.joined(separator: ", ")
        classes = ["is-\(selection.rawValue)", isHinted ? "is-hinted" : nil].compactMap { $0 }.joined(
            separator: " ")
    }

    /// The selection's state: what each selected card shows, and the page's `selectionState`.
    static func selectionState(of game: SetGame) -> Selection {
        switch game.selectionIsMatch {
        case true?: .match
        case false?: .mismatch
        case nil: game.selection.isEmpty ? .none : .selected
        }
    }

    /// The table's cards with their selection and hint states.
    static func table(of game: SetGame) -> [SetCardView] {
        views(of: game.table, in: game)
    }

    /// In Set-Chain, the previous Set's cards with their selection and hint states; empty otherwise.
    static func previousSet(of game: SetGame) -> [SetCardView] {
        views(of: game.previousSet?.cards ?? [], in: game)
    }

    /// `card` in a state, as ``init(_:selection:isHinted:variant:)`` makes it, from a table made
    /// once for the modes whose matches are Sets.
    static func view(
        of card: SetCard, selection: Selection = .none, isHinted: Bool = false, variant: SetVariant = .normal
    ) -> SetCardView {
        guard variant.matchName == SetVariant.normal.matchName else {
            return SetCardView(card, selection: selection, isHinted: isHinted, variant: variant)
        }
        return everyView[index(of: card, selection: selection, isHinted: isHinted)]
    }

    private static func views(of cards: [SetCard], in game: SetGame) -> [SetCardView] {
        let state = selectionState(of: game)
        let hinted: SetMatch? = if case .match(let match)? = game.hint { match } else { nil }
        return cards.map { card in
            view(
                of: card, selection: game.selection.contains(card) ? state : .none,
                isHinted: hinted?.contains(card) ?? false, variant: game.variant)
        }
    }

    // MARK: - Private

    /// Every card in every state: a view depends on nothing else, and pages draw up to 81 of them.
    private static let everyView: [SetCardView] = {
        var views: [SetCardView] = []
        for card in SetCard.allCards {
            for selection in Selection.allCases {
                for isHinted in [false, true] {
                    assert(views.count == index(of: card, selection: selection, isHinted: isHinted))
                    views.append(SetCardView(card, selection: selection, isHinted: isHinted))
                }
            }
        }
        return views
    }()

    /// Every view's JSON, in the order of ``everyView``.
    private static let everyJSON: [[UInt8]?] = everyView.map { $0.freshJSON() }

    private static func index(of card: SetCard, selection: Selection, isHinted: Bool) -> Int {
        let selectionIndex = Selection.allCases.firstIndex(of: selection) ?? 0
        return (card.id * Selection.allCases.count + selectionIndex) * 2 + (isHinted ? 1 : 0)
    }

    /// The face's drawing box and the lower cue's place on it (see ``SetSymbolView``).
    @TemplateField
    var faceViewBox: String { SetSymbolView.faceViewBox }
    @TemplateField
    var faceLowerCueY: Int { SetSymbolView.faceLowerCueY }
}

extension SetCardView {
    /// Hashes what tells two views apart, the card and its state (the label differs too only
    /// between modes, which equality still compares), so remembering a view's fragment does not
    /// hash all of its text.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(selection)
        hasher.combine(isHinted)
    }
}

extension SetCardView: RememberedJSON {
    /// A view's JSON, from a table made once beside the views (views of Sets only: an UltraSet's
    /// labels differ).
    var rememberedJSON: [UInt8]? {
        guard let card = SetCard(id: id) else { return nil }
        let index = Self.index(of: card, selection: selection, isHinted: isHinted)
        return Self.everyView[index].label == label ? Self.everyJSON[index] : nil
    }
}
