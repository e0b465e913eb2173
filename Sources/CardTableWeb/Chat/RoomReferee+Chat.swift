import CardTableBasics
import CardTableHTTP
import Foundation

extension RoomReferee {
    /// Sends `typed` to everyone in the room as `player`'s chat message.
    /// - Throws: ``AppError/badRequest(_:)`` naming `text` when the message is empty, shows
    ///   nothing or is too long; 403 when `player` may not chat; 429 over ``TalkPace``'s pace.
    func say(_ typed: String, in code: RoomCode, for player: PlayerID) async throws -> Answer {
        let message: ChatMessage
        do { message = try ChatMessage(typed: typed) } catch { throw AppError.badRequest(error.description) }
        try paceTalk(of: player, isReaction: false)
        return try await act(on: code) { room, _ throws(RoomRefusal) in try room.say(message, by: player) }
    }

    /// Shows `reaction` beside `player`'s name on every screen in the room.
    func react(_ reaction: Reaction, in code: RoomCode, for player: PlayerID) async throws -> Answer {
        try paceTalk(of: player, isReaction: true)
        return try await act(on: code) { room, _ throws(RoomRefusal) in try room.react(reaction, by: player) }
    }

    /// Lets `audience` chat in the room (the host).
    func changeChat(to audience: ChatAudience, in code: RoomCode, for player: PlayerID) async throws -> Answer
    {
        try await act(on: code) { room, _ throws(RoomRefusal) in try room.changeChat(to: audience, by: player)
        }
    }

    /// Removes member `number` from the room (the host); they cannot join it again.
    func remove(_ number: Int, from code: RoomCode, for player: PlayerID) async throws -> Answer {
        try await act(on: code) { room, now throws(RoomRefusal) in
            try room.remove(number, by: player, at: now)
        }
    }

    /// Mutes member `number` of room `code` for `player` (`isMuted`), or hears them again: in this
    /// room, any later one, and on all of `player`'s devices.
    /// - Throws: 404 when no member has `number`; 409 for `player` themselves or a computer
    ///   opponent (which never talks).
    func setMuted(_ isMuted: Bool, member number: Int, in code: RoomCode, for player: PlayerID) async throws {
        let room = try await current(code).room
        guard let member = room.members.first(where: { $0.number == number }) else {
            throw RoomRefusal.noSuchMember(number).appError
        }
        guard member.player != player else { throw RoomRefusal.muteYourself.appError }
        guard member.bot == nil else {
            throw AppError.conflict(
                "\(member.name) is a computer opponent, which never talks: there is nothing to mute.")
        }
        try await database.setMuted(isMuted, member.player, by: player, at: environment.now())
        muteChanges.note(player)
    }

    /// Counts a chat message or a reaction of `player`'s, or refuses it over the pace.
    private func paceTalk(of player: PlayerID, isReaction: Bool) throws {
        let talker = TalkPace.Talker(player: player, isReaction: isReaction)
        guard let wait = talkPace.admit(talker, at: environment.now()) else { return }
        let what = isReaction ? "That is 5 reactions in 10 seconds" : "That is 5 messages in 10 seconds"
        throw AppError.tooManyRequests(what, waiting: wait)
    }
}
