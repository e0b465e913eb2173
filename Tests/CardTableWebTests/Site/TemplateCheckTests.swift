import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Templates are loaded and checked when the app is built, not on first use.
@Suite struct TemplateCheckTests {
    /// A page whose template is not among the resources.
    private struct PageWithoutTemplate: PageModel {
        static let template = "nowhere"

        func child(named key: String) -> Any? { nil }
    }

    @Test func everyPageAndEveryPartialItNamesIsThere() async throws {
        let pages: [any PageModel.Type] = [
            ChooserPage.self, MemorizePage.self, SetPage.self, SetRulesPage.self, RoomPage.self,
            RoomNewPage.self, RoomReplayPage.self, DailyPage.self, DailyArchivePage.self, StatsPage.self,
            OfflinePage.self, ErrorPage.self,
        ]
        _ = try await PageRenderer(pages: pages, assets: StaticAssets())
    }

    @Test func aMissingTemplateStopsTheRendererFromStarting() async throws {
        await #expect {
            try await PageRenderer(pages: [ErrorPage.self, PageWithoutTemplate.self], assets: StaticAssets())
        } throws: { error in
            (error as? PageRenderer.MissingTemplate)?.description
                == "The template nowhere.mustache, which PageWithoutTemplate needs, is missing."
        }
    }
}
