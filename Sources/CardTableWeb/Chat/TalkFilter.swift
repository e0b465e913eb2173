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
        events.filter { body in
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

extension Room {
    /// What `viewer`, who muted `muted`, does not get of the room's talk.
    func talkHidden(from viewer: PlayerID, muting muted: Set<PlayerID>) -> TalkFilter {
        guard let you = member(for: viewer), !you.wasRemoved else {
            return TalkFilter(hidesEveryone: true, hiddenMembers: [])
        }
        return TalkFilter(
            hidesEveryone: false,
            hiddenMembers: Set(members.filter { muted.contains($0.player) }.map(\.number)))
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

/// A socket's ``TalkFilter``, read when talk first comes and again when it may be out of date:
/// the room's members changed, its player changed whom they mute here, or it is older than
/// ``maximumAge`` (a mute made on another instance).
final class SocketTalkFilter: Sendable {
    /// How long a filter is trusted without reading it again.
    static let maximumAge: TimeInterval = 2

    private struct Read {
        let filter: TalkFilter
        let at: Date
        let muteChanges: Int
    }

    private let viewer: PlayerID
    private let changes: MuteChanges
    private let load: @Sendable () async throws -> TalkFilter
    private let last = Mutex<Read?>(nil)

    init(viewer: PlayerID, changes: MuteChanges, load: @escaping @Sendable () async throws -> TalkFilter) {
        self.viewer = viewer
        self.changes = changes
        self.load = load
    }

    /// The events among `events` the viewer gets at `now`.
    func visible(_ events: [String], at now: Date) async throws -> [String] {
        // NB: a join or a removal makes the filter out of date even when no talk comes with it:
        // talk in a later batch is by, or for, members it does not know.
        if events.contains(where: TalkFilter.changesMembers) { last.withLock { $0 = nil } }
        guard events.contains(where: TalkFilter.isTalk) else { return events }
        let changed = changes.count(for: viewer)
        if let known = last.withLock({ $0 }), known.muteChanges == changed,
            now.timeIntervalSince(known.at) < Self.maximumAge
        {
            return known.filter.visible(events)
        }
        let filter = try await load()
        last.withLock { $0 = Read(filter: filter, at: now, muteChanges: changed) }
        return filter.visible(events)
    }
}
