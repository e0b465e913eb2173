import Mustache
import SetCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// The Set table's cards are rendered once per card and state and then remembered; these tests
/// hold every remembered card to what the page's template draws for it in place.
@Suite struct PageFragmentTests {
    @Test func everyCardInEveryStateIsDrawnAsInPlace() async throws {
        let renderer = try await PageRenderer(pages: [SetPage.self], assets: StaticAssets())
        let views = SetCard.allCards.flatMap { card in
            SetCardView.Selection.allCases.flatMap { selection in
                [false, true].map { SetCardView.view(of: card, selection: selection, isHinted: $0) }
            }
        }
        #expect(views.count == 81 * 4 * 2)
        var library = renderer.library
        try library.register(
            "{{% CONTENT_TYPE: CARDTABLE_HTML}}\n{{#cards}}{{> \(SetCardView.template)}}{{/cards}}",
            named: "in-place")
        let page = try TemplateValuesTests.SetPageCase.fresh.page()
        let inPlace = try #require(
            library.render(PageWithCards(page: page, cards: views), withTemplate: "in-place"))

        // Twice: rendering, then remembering.
        for _ in 1...2 {
            let remembered = views.map { renderer.fragment(SetCardView.template, for: $0) }
            #expect(remembered.joined() == inPlace)
        }
        #expect(inPlace.contains(#"viewBox="0 0 100 150""#))
        #expect(!inPlace.contains(#"viewBox="""#))
    }

    @Test(arguments: [false, true])
    func chooserRowsAreDrawnAsInPlace(isEditing: Bool) async throws {
        let renderer = try await PageRenderer(pages: [ChooserPage.self], assets: StaticAssets())
        let page = ChooserPage(themes: TemplateValuesTests.themes, isEditing: isEditing)
        let inPlace = try Self.render(
            "{{#rows}}{{> \(ChooserPage.ListedRow.template)}}{{/rows}}", page, with: renderer)
        #expect(Self.part("rowsHTML", of: page, from: renderer) == inPlace)
        #expect(inPlace.contains(isEditing ? "data-edit-link" : "/play/7"))
    }

    @Test(arguments: [false, true])
    func memorizeCardsAreDrawnAsInPlace(isOver: Bool) async throws {
        let renderer = try await PageRenderer(pages: [MemorizePage.self], assets: StaticAssets())
        let page = try TemplateValuesTests.memorizePage(isOver: isOver)
        let inPlace = try Self.render(
            "{{#cards}}{{> \(MemorizeCardView.template)}}{{/cards}}", page, with: renderer)
        #expect(Self.part("cardsHTML", of: page, from: renderer) == inPlace)
        #expect(inPlace.contains("data-card-id=\"4\""))
    }

    /// The discard pile's top card, the missed Sets and the list of modes, each remembered, are
    /// what the Set page drew in their places, in every state of the page.
    @Test(arguments: TemplateValuesTests.SetPageCase.allCases)
    func setPagePartsAreDrawnAsInPlace(_ pageCase: TemplateValuesTests.SetPageCase) async throws {
        let renderer = try await PageRenderer(pages: [SetPage.self], assets: StaticAssets())
        let page = try pageCase.page()
        let inPlace = [
            "discardTopHTML": "{{#discardTop}}{{> set-face}}{{/discardTop}}",
            "missedSetsHTML": "{{#missed}}{{#sets}}{{> set-trio}}{{/sets}}{{/missed}}",
            "modeOptionsHTML": "{{> set-mode-options}}",
        ]
        for (name, template) in inPlace {
            #expect(
                Self.part(name, of: page, from: renderer)
                    == (try Self.render(template, page, with: renderer)),
                "\(name)")
        }
        #expect(Self.part("modeOptionsHTML", of: page, from: renderer)?.contains("selected>Normal<") == true)
        if pageCase == .needlessDeal {
            #expect(Self.part("missedSetsHTML", of: page, from: renderer)?.contains("set-mini") == true)
        }
    }

    /// A card's state in one mode is not handed out for another: views equal but for the label
    /// ("a Set", "an UltraSet") hash alike yet are remembered apart.
    @Test func aCardInEveryModeKeepsItsOwnLabel() async throws {
        let renderer = try await PageRenderer(pages: [SetPage.self], assets: StaticAssets())
        let card = SetCard.allCards[5]
        let asSet = SetCardView.view(of: card, selection: .match, variant: .normal)
        let asUltraSet = SetCardView.view(of: card, selection: .match, variant: .ultra)
        #expect(asSet != asUltraSet)
        #expect(asSet.hashValue == asUltraSet.hashValue)
        for _ in 1...2 {
            #expect(renderer.fragment(SetCardView.template, for: asSet).contains("selected, a Set\""))
            #expect(
                renderer.fragment(SetCardView.template, for: asUltraSet).contains("selected, an UltraSet\""))
        }
    }

    /// One value drawn by two templates (a room's card for a player and for a watcher) is
    /// remembered once for each.
    @Test func oneValueIsRememberedForEachTemplate() async throws {
        let renderer = try await PageRenderer(pages: [RoomPage.self], assets: StaticAssets())
        let view = SetCardView.view(of: SetCard.allCards[40])
        for _ in 1...2 {
            for template in ["room-set-card", "room-watch-card"] {
                #expect(
                    renderer.fragment(template, for: view)
                        == renderer.library.render(view, withTemplate: template))
            }
        }
        #expect(
            renderer.fragment("room-set-card", for: view) != renderer.fragment("room-watch-card", for: view))
    }

    @Test func settingsAndFragmentsComeBeforeThePagesOwnValues() throws {
        let page = try TemplateValuesTests.SetPageCase.fresh.page()
        let settings = SettingsValues(
            appearance: "dark", appearanceHeadHTML: "<meta>", appearanceToggleHTML: "<form>",
            soundToggleHTML: "<b>sound</b>")
        let values = PageWithExtras(
            page: page, settings: settings, fragments: ["cardsHTML": "<b>cards</b>", "mode": "extra"])
        #expect(values.child(named: "appearance") as? String == "dark")
        #expect(values.child(named: "soundToggleHTML") as? String == "<b>sound</b>")
        #expect(values.child(named: "cardsHTML") as? String == "<b>cards</b>")
        #expect(values.child(named: "mode") as? String == "extra")
        #expect(values.child(named: "version") as? Int == page.version)
        #expect(values.child(named: "nothing") == nil)
    }
}

extension PageFragmentTests {
    /// The part of `page` named `name` among its remembered fragments.
    static func part(_ name: String, of page: some PageModel, from renderer: PageRenderer) -> String? {
        page.fragments(from: renderer).first { $0.key == name }?.value
    }

    /// `template` rendered for `page` with the renderer's templates, the way pages drew their
    /// lists before fragments were remembered.
    static func render(_ template: String, _ page: some PageModel, with renderer: PageRenderer) throws
        -> String
    {
        var library = renderer.library
        try library.register("{{% CONTENT_TYPE: CARDTABLE_HTML}}\n" + template, named: "in-place")
        return try #require(library.render(page, withTemplate: "in-place"))
    }
}

/// A Set page whose table holds the given cards.
private struct PageWithCards: MustacheParent {
    let page: SetPage
    let cards: [SetCardView]

    func child(named key: String) -> Any? {
        key == "cards" ? cards : page.child(named: key)
    }
}
