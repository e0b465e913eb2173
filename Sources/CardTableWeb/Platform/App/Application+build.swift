import CardTableBasics
import CardTableHTTP
import CoreMetrics
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import WebPush

/// Builds the CardTable web app on `database`: its router, middleware, pages and services.
///
/// `cardtable serve` runs what this returns; the tests build the very same app, mostly on a
/// database in memory.
/// - Parameters:
///   - configuration: Where to listen, and how long clients and rooms may wait.
///   - database: SQLite or PostgreSQL, with what running it takes.
///   - environment: The clock.
///   - logger: Where requests and new games are logged.
///   - metrics: Where requests, connections, rooms, transactions and sweeps are counted; served
///     at `GET /metrics` on ``WebConfiguration/metricsPort`` when it is set.
///   - drain: Begun when the server is told to stop, after which `GET /ready` answers 503.
package func buildApplication(
    _ configuration: WebConfiguration, database unmeasured: ServedDatabase,
    environment: WebEnvironment = .live,
    logger: Logger = Logger(label: "cardtable"), metrics: ServerMetrics = ServerMetrics(),
    drain: ShutdownDrain = ShutdownDrain()
) async throws -> some ApplicationProtocol {
    let served = unmeasured.measured(by: metrics)
    await served.hub.countRoomsOpen(in: metrics.roomsOpen)
    let readiness = ReadinessCheck(database: unmeasured.database, migrations: served.readiness, drain: drain)
    var rooms = RoomReferee(
        database: served.database, environment: environment, hub: served.hub, logger: logger,
        turnBackDelay: configuration.roomTurnBackDelay, limits: configuration.roomLimits,
        botWakeups: served.botWakeups)
    let notifier = PushNotifier(
        database: served.database, key: served.secret.pushKey,
        delivery: try PushDelivery(timeout: .init(configuration.pushTimeout)),
        contact: configuration.pushContact,
        allowsLocalEndpoints: configuration.allowsLocalPushEndpoints, logger: logger, now: environment.now)
    rooms.notices = RoomNotices(notifier: notifier, hub: served.hub)
    var pushSweep = PushSweep(notifier: notifier, logger: logger)
    pushSweep.readiness = served.readiness
    pushSweep.meters = metrics.sweep("push")
    pushSweep.interval = configuration.roomSweepInterval
    // NB: one count of failed room look-ups per address, whether by page or by socket.
    let roomLookups = RoomLookupGuard(configuration.roomLimits)
    // NB: one memory of device sessions, so a device forgotten by a page is refused by sockets too.
    let sessions = DeviceSessions(database: served.database)
    let router = try await buildRouter(
        database: served, readiness: readiness, requestMeters: metrics.requests, sessions: sessions,
        configuration: configuration, rooms: rooms,
        roomLookupLimit: RoomLookupLimit(
            limiter: roomLookups, trustedProxies: configuration.trustedProxies, referee: rooms),
        environment: environment, logger: logger)
    let socketRouter = Router(context: RoomSocketContext.self)
    socketRouter.add(middleware: ProxyHeadersMiddleware(trustedProxies: configuration.trustedProxies))
    socketRouter.add(
        middleware: PlayerMiddleware(
            database: served.database, sessions: sessions, secret: served.secret, now: environment.now))
    socketRouter.add(
        middleware: RoomLookupLimit(
            limiter: roomLookups, trustedProxies: configuration.trustedProxies, referee: rooms))
    RoomSocket(
        referee: rooms, sessions: sessions, gracePeriod: configuration.roomGracePeriod, logger: logger,
        metrics: metrics
    )
    .addRoutes(to: socketRouter)
    var sweep = ForgottenPlayerSweep(database: served.database, now: environment.now, logger: logger)
    sweep.readiness = served.readiness
    sweep.meters = metrics.sweep("forgotten_players")
    var roomSweep = RoomSweep(referee: rooms, logger: logger)
    roomSweep.readiness = served.readiness
    roomSweep.meters = metrics.sweep("rooms")
    roomSweep.interval = configuration.roomSweepInterval
    let timeouts = configuration.connectionTimeouts
    let admission = ConnectionAdmission(
        limits: configuration.connectionLimits, refusals: metrics.connectionsRefused, logger: logger)
    var app = Application(
        responder: ResponderInOwnTask(base: router.buildResponder()),
        server: .http1UpgradingToWebSockets(
            socketRouter, maximumFrameBytes: RoomSocket.maximumFrameBytes,
            closeTimeout: RoomSocket.closeTimeout,
            timeouts: timeouts, admission: admission, connections: metrics.connectionsOpen, logger: logger),
        configuration: .init(
            address: .hostname(configuration.hostname, port: configuration.port),
            serverName: "CardTable", availableConnectionsDelegate: admission.acceptance),
        services: served.services + [
            sweep, roomSweep, pushSweep, MismatchTurnBack(referee: rooms, logger: logger),
            RoomBotDriver(referee: rooms, leases: served.botLeases, logger: logger),
            MemoryGiveBack(admission: admission, logger: logger),
        ]
            + metricsServices(metrics, configuration, logger: logger),
        logger: logger)
    app.beforeServerStarts(perform: served.prepare)
    return app
}

/// The listener of `GET /metrics`, when the configuration has a port for it.
private func metricsServices(_ metrics: ServerMetrics, _ configuration: WebConfiguration, logger: Logger)
    -> [any Service]
{
    guard let port = configuration.metricsPort else { return [] }
    return [
        metricsApplication(
            metrics, hostname: configuration.metricsHostname, port: port,
            timeouts: configuration.connectionTimeouts, logger: logger)
    ]
}

/// The routes and middleware of the app.
func buildRouter(
    database served: ServedDatabase, readiness: ReadinessCheck, requestMeters: RequestMeters,
    sessions: DeviceSessions, configuration: WebConfiguration,
    rooms: RoomReferee,
    roomLookupLimit: RoomLookupLimit<CardTableRequestContext>, environment: WebEnvironment, logger: Logger
) async throws -> Router<CardTableRequestContext> {
    let assets = try StaticAssets(prefixes: ["app.css": CardGridLayout.sharedStylesheet])
    let renderer = try await PageRenderer(
        pages: [
            ChooserPage.self, MemorizePage.self, SetPage.self, SetRulesPage.self, RoomPage.self,
            RoomNewPage.self, RoomReplayPage.self, DailyPage.self, DailyArchivePage.self, StatsPage.self,
            DevicesPage.self, LeaderboardPage.self, YourGamesPage.self, OfflinePage.self, ErrorPage.self,
        ],
        assets: assets)
    let routes = RegisteredRoutes()
    // NB: every GET route also answers HEAD, with the GET's headers and no body.
    let router = Router(context: CardTableRequestContext.self, options: .autoGenerateHeadEndpoints)
    let trustedProxies = configuration.trustedProxies
    router.add(middleware: ProxyHeadersMiddleware(trustedProxies: trustedProxies))
    router.add(middleware: RequestLogMiddleware(logger: logger, trustedProxies: trustedProxies))
    router.add(middleware: RequestMetricsMiddleware(meters: requestMeters))
    router.add(
        middleware: SecurityHeadersMiddleware(
            strictTransportSecurityMaxAge: configuration.strictTransportSecurityMaxAge))
    router.add(middleware: ResponseCompressionMiddleware())
    router.add(middleware: ErrorPageMiddleware(renderer: renderer))
    router.add(middleware: MethodNotAllowedMiddleware(routes: routes))
    router.add(middleware: BodySizeLimitMiddleware())
    router.add(middleware: OriginCheckMiddleware())

    router.on(PlatformRoute.Template.health, notingIn: routes) { _, _ in "ok" }
    router.on(PlatformRoute.Template.ready, notingIn: routes) { _, _ in await readiness.response() }
    router.on(PlatformRoute.Template.asset, notingIn: routes) { request, context in
        try assets.response(for: context.parameters.require("file"), request: request)
    }
    let serviceWorker = try ServiceWorker(assets: assets, offlinePage: renderer.text(of: OfflinePage()))
    router.on(PlatformRoute.Template.serviceWorker, notingIn: routes) { _, _ in serviceWorker.response() }
    router.on(PlatformRoute.Template.offline, notingIn: routes) { request, _ in
        try renderer.respond(OfflinePage(), to: request)
    }
    router.on(PlatformRoute.Template.contract, notingIn: routes) { request, _ in
        try assets.response(for: PlatformRoute.contractFile, request: request)
    }
    router.on(PlatformRoute.Template.gridStylesheet, notingIn: routes) { request, context in
        try GeneratedStylesheets.grid(context.parameters.require("file"), request: request)
    }
    router.on(PlatformRoute.Template.setGridStylesheet, notingIn: routes) { request, context in
        try GeneratedStylesheets.setGrid(context.parameters.require("file"), request: request)
    }
    router.on(PlatformRoute.Template.colorStylesheet, notingIn: routes) { request, context in
        try GeneratedStylesheets.colors(context.parameters.require("file"), request: request)
    }

    let (database, secret) = (served.database, served.secret)
    // NB: remembered only where every change passes through this instance.
    let pageSettings = served.isShared ? nil : PageSettingsCache(database: database)
    let pages = router.group().add(
        middleware: PlayerMiddleware(
            database: database, sessions: sessions, secret: secret, now: environment.now)
    ).add(
        middleware: PageSettingsMiddleware(database: database, remembered: pageSettings)
    )
    PageSettingsController(database: database, remembered: pageSettings, now: environment.now)
        .addRoutes(to: pages, notingIn: routes)
    ThemesController(database: database, renderer: renderer, now: environment.now).addRoutes(
        to: pages, notingIn: routes)
    let memorize = MemorizeReferee(
        database: database, environment: environment, secret: secret, logger: logger)
    MemorizeController(referee: memorize, renderer: renderer, database: database).addRoutes(
        to: pages, notingIn: routes)
    let set = SetReferee(games: served.database, environment: environment, secret: secret, logger: logger)
    SetController(referee: set, renderer: renderer, database: database)
        .addRoutes(to: pages, notingIn: routes, allowsTestSetups: environment.allowsTestSetups)
    LobbyController(referee: rooms, renderer: renderer, trustedProxies: configuration.trustedProxies)
        .addRoutes(to: pages, notingIn: routes)
    RoomController(referee: rooms, renderer: renderer, lookupLimit: roomLookupLimit)
        .addRoutes(to: pages, notingIn: routes)
    YourGamesController(database: database, environment: environment, renderer: renderer)
        .addRoutes(to: pages, notingIn: routes)
    DailyController(
        referee: DailyReferee(database: database, environment: environment), renderer: renderer
    ).addRoutes(to: pages, notingIn: routes)
    StatsController(database: database, environment: environment, renderer: renderer)
        .addRoutes(to: pages, notingIn: routes)
    RatingsController(database: database, environment: environment, renderer: renderer)
        .addRoutes(to: pages, notingIn: routes)
    DevicesController(
        database: database, sessions: sessions, pageSettings: pageSettings, secret: secret,
        renderer: renderer,
        now: environment.now,
        linkGuard: DeviceLinkGuard(), trustedProxies: trustedProxies
    ).addRoutes(to: pages, notingIn: routes)
    PushController(
        database: database, key: secret.pushKey, resolver: SystemPushHostResolver(),
        allowsLocalEndpoints: configuration.allowsLocalPushEndpoints, now: environment.now
    ).addRoutes(to: pages, notingIn: routes)
    return router
}
