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
        #expect(page.fragments(from: renderer)["rowsHTML"] == inPlace)
        #expect(inPlace.contains(isEditing ? "data-edit-link" : "/play/7"))
    }

    @Test(arguments: [false, true])
    func memorizeCardsAreDrawnAsInPlace(isOver: Bool) async throws {
        let renderer = try await PageRenderer(pages: [MemorizePage.self], assets: StaticAssets())
        let page = try TemplateValuesTests.memorizePage(isOver: isOver)
        let inPlace = try Self.render(
            "{{#cards}}{{> \(MemorizeCardView.template)}}{{/cards}}", page, with: renderer)
        #expect(page.fragments(from: renderer)["cardsHTML"] == inPlace)
        #expect(inPlace.contains("data-card-id=\"4\""))
    }

    @Test func extrasComeBeforeThePagesOwnValues() throws {
        let page = try TemplateValuesTests.SetPageCase.fresh.page()
        let values = PageWithExtras(page: page, extras: ["cardsHTML": "<b>cards</b>", "mode": "extra"])
        #expect(values.child(named: "cardsHTML") as? String == "<b>cards</b>")
        #expect(values.child(named: "mode") as? String == "extra")
        #expect(values.child(named: "version") as? Int == page.version)
    }
}

extension PageFragmentTests {
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
