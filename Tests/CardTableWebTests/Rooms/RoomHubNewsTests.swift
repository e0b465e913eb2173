import Foundation
import Synchronization
import Testing

@testable import CardTableWeb

/// The news of a room that comes without its events (PostgreSQL's notification of a commit)
/// waits while this instance saves a change of that room, so the notification of its own commit
/// does not send the room's sockets to the database for events it is about to hand over.
@Suite struct RoomHubNewsTests {
    static let code = RoomCode("K7QX4P")!
    var code: RoomCode { Self.code }

    /// A socket of the room here: it takes every update, and the events it lacks from the feed.
    private final class Socket: Sendable {
        /// The last events it was told of, in order.
        final class Told: Sendable {
            let numbers = Mutex<[Int]>([])
            /// The last event whose events it has (from the feed).
            let delivered = Mutex(0)
        }

        let told = Told()
        let task: Task<Void, any Error>

        init(_ updates: RoomHub.Updates, feed: RoomEventFeed) {
            let told = told
            task = Task {
                var delivered = 0
                for await lastEvent in updates {
                    told.numbers.withLock { $0.append(lastEvent) }
                    _ = try await feed.events(after: delivered, through: lastEvent)
                    delivered = max(delivered, lastEvent)
                    told.delivered.withLock { $0 = delivered }
                }
            }
        }

        var received: [Int] { told.numbers.withLock { $0 } }

        /// Waits (a few seconds at most) until the socket has the events up to `lastEvent`.
        func waitFor(_ lastEvent: Int) async throws {
            for _ in 0..<500 where told.delivered.withLock({ $0 }) < lastEvent {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(told.delivered.withLock { $0 } >= lastEvent)
        }
    }

    @Test func theNotificationOfAChangeSavedHereWaitsForItsEvents() async throws {
        let hub = RoomHub()
        let log = RoomEventFeedTests.EventLog(last: 1)
        let (_, updates, feed) = await hub.listen(to: code, reading: log.read)
        let socket = Socket(updates, feed: feed)
        defer { socket.task.cancel() }

        try await hub.holdingNews(of: code) {
            // PostgreSQL's notification of the commit comes before the save's answer.
            await hub.publish(code, lastEvent: 1)
            try await Task.sleep(for: .milliseconds(50))
            #expect(socket.received.isEmpty)
            await hub.publish(code, lastEvent: 1, events: [RoomEventFeedTests.EventLog.body(1)])
        }
        try await socket.waitFor(1)
        #expect(log.reads.withLock { $0 } == 0)
        // The notification held back told no more than the save did: the socket woke once.
        try await Task.sleep(for: .milliseconds(50))
        #expect(socket.received == [1])
    }

    /// A save that fails publishes nothing: the news held back meanwhile (another instance's
    /// commit) is published after it, and read once.
    @Test func newsHeldForASaveThatFailedIsPublishedAfterIt() async throws {
        struct Refused: Error {}
        let hub = RoomHub()
        let log = RoomEventFeedTests.EventLog(last: 3)
        let (_, updates, feed) = await hub.listen(to: code, reading: log.read)
        let socket = Socket(updates, feed: feed)
        defer { socket.task.cancel() }

        await #expect(throws: Refused.self) {
            try await hub.holdingNews(of: code) {
                await hub.publish(code, lastEvent: 3)
                try await Task.sleep(for: .milliseconds(50))
                #expect(socket.received.isEmpty)
                throw Refused()
            }
        }
        try await socket.waitFor(3)
        #expect(log.reads.withLock { $0 } == 1)
    }

    /// News waits for every save of the room under way here, and no other room's news does.
    @Test func newsWaitsForTheLastSaveUnderWayOfItsRoomOnly() async throws {
        let other = RoomCode("M3RT8W")!
        let hub = RoomHub()
        let log = RoomEventFeedTests.EventLog(last: 2)
        let (_, updates, feed) = await hub.listen(to: code, reading: log.read)
        let socket = Socket(updates, feed: feed)
        let (_, otherUpdates, otherFeed) = await hub.listen(to: other, reading: log.read)
        let otherSocket = Socket(otherUpdates, feed: otherFeed)
        defer {
            socket.task.cancel()
            otherSocket.task.cancel()
        }

        let firstSave = await SaveUnderWay.start(of: code, on: hub)
        await hub.holdingNews(of: code) {
            await hub.publish(code, lastEvent: 2)
            await hub.publish(other, lastEvent: 2)
        }
        try await otherSocket.waitFor(2)
        #expect(socket.received.isEmpty)
        await firstSave.end()
        try await socket.waitFor(2)
    }

    /// News waits for the saves under way when it came, not for those begun after: saves that
    /// keep overlapping do not hold it for ever.
    @Test func newsDoesNotWaitForSavesBegunAfterIt() async throws {
        let hub = RoomHub()
        let log = RoomEventFeedTests.EventLog(last: 4)
        let (_, updates, feed) = await hub.listen(to: code, reading: log.read)
        let socket = Socket(updates, feed: feed)
        defer { socket.task.cancel() }

        let first = await SaveUnderWay.start(of: code, on: hub) { await hub.publish(code, lastEvent: 4) }
        // A later save begins while the first is under way, and outlasts it.
        let later = await SaveUnderWay.start(of: code, on: hub)
        #expect(socket.received.isEmpty)
        await first.end()
        try await socket.waitFor(4)
        await later.end()
    }

    /// A save of a room under way in a task of its own: it does `begin` while news is held, then
    /// lasts until ``end()``.
    private struct SaveUnderWay {
        let task: Task<Void, Never>
        let mayEnd: AsyncStream<Void>.Continuation

        static func start(
            of code: RoomCode, on hub: RoomHub, doing begin: @escaping @Sendable () async -> Void = {}
        ) async -> SaveUnderWay {
            let (began, beginning) = AsyncStream<Void>.makeStream()
            let (endings, mayEnd) = AsyncStream<Void>.makeStream()
            let task = Task {
                await hub.holdingNews(of: code) {
                    await begin()
                    beginning.yield()
                    for await _ in endings { break }
                }
            }
            for await _ in began { break }
            return SaveUnderWay(task: task, mayEnd: mayEnd)
        }

        func end() async {
            mayEnd.yield()
            await task.value
        }
    }
}
