import CardTableBasics
import CardTableStorage
import Foundation
import Synchronization

/// Whose talk (chat messages and reactions) one viewer of a room does not get: everyone's for
/// someone who is not a member (or was removed), else that of the members they muted.
struct TalkFilter: Equatable, Sendable {
    let hidesEveryone: Bool
    let hiddenMembers: Set<Int>

    /// Whether talk by member `member` is kept from the viewer.
    func hides(_ member: Int?) -> Bool {
        hidesEveryone || member.map(hiddenMembers.contains) ?? false
    }

    /// The events among `events` (JSON, as sent) the viewer gets: all but the talk this filter
    /// hides.
    func visible(_ events: [String]) -> [String] {
        // NB: nobody hidden (the common case): no event needs decoding.
        guard hidesEveryone || !hiddenMembers.isEmpty else { return events }
        return events.filter { body in
            guard TalkFilter.isTalk(body) else { return true }
            let header = try? JSONText.decode(Header.self, from: body)
            return !hides(header?.member)
        }
    }

    /// Whether the event `body` is talk, without decoding it: its top-level `kind` is `chat` or
    /// `reaction`. Events are written with sorted keys and no spaces, and a quote inside a text
    /// is escaped, so only the event's own kind can read so.
    static func isTalk(_ body: String) -> Bool {
        body.contains(#""kind":"chat""#) || body.contains(#""kind":"reaction""#)
    }

    /// Whether the event `body` changes who is in the room (a join or a removal), so that a
    /// filter read before it may be out of date.
    static func changesMembers(_ body: String) -> Bool {
        body.contains(#""kind":"joined""#) || body.contains(#""kind":"removed""#)
    }

    /// The fields of an event a filter reads.
    private struct Header: Decodable {
        let member: Int?
    }
}

/// Who may talk to one viewer of a room, as the room says it: whether the viewer is a member
/// (not removed), and whose each member number is. With the players the viewer muted, it makes
/// their ``TalkFilter``.
struct TalkAudience: Equatable, Sendable {
    let viewerIsMember: Bool
    let players: [Int: PlayerID]

    /// Room `room`'s audience for `viewer`.
    init(_ room: Room, viewer: PlayerID) {
        viewerIsMember = room.currentMember(for: viewer) != nil
        players = Dictionary(uniqueKeysWithValues: room.members.map { ($0.number, $0.player) })
    }

    /// The audience of a room that is not there: no talk reaches anyone.
    init() {
        viewerIsMember = false
        players = [:]
    }

    /// The viewer's filter, when they muted `muted`.
    func filter(muting muted: Set<PlayerID>) -> TalkFilter {
        guard viewerIsMember else { return TalkFilter(hidesEveryone: true, hiddenMembers: []) }
        return TalkFilter(
            hidesEveryone: false, hiddenMembers: Set(players.filter { muted.contains($0.value) }.keys))
    }
}

extension Room {
    /// What `viewer`, who muted `muted`, does not get of the room's talk.
    func talkHidden(from viewer: PlayerID, muting muted: Set<PlayerID>) -> TalkFilter {
        TalkAudience(self, viewer: viewer).filter(muting: muted)
    }
}

extension CardTableDatabase {
    /// What `viewer` does not get of room `code`'s talk, as of now (everyone's when there is no
    /// such room).
    func talkFilter(_ code: RoomCode, for viewer: PlayerID) async throws -> TalkFilter {
        try await read { transaction in
            guard let stored = try transaction.room(code) else {
                return TalkFilter(hidesEveryone: true, hiddenMembers: [])
            }
            return stored.room.talkHidden(from: viewer, muting: try transaction.mutedPlayers(of: viewer))
        }
    }

    /// Room `code`'s audience for `viewer` (see ``TalkAudience``).
    func talkAudience(_ code: RoomCode, for viewer: PlayerID) async throws -> TalkAudience {
        try await read { transaction in
            guard let stored = try transaction.room(code) else { return TalkAudience() }
            return TalkAudience(stored.room, viewer: viewer)
        }
    }
}

/// When each player last changed whom they mute, on this instance: a socket's
/// ``SocketTalkFilter`` reads its filter again once its player's count moved.
final class MuteChanges: Sendable {
    private let counts = Mutex<[PlayerID: Int]>([:])

    /// Notes a change of `player`'s mutes.
    func note(_ player: PlayerID) {
        counts.withLock { $0[player, default: 0] += 1 }
    }

    /// How many times `player` changed their mutes here.
    func count(for player: PlayerID) -> Int {
        counts.withLock { $0[player] ?? 0 }
    }
}

/// A socket's ``TalkFilter``, made when talk first comes from the room's ``TalkAudience`` and its
/// viewer's mutes, and made again when it may be out of date: the room's members changed (a join
/// or a removal: the audience is read again, which decodes the room), its player changed whom they
/// mute here, or it is older than ``maximumAge`` (a mute made on another instance; only the mutes
/// are read again, a query of a few rows).
final class SocketTalkFilter: Sendable {
    /// How long a filter is trusted without reading the viewer's mutes again: how long a mute made
    /// on another instance may take to reach this one's sockets (one made here does at once).
    static let maximumAge: TimeInterval = 2

    private struct Read {
        var audience: TalkAudience?
        var filter: TalkFilter?
        var at: Date = .distantPast
        var muteChanges = 0
    }

    private let viewer: PlayerID
    private let changes: MuteChanges
    private let readAudience: @Sendable () async throws -> TalkAudience
    private let readMutes: @Sendable () async throws -> Set<PlayerID>
    private let last = Mutex(Read())

    init(
        viewer: PlayerID, changes: MuteChanges, audience: @escaping @Sendable () async throws -> TalkAudience,
        mutes: @escaping @Sendable () async throws -> Set<PlayerID>
    ) {
        self.viewer = viewer
        self.changes = changes
        readAudience = audience
        readMutes = mutes
    }

    /// The events among `events` the viewer gets at `now`.
    func visible(_ events: [String], at now: Date) async throws -> [String] {
        // NB: a join or a removal makes the audience out of date even when no talk comes with it:
        // talk in a later batch is by, or for, members it does not know.
        if events.contains(where: TalkFilter.changesMembers) { last.withLock { $0 = Read() } }
        guard events.contains(where: TalkFilter.isTalk) else { return events }
        let changed = changes.count(for: viewer)
        let known = last.withLock { $0 }
        if let filter = known.filter, known.muteChanges == changed,
            now.timeIntervalSince(known.at) < Self.maximumAge
        {
            return filter.visible(events)
        }
        let audience: TalkAudience
        if let kept = known.audience { audience = kept } else { audience = try await readAudience() }
        let filter = audience.filter(muting: try await readMutes())
        last.withLock { $0 = Read(audience: audience, filter: filter, at: now, muteChanges: changed) }
        return filter.visible(events)
    }
}
