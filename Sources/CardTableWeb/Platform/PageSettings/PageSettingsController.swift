import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird

/// Choosing a page setting (the appearance toggle in every page's top bar, the sound toggle on
/// game pages): a form post goes back to the page it was sent from; JSON answers with the
/// setting now (`{"sound": "off"}`).
struct PageSettingsController: Sendable {
    let database: any CardTableDatabase
    /// The page settings this instance remembers, if it does: a choice is forgotten there.
    let remembered: PageSettingsCache?
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(PageSettingRoute.Template.appearance, notingIn: routes, use: choose(Appearance.self))
        group.on(PageSettingRoute.Template.sound, notingIn: routes, use: choose(Sound.self))
    }

    /// The handler that remembers the player's `Setting`.
    private func choose<Setting: PageSetting>(
        _: Setting.Type
    ) -> @Sendable (Request, CardTableRequestContext) async throws -> Response {
        { [database, remembered, now] request, context in
            let form = try await RequestInput.decode(
                PageSettingForm<Setting>.self, from: request, context: context)
            let player = try context.requirePlayer()
            try await database.setPageSetting(form.value, of: player, at: now())
            remembered?.forget(player)
            switch ResponseFormat(request) {
            case .json: return try PageRenderer.json([Setting.field: form.value])
            case .html: return .redirect(to: Self.pageSentFrom(request), type: .normal)
            }
        }
    }

    /// The page a form was sent from: the path (and query) of `Referer` when it is a page of this
    /// site (the Origin check already refused another site's), else the home page.
    /// NB: the page's own address is not written into the form, so nothing in it (a code typed
    /// into an address) is shown again.
    static func pageSentFrom(_ request: Request) -> String {
        guard let referer = request.headers[.referer].flatMap(URLComponents.init(string:)) else { return "/" }
        let path = referer.percentEncodedPath + (referer.percentEncodedQuery.map { "?" + $0 } ?? "")
        // NB: `//host` is another site to a browser.
        guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.contains("\\") else { return "/" }
        return path
    }
}
