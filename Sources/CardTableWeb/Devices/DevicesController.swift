import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird

/// A player's devices over HTTP (issue 30): a code to link another device, linking this one with
/// a code, a recovery code, the list of devices, and forgetting one. API clients send and get
/// JSON; browsers post forms and get the devices page.
struct DevicesController: Sendable {
    let database: any CardTableDatabase
    let sessions: DeviceSessions
    /// The page settings this instance remembers, if it does: a merge may change them.
    let pageSettings: PageSettingsCache?
    let secret: ServerSecret
    let renderer: PageRenderer
    let now: @Sendable () -> Date
    /// What slows down guessing codes.
    let linkGuard: DeviceLinkGuard<ClientAddress>
    let trustedProxies: TrustedProxies

    /// How long a link code works.
    static let linkCodeLifetime: TimeInterval = 10 * 60

    /// The body of linking: the code as typed.
    struct LinkForm: DescribedInput {
        let code: String

        static var fieldDescriptions: [String: String] {
            ["code": "a code from another device, like ABCD-EFGH, or your recovery code"]
        }
    }

    /// The body of naming the player: the name as typed; empty (or null) takes it away.
    struct NameForm: DescribedInput {
        let name: String?

        static var fieldDescriptions: [String: String] {
            ["name": "the name to show in rooms, up to 40 characters, or empty for none"]
        }
    }

    /// What naming the player answers: the name now, null for none.
    struct Named: Encodable {
        let name: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            // NB: null for no name, rather than left out.
            try container.encode(name, forKey: .name)
        }

        enum CodingKeys: String, CodingKey { case name }
    }

    /// The body of the leaderboards' switch: `true` keeps the player off them.
    struct LeaderboardsForm: DescribedInput {
        let hidden: Bool

        static var fieldDescriptions: [String: String] {
            ["hidden": "true to keep off the leaderboards (your rating still counts), false to be listed"]
        }
    }

    /// What the leaderboards' switch answers.
    struct LeaderboardsChoice: Encodable {
        let hidden: Bool
    }

    /// A body with nothing to read.
    struct EmptyForm: DescribedInput {
        static var fieldDescriptions: [String: String] { [:] }
    }

    /// What making a link code answers.
    struct CreatedCode: Encodable {
        let code: String
        let expiresAt: Date
    }

    /// What making a recovery code answers.
    struct CreatedRecoveryCode: Encodable {
        let recoveryCode: String
    }

    /// What linking answers: the player this browser is now, and what its own progress added.
    struct Linked: Encodable {
        let player: PlayerSummary
        let merged: Merged

        struct Merged: Encodable {
            let finishedGames: Int
            let dailySolves: Int
            let themes: Int
        }
    }

    func addRoutes(to group: RouterGroup<CardTableRequestContext>, notingIn routes: RegisteredRoutes) {
        group.on(DevicesRoute.Template.page, notingIn: routes, use: page)
        group.on(DevicesRoute.Template.codes, notingIn: routes, use: makeLinkCode)
        group.on(DevicesRoute.Template.recoveryCode, notingIn: routes, use: makeRecoveryCode)
        group.on(DevicesRoute.Template.link, notingIn: routes, use: link)
        group.on(DevicesRoute.Template.forget, notingIn: routes, use: forget)
        group.on(DevicesRoute.Template.name, notingIn: routes, use: name)
        group.on(DevicesRoute.Template.leaderboards, notingIn: routes, use: leaderboards)
    }

    // MARK: - Routes

    /// The devices page; `?code=` types a code in its link form (what a link code's QR code
    /// opens), which the player still sends themselves.
    @Sendable func page(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        // NB: link codes only: a recovery code belongs in no address (history, logs).
        let typed = request.uri.queryParameters.get("code").flatMap {
            DeviceCode($0.replacing("+", with: " "))
        }
        .flatMap { $0.kind == .link ? $0 : nil }
        return try renderer.respond(try await devicesPage(request, context, typedCode: typed), to: request)
    }

    @Sendable func makeLinkCode(_ request: Request, context: CardTableRequestContext) async throws -> Response
    {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        var random = SystemRandomNumberGenerator()
        let code = DeviceCode.newLinkCode(using: &random)
        let expiresAt = now().addingTimeInterval(Self.linkCodeLifetime)
        try await store(code, expiresAt: expiresAt, request, context)
        switch ResponseFormat(request) {
        case .json:
            return try PageRenderer.json(
                CreatedCode(code: code.description, expiresAt: expiresAt), status: .created)
        case .html:
            let shown = DevicesPage.LinkCode(code: code, expiresAt: expiresAt, origin: request.origin)
            return try renderer.html(try await devicesPage(request, context, linkCode: shown))
        }
    }

    @Sendable func makeRecoveryCode(_ request: Request, context: CardTableRequestContext) async throws
        -> Response
    {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        var random = SystemRandomNumberGenerator()
        let code = DeviceCode.newRecoveryCode(using: &random)
        try await store(code, expiresAt: nil, request, context)
        switch ResponseFormat(request) {
        case .json:
            return try PageRenderer.json(
                CreatedRecoveryCode(recoveryCode: code.description), status: .created)
        case .html: return try renderer.html(try await devicesPage(request, context, recoveryCode: code))
        }
    }

    /// Makes this browser the player a code belongs to. Guessing is slowed (``DeviceLinkGuard``):
    /// a malformed code counts against the address, an unknown, used or expired one against the
    /// address and the code's first characters.
    @Sendable func link(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(LinkForm.self, from: request, context: context)
        let (player, device) = (try context.requirePlayer(), try context.requireDevice())
        let address = ClientAddress(request, peer: context.remoteAddress, trusting: trustedProxies)
        let code = DeviceCode(form.code)
        let now = now()
        let link: DeviceLink
        do {
            if let wait = linkGuard.waitTime(from: address, for: code, at: now) {
                let seconds = max(1, Int((wait - 1e-6).rounded(.up)))
                throw AppError.tooManyRequests(
                    "Too many codes that link nothing came from your address: wait \(seconds) "
                        + "\(seconds == 1 ? "second" : "seconds"), then try again.",
                    retryAfter: seconds)
            }
            guard let code else {
                linkGuard.recordFailure(from: address, for: nil, at: now)
                throw AppError.badRequest(
                    "code must be the 8 letters and digits shown on your other device, like ABCD-EFGH, "
                        + "or your 24-character recovery code (codes have no 0, 1, I, L or O).")
            }
            let name = DeviceName(userAgent: request.headers[.userAgent])
            guard
                let linked = try await database.linkDevice(
                    device, named: name, of: player, with: code, at: now, secret: secret)
            else {
                linkGuard.recordFailure(from: address, for: code, at: now)
                throw AppError.notFound(
                    "No device waits for that code: it may be mistyped, used already, or older than "
                        + "\(Int(Self.linkCodeLifetime / 60)) minutes. Show a new code on your other device.")
            }
            link = linked
        } catch let error as AppError where ResponseFormat(request) == .html {
            let problem = FieldProblem(field: "device-code", typed: form.code, message: error.message)
            throw FormRejection(
                error: error,
                page: try await devicesPage(request, context, linkProblem: problem))
        }
        for moved in [device] + link.merge.devices {
            sessions.remember(.player(link.player), for: moved, at: now)
        }
        pageSettings?.forgetAll()
        var response: Response
        switch ResponseFormat(request) {
        case .json:
            let merge = link.merge
            response = try PageRenderer.json(
                Linked(
                    player: try await database.playerSummary(of: link.player),
                    merged: .init(
                        finishedGames: merge.finishedGames, dailySolves: merge.dailySolves,
                        themes: merge.themes)))
        case .html:
            var linked = context
            linked.playerID = link.player
            response = try renderer.html(try await devicesPage(request, linked, linked: link))
        }
        response.setCookie(
            PlayerCookie.cookie(for: link.player, on: device, secret: secret, answering: request))
        return response
    }

    /// Signs a device out: its next request is a new visitor. Forgetting this device answers
    /// with a new visitor's cookie at once.
    @Sendable func forget(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        _ = try await RequestInput.decode(EmptyForm.self, from: request, context: context)
        let (player, device) = (try context.requirePlayer(), try context.requireDevice())
        let forgotten = try context.pathParameter("device", DeviceID.init(rawValue:), mustBe: "a device's id")
        guard try await database.forgetDevice(forgotten, of: player, by: device, at: now()) else {
            throw AppError.notFound("You have no such device: it may have been forgotten already.")
        }
        sessions.remember(.forgotten, for: forgotten, at: now())
        var response: Response =
            switch ResponseFormat(request) {
            case .json: Response(status: .noContent)
            case .html:
                forgotten == device ? .redirect(to: ThemesRoute.chooser()) : .redirect(to: DevicesRoute.page)
            }
        if forgotten == device {
            response.setCookie(
                PlayerCookie.cookie(
                    for: PlayerID.random(), on: DeviceID.random(), secret: secret, answering: request))
        }
        return response
    }

    /// Sets the player's name, the default in rooms, or takes it away (an empty name).
    @Sendable func name(_ request: Request, context: CardTableRequestContext) async throws -> Response {
        let form = try await RequestInput.decode(NameForm.self, from: request, context: context)
        let typed = form.name ?? ""
        var name: DisplayName?
        if !typed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            do {
                name = try DisplayName(typed: typed)
            } catch {
                let rejection = AppError.badRequest("name: \(error.description)")
                guard ResponseFormat(request) == .html else { throw rejection }
                let problem = FieldProblem(field: "display-name", typed: typed, message: error.description)
                throw FormRejection(
                    error: rejection, page: try await devicesPage(request, context, nameProblem: problem))
            }
        }
        try await database.setDisplayName(
            name, of: context.requirePlayer(), by: context.requireDevice(), at: now())
        switch ResponseFormat(request) {
        case .json: return try PageRenderer.json(Named(name: name?.text))
        case .html:
            let notice = name.map { "Saved: rooms will call you \($0.text)." } ?? "Your name is cleared."
            return try renderer.html(try await devicesPage(request, context, nameNotice: notice))
        }
    }

    /// Keeps the player off the leaderboards, or lists them again; their rating counts either way.
    @Sendable func leaderboards(_ request: Request, context: CardTableRequestContext) async throws -> Response
    {
        let form = try await RequestInput.decode(LeaderboardsForm.self, from: request, context: context)
        try await database.setHiddenFromLeaderboards(form.hidden, for: context.requirePlayer(), at: now())
        switch ResponseFormat(request) {
        case .json: return try PageRenderer.json(LeaderboardsChoice(hidden: form.hidden))
        case .html:
            let notice =
                form.hidden
                ? "Hidden: the leaderboards leave you out; your rating still counts."
                : "Listed: the leaderboards show you once your rating settles."
            return try renderer.html(try await devicesPage(request, context, leaderboardsNotice: notice))
        }
    }

    // MARK: - Private

    private func store(
        _ code: DeviceCode, expiresAt: Date?, _ request: Request, _ context: CardTableRequestContext
    ) async throws {
        try await database.storeDeviceCode(
            code, expiresAt: expiresAt, for: context.requirePlayer(), on: context.requireDevice(),
            named: DeviceName(userAgent: request.headers[.userAgent]), at: now(), secret: secret)
    }

    private func devicesPage(
        _ request: Request, _ context: CardTableRequestContext, linkCode: DevicesPage.LinkCode? = nil,
        recoveryCode: DeviceCode? = nil, linked: DeviceLink? = nil, linkProblem: FieldProblem? = nil,
        typedCode: DeviceCode? = nil, nameNotice: String? = nil, nameProblem: FieldProblem? = nil,
        leaderboardsNotice: String? = nil
    ) async throws -> DevicesPage {
        let (player, device) = (try context.requirePlayer(), try context.requireDevice())
        let devices = try await database.devices(
            of: player, recording: device, named: DeviceName(userAgent: request.headers[.userAgent]),
            at: now())
        return DevicesPage(
            devices: devices, this: device, name: try await database.displayName(of: player),
            linkCode: linkCode, recoveryCode: recoveryCode, linked: linked, linkProblem: linkProblem,
            typedCode: typedCode, nameNotice: nameNotice, nameProblem: nameProblem,
            hiddenFromLeaderboards: try await database.isHiddenFromLeaderboards(player),
            leaderboardsNotice: leaderboardsNotice)
    }
}
