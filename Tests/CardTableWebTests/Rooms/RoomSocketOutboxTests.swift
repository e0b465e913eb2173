import Testing

@testable import CardTableWeb

/// What a room socket keeps to send: the last event merged, error answers bounded.
@Suite struct RoomSocketOutboxTests {
    @Test func theLastEventIsMergedAndGoesBeforeTheAnswers() async throws {
        let outbox = RoomSocketOutbox()
        #expect(try await outbox.add(failure: "first"))
        for lastEvent in [3, 7, 5] { outbox.announce(lastEvent: lastEvent) }
        #expect(try await outbox.add(failure: "second"))
        #expect(await Self.take(3, from: outbox) == [.lastEvent(7), .failure("first"), .failure("second")])
    }

    @Test func aFullOutboxRefusesOnceItsPatienceIsOver() async throws {
        let outbox = RoomSocketOutbox()
        for index in 0..<RoomSocketOutbox.failureLimit {
            #expect(try await outbox.add(failure: "answer \(index)", patience: .zero))
        }
        #expect(try await !outbox.add(failure: "one too many", patience: .milliseconds(50)))
        // Once the sender takes an answer, there is room again.
        #expect(await Self.take(1, from: outbox) == [.failure("answer 0")])
        #expect(try await outbox.add(failure: "room again", patience: .zero))
    }

    /// The first `count` items the outbox delivers (it must have them).
    private static func take(_ count: Int, from outbox: RoomSocketOutbox) async -> [RoomSocketOutbox.Item] {
        var items: [RoomSocketOutbox.Item] = []
        do {
            try await outbox.deliver { item in
                items.append(item)
                if items.count == count { throw Enough() }
            }
        } catch {}
        return items
    }

    private struct Enough: Error {}
}
