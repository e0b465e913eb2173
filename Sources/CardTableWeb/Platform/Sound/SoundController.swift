import Foundation
import Hummingbird

/// Turning the sounds on or off (the toggle on game pages): a form post goes back to the page it
/// was sent from; JSON answers with the setting now.
struct SoundController: Sendable {
    let database: any CardTableDatabase
    let now: @Sendable () -> Date

    /// What choosing answers as JSON.
    struct Chosen: Encodable {
        let sound: Sound
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(SoundRoute.Template.choose, notingIn: routes, use: choose)
    }

    /// Remembers the player's sound setting.
    @Sendable func choose(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(SoundForm.self, from: request, context: context)
        try await database.setSound(form.sound, of: context.requirePlayer(), at: now())
        return try SettingChosen.response(Chosen(sound: form.sound), to: request)
    }
}
