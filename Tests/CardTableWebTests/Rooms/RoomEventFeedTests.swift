import Foundation
import HummingbirdTesting
import Synchronization
import Testing

@testable import CardTableWeb

/// A room's events fan out once per instance: events committed here are handed over without a
/// read, events committed elsewhere are read once however many sockets ask, and a socket too far
/// behind reads for itself.
@Suite struct RoomEventFeedTests {
    /// A database of numbered events that counts its reads; events from `gone` cannot be read.
    final class EventLog: Sendable {
        let reads = Mutex(0)
        let gone: Set<Int>
        let last: Int

        init(last: Int, gone: Set<Int> = []) {
            (self.last, self.gone) = (last, gone)
        }

        func read(after: Int) async throws -> [(number: Int, body: String)] {
            reads.withLock { $0 += 1 }
            // NB: a read takes a while, so the other sockets ask meanwhile.
            try await Task.sleep(for: .milliseconds(20))
            let numbers = (after + 1)...max(after + 1, last)
            return numbers.prefix(RoomReferee.catchUpLimit).filter { !gone.contains($0) && $0 <= last }.map {
                ($0, Self.body($0))
            }
        }

        static func body(_ number: Int) -> String { #"{"number":\#(number)}"# }
    }

    @Test(arguments: [1, 8, 400])
    func eventsFromAnotherInstanceAreReadOnceForEverySocket(sockets: Int) async throws {
        let log = EventLog(last: 12)
        let feed = RoomEventFeed(read: log.read)
        let received = try await withThrowingTaskGroup(of: [String]?.self) { group in
            for _ in 0..<sockets { group.addTask { try await feed.events(after: 10, through: 12) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(received.allSatisfy { $0 == [EventLog.body(11), EventLog.body(12)] })
        #expect(log.reads.withLock { $0 } == 1)
        // What was read stays.
        #expect(try await feed.events(after: 11, through: 12) == [EventLog.body(12)])
        #expect(log.reads.withLock { $0 } == 1)
    }

    @Test func eventsCommittedHereAreNotRead() async throws {
        let log = EventLog(last: 3)
        let feed = RoomEventFeed(read: log.read)
        feed.add([EventLog.body(1), EventLog.body(2)], through: 2)
        feed.add([EventLog.body(3)], through: 3)
        #expect(try await feed.events(after: 0, through: 3) == [1, 2, 3].map(EventLog.body))
        #expect(try await feed.events(after: 3, through: 3) == [])
        #expect(log.reads.withLock { $0 } == 0)
    }

    /// Two moves committed here can be handed over in the other order: the later one's socket
    /// reads what it lacks once.
    @Test func aMissingEarlierEventIsRead() async throws {
        let log = EventLog(last: 6)
        let feed = RoomEventFeed(read: log.read)
        feed.add([EventLog.body(4)], through: 4)
        feed.add([EventLog.body(6)], through: 6)
        #expect(try await feed.events(after: 4, through: 6) == [5, 6].map(EventLog.body))
        #expect(log.reads.withLock { $0 } == 1)
    }

    @Test func aSocketTooFarBehindOrMissingAnUnreadableEventReadsByItself() async throws {
        let behind = EventLog(last: 1000)
        let feed = RoomEventFeed(read: behind.read)
        feed.add([EventLog.body(1000)], through: 1000)
        #expect(try await feed.events(after: 10, through: 1000) == nil)
        #expect(behind.reads.withLock { $0 } == 0)

        let damaged = EventLog(last: 9, gone: [8])
        let other = RoomEventFeed(read: damaged.read)
        #expect(try await other.events(after: 6, through: 9) == nil)
        #expect(damaged.reads.withLock { $0 } == 1)
        // Past the damaged event, the feed serves what it read.
        #expect(try await other.events(after: 8, through: 9) == [EventLog.body(9)])
        #expect(damaged.reads.withLock { $0 } == 1)
    }

    @Test func aFailedReadFailsItsWaitersAndTheNextAskReadsAgain() async throws {
        struct Unreachable: Error {}
        let attempts = Mutex(0)
        let feed = RoomEventFeed { after in
            let attempt = attempts.withLock { count in
                count += 1
                return count
            }
            try await Task.sleep(for: .milliseconds(20))
            if attempt == 1 { throw Unreachable() }
            return [(after + 1, EventLog.body(after + 1))]
        }
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<4 { group.addTask { (try? await feed.events(after: 0, through: 1)) != nil } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == [false, false, false, false])
        #expect(try await feed.events(after: 0, through: 1) == [EventLog.body(1)])
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func onlyTheNewestEventsAreKept() async throws {
        let log = EventLog(last: 1000)
        let feed = RoomEventFeed(read: log.read)
        for number in 1...1000 { feed.add([EventLog.body(number)], through: number) }
        #expect(
            try await feed.events(after: 1000 - RoomEventFeed.capacity, through: 1000)?.count
                == RoomEventFeed.capacity)
        // An older one is gone: that socket reads for itself.
        #expect(try await feed.events(after: 999 - RoomEventFeed.capacity, through: 1000) == nil)
        #expect(log.reads.withLock { $0 } == 0)
    }
}
