import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket

/// A room's WebSocket, `GET /rooms/:code/socket?after=N`: first a snapshot (or, for a client that
/// says which event it applied last, exactly the events it missed), then every new event as it is
/// committed; requests sent on it are refereed like their HTTP posts, and a request the room
/// cannot take is answered with an error message to its sender only. The connection stays open
/// through bad messages, but not through broken frames (RFC 6455 has their close codes), nor for
/// a client that leaves its answers unread (see ``RoomSocketOutbox``): it is closed with
/// ``fellBehindCode`` and reconnects with `after=N`. A socket of a device that was forgotten
/// (or whose player was merged into another) is closed with ``signedOutCode`` at its next
/// request or event.
///
/// The server keeps reading the socket as long as it is open (automatic pings need it), except
/// while a client's answers wait for it to read them. A player whose last socket closes is marked
/// away after the grace period unless they reconnect.
struct RoomSocket: Sendable {
    let referee: RoomReferee
    /// Whose each device is now, asked before each request and event.
    let sessions: DeviceSessions
    let gracePeriod: Duration
    let logger: Logger
    /// Where open sockets and the events sent on them are counted.
    let metrics: ServerMetrics

    /// The longest message a client may send, in one frame or several; a longer one closes the
    /// connection (1009).
    static let maximumFrameBytes = 1 << 16

    /// How long a closing socket waits for its client to answer the close frame (or, for a client
    /// that fell behind, to take it at all) before the connection is dropped.
    static let closeTimeout: Duration = .seconds(15)

    /// The close code of a client that fell behind: 1013, try again later. A page reconnects
    /// with `after=N` and catches up.
    static let fellBehindCode = WebSocketErrorCode(codeNumber: 1013)

    /// The close code of a socket whose device is no longer its player's (forgotten, or linked
    /// to another): 1008, policy violation. A page loads the room again, as whoever the browser
    /// is now.
    static let signedOutCode = WebSocketErrorCode(codeNumber: 1008)

    /// A client left more answers unread than ``RoomSocketOutbox`` keeps, for longer than its
    /// patience.
    private struct FellBehind: Error {}

    /// The socket's device was forgotten, or is another player's now.
    private struct SignedOut: Error {}

    func addRoutes(to router: Router<RoomSocketContext>) {
        router.ws(RouterPath(RoomRoute.Template.socket.rawValue)) { request, context in
            // NB: a page of another site must not open a socket with this player's cookie.
            guard Self.mayOpen(request) else { return .dontUpgrade }
            _ = try RoomController.after(request)
            let code = try context.pathParameter(
                "code", { RoomCode($0) }, mustBe: "a room code of six letters and digits")
            _ = try await referee.current(code)
            try await Self.guardFrames(of: context.channel)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let request = context.request
            guard let code = context.requestContext.parameters.get("code").flatMap({ RoomCode($0) }),
                let player = context.requestContext.playerID, let device = context.requestContext.deviceID
            else { return }
            try await serve(
                code, as: PlayerCookie.Holder(player: player, device: device),
                after: (try? RoomController.after(request)) ?? 0, inbound: inbound,
                outbound: outbound, channel: context.requestContext.channel)
        }
    }

    /// Whether a socket may be opened for this request: not by another site's page, which a
    /// browser would send with this player's cookie. A browser's `Origin` is its page's
    /// (`http://…` or `https://…`); WebSocket client libraries name the socket's own `ws://`
    /// address, and anything outside a browser can send what it likes anyway.
    static func mayOpen(_ request: Request) -> Bool {
        if let origin = request.headers[.origin], origin.hasPrefix("ws://") || origin.hasPrefix("wss://") {
            return true
        }
        return OriginCheckMiddleware<RoomSocketContext>.isSameOrigin(request)
    }

    // MARK: - Private

    /// Has the connection's frames checked for masks once it is upgraded.
    private static func guardFrames(of channel: any Channel) async throws {
        try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.addHandler(UnmaskedFrameGuardInstaller())
        }.get()
    }

    private func serve(
        _ code: RoomCode, as holder: PlayerCookie.Holder, after: Int, inbound: WebSocketInboundStream,
        outbound: WebSocketOutboundWriter, channel: any Channel
    ) async throws {
        let player = holder.player
        let hub = referee.hub
        let (listener, updates, feed) = await hub.listen(to: code) { [referee] after in
            try await referee.database.roomEvents(code, after: after, limit: RoomReferee.catchUpLimit)
        }
        await hub.connect(player, to: code)
        metrics.roomSocketsOpen.increment()
        defer { metrics.roomSocketsOpen.decrement() }
        let outbox = RoomSocketOutbox()
        let talk = SocketTalkFilter(
            viewer: player, changes: referee.muteChanges,
            audience: { [referee] in try await referee.database.talkAudience(code, for: player) },
            mutes: { [referee] in try await referee.database.mutedPlayers(of: player) })
        // NB: what the client says it had counts from its deal, from the first request it sends.
        let deliveries = EventDeliveryLog(heldThrough: after)
        var closingError: (any Error)?
        do {
            // NB: what a socket does once as it opens (here, and its first catch-up) is done in
            // tasks of its own, so an open socket does not hold that memory; each later move and
            // event is not, as the extra task's wait for a thread is felt when the server is busy.
            try await inOwnTask { [referee] in
                let stored = try await referee.current(code)
                let room = stored.room
                // NB: bots whose driver was lost (a restart) are driven again once someone is here.
                if room.hasPersonPlaying, !room.bots.isEmpty {
                    referee.botWakeups.wake(code, lastEvent: stored.lastEvent, at: referee.environment.now())
                }
                // Back from being away: the room counts them again.
                if let member = room.member(for: player), member.isAway {
                    _ = try await referee.setAway(false, in: code, for: player)
                }
                // NB: a mismatch whose wait was lost (a restart, an instance that stopped) turns back.
                referee.turnMismatchBackInTime(room)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await lastEvent in updates { outbox.announce(lastEvent: lastEvent) }
                }
                group.addTask {
                    try await send(
                        code, as: holder, after: after, feed: feed, outbox: outbox, deliveries: deliveries,
                        talk: talk, outbound: outbound)
                }
                group.addTask {
                    // NB: always reading, so pings are answered and a closed socket is noticed,
                    // except while an answer waits for room in the outbox.
                    for try await message in inbound.messages(maxSize: Self.maximumFrameBytes) {
                        try await checkSignedIn(holder)
                        if let failure = await handle(
                            message, in: code, from: player, deliveries: deliveries.current),
                            try await !outbox.add(failure: failure)
                        {
                            throw FellBehind()
                        }
                    }
                }
                // The socket closed (the reader ended) or failed: stop the others.
                try await group.next()
                group.cancelAll()
            }
        } catch is FellBehind {
            logger.notice("A room socket fell behind: its client left too many answers unread")
            await close(
                outbound, code: Self.fellBehindCode, reason: "Too many answers unread: reconnect.",
                channel: channel)
        } catch is SignedOut {
            await close(
                outbound, code: Self.signedOutCode, reason: "This device is no longer this player's: reload.",
                channel: channel)
        } catch {
            logger.debug("Room socket ended", metadata: ["error": "\(error)"])
            // NB: thrown on, so the library closes with the code a broken frame calls for.
            closingError = error
        }
        await hub.stopListening(listener, to: code)
        await hub.disconnect(player, from: code)
        markAwayLater(player, in: code)
        if let closingError { throw closingError }
    }

    /// Sends the catch-up, then each batch of new events as the hub announces them (from the
    /// room's feed, or read by itself when the feed no longer has them), and errors; notes in
    /// `deliveries` when each went out.
    private func send(
        _ code: RoomCode, as holder: PlayerCookie.Holder, after: Int, feed: RoomEventFeed,
        outbox: RoomSocketOutbox, deliveries: EventDeliveryLog, talk: SocketTalkFilter,
        outbound: WebSocketOutboundWriter
    ) async throws {
        let player = holder.player
        var sent = try await inOwnTask {
            try await catchUp(
                code, player: player, after: after, deliveries: deliveries, talk: talk, outbound: outbound)
        }
        try await outbox.deliver { item in
            switch item {
            case .lastEvent(let lastEvent) where lastEvent > sent:
                try await checkSignedIn(holder)
                if let events = try await feed.events(after: sent, through: lastEvent) {
                    // NB: noted before the write: a claim of what it carries may come right behind it.
                    let now = referee.environment.now()
                    let visible = try await talk.visible(events, at: now)
                    deliveries.record(through: lastEvent, at: now)
                    try await write(visible, to: outbound)
                    sent = lastEvent
                } else {
                    sent = try await catchUp(
                        code, player: player, after: sent, deliveries: deliveries, talk: talk,
                        outbound: outbound)
                }
            case .lastEvent:
                break
            case .failure(let message):
                try await outbound.write(.text(try JSONText.encode(RoomMessage.Failure(message: message))))
            }
        }
    }

    /// Throws ``SignedOut`` when the socket's device is no longer its player's. A database that
    /// cannot say keeps the socket open: it was checked when it opened.
    private func checkSignedIn(_ holder: PlayerCookie.Holder) async throws {
        let session: DeviceSession
        do {
            session = try await sessions.session(of: holder.device, at: referee.environment.now())
        } catch {
            logger.warning("A room socket's device could not be checked", metadata: ["error": "\(error)"])
            return
        }
        switch session {
        case .unrecorded: return
        case .player(let player) where player == holder.player: return
        case .player, .forgotten: throw SignedOut()
        }
    }

    /// Closes the socket with `code`. The close frame goes after what is already on its way, so a
    /// client that reads nothing more (one that fell behind) is cut off after ``closeTimeout``
    /// instead.
    private func close(
        _ outbound: WebSocketOutboundWriter, code: WebSocketErrorCode, reason: String, channel: any Channel
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await outbound.close(code, reason: reason)
            }
            group.addTask {
                guard (try? await Task.sleep(for: Self.closeTimeout)) != nil else { return }
                channel.close(promise: nil)
            }
            await group.next()
            group.cancelAll()
        }
    }

    /// Sends what a client that applied events up to `after` lacks (a snapshot for a new or far
    /// behind client) and returns the number of the last event it now has. What the client held
    /// already (its `after`, or what a snapshot shows) counts from when it was dealt in
    /// `deliveries`; the events sent count from now.
    private func catchUp(
        _ code: RoomCode, player: PlayerID, after: Int, deliveries: EventDeliveryLog, talk: SocketTalkFilter,
        outbound: WebSocketOutboundWriter
    ) async throws -> Int {
        let (events, stored) = try await referee.catchUp(code, after: after)
        // NB: noted before the writes: a claim of what they carry may come right behind them.
        if after == 0 || (after < stored.lastEvent && events.isEmpty) || after > stored.lastEvent {
            let you = stored.room.currentMember(for: player)?.number
            let snapshot = RoomMessage.Snapshot(
                lastEvent: stored.lastEvent, you: you, view: RoomView(stored.room))
            // NB: not a fresh look at the table: a new socket must not make every card new again.
            deliveries.hold(through: stored.lastEvent)
            try await outbound.write(.text(try JSONText.encode(snapshot)))
            return stored.lastEvent
        }
        let now = referee.environment.now()
        let visible = try await talk.visible(events, at: now)
        deliveries.record(through: stored.lastEvent, at: now)
        try await write(visible, to: outbound)
        return max(after, stored.lastEvent)
    }

    /// Sends `events` in order, counting them.
    private func write(_ events: [String], to outbound: WebSocketOutboundWriter) async throws {
        for event in events {
            try await outbound.write(.text(event))
            metrics.roomEventsSent.increment()
        }
    }

    /// Referees one message, a claim against what the socket had sent (`deliveries`); the reason
    /// in words when the room cannot take it.
    private func handle(
        _ message: WebSocketMessage, in code: RoomCode, from player: PlayerID, deliveries: EventDeliveries
    ) async -> String? {
        guard case .text(let text) = message else { return "Send requests as JSON text." }
        let request: RoomSocketRequest
        switch RoomSocketRequest.parse(text) {
        case .success(let parsed): request = parsed
        case .failure(let problem): return problem.message
        }
        do {
            switch request {
            case .claim(let cards):
                _ = try await referee.claim(code, cards: cards, deliveries: deliveries, for: player)
            case .deal: _ = try await referee.voteToDeal(code, for: player)
            case .choose(let card): _ = try await referee.choose(code, cardID: card, for: player)
            case .start: _ = try await referee.start(code, for: player)
            case .chat(let text): _ = try await referee.say(text, in: code, for: player)
            case .react(let reaction): _ = try await referee.react(reaction, in: code, for: player)
            case .join(let typed):
                let name: DisplayName
                do { name = try DisplayName(typed: typed) } catch { return "name: \(error.description)" }
                _ = try await referee.join(code, as: name, for: player)
            }
            return nil
        } catch let error as AppError {
            return error.message
        } catch is DatabaseUnavailable {
            return ErrorPage.unavailableMessage
        } catch {
            logger.error("A room request failed", metadata: ["error": "\(error)"])
            return "That did not work; try again."
        }
    }

    /// Marks `player` away once the grace period has passed, unless they reconnected.
    private func markAwayLater(_ player: PlayerID, in code: RoomCode) {
        let (referee, gracePeriod) = (referee, gracePeriod)
        Task {
            try? await Task.sleep(for: gracePeriod)
            guard await !referee.hub.isConnected(player, to: code) else { return }
            _ = try? await referee.setAway(true, in: code, for: player)
        }
    }
}
