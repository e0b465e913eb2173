import Foundation
import Hummingbird

/// Choosing an appearance (the toggle in every page's top bar): a form post goes back to the page
/// it was sent from; JSON answers with the appearance now.
struct AppearanceController: Sendable {
    let database: any CardTableDatabase
    let now: @Sendable () -> Date

    /// What choosing answers as JSON.
    struct Chosen: Encodable {
        let appearance: Appearance
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(AppearanceRoute.Template.choose, notingIn: routes, use: choose)
    }

    /// Remembers the player's appearance.
    @Sendable func choose(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(AppearanceForm.self, from: request, context: context)
        try await database.setAppearance(form.appearance, of: context.requirePlayer(), at: now())
        return try SettingChosen.response(Chosen(appearance: form.appearance), to: request)
    }
}
