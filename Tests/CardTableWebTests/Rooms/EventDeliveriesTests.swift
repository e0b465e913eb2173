import Foundation
import Testing

@testable import CardTableWeb

/// What a room socket sent, and when: each event at the write that carried it, what the client
/// held at the start from its deal, and nothing kept for long.
@Suite struct EventDeliveriesTests {
    private let start = Date(timeIntervalSinceReferenceDate: 5_000)

    @Test func anEventWentOutWithTheFirstWriteThatCarriedIt() {
        var deliveries = EventDeliveries(heldThrough: 3)
        deliveries.record(through: 5, at: start)
        deliveries.record(through: 6, at: start + 1)
        #expect(deliveries.sentAt(event: 3) == .distantPast, "held by the client when it connected")
        #expect(deliveries.sentAt(event: 4) == start)
        #expect(deliveries.sentAt(event: 5) == start)
        #expect(deliveries.sentAt(event: 6) == start + 1)
        #expect(deliveries.sentAt(event: 7) == nil, "not sent yet")
        // A write of nothing new changes nothing.
        deliveries.record(through: 6, at: start + 2)
        deliveries.record(through: 2, at: start + 2)
        #expect(deliveries.sentAt(event: 6) == start + 1)
    }

    @Test func holdingCountsEarlierEventsFromTheirDeal() {
        var deliveries = EventDeliveries()
        deliveries.record(through: 4, at: start)
        deliveries.hold(through: 9)
        #expect(deliveries.sentAt(event: 4) == .distantPast)
        #expect(deliveries.sentAt(event: 9) == .distantPast)
        #expect(deliveries.writes.isEmpty)
        deliveries.record(through: 10, at: start + 1)
        #expect(deliveries.sentAt(event: 10) == start + 1)
    }

    @Test func writesAreForgottenAfterAWhileNotAfterACount() {
        var deliveries = EventDeliveries()
        // Many quick writes (a busy table) are all remembered while they are recent…
        for number in 1...100 {
            deliveries.record(through: number, at: start + Double(number) * 0.01)
        }
        #expect(deliveries.writes.count == 100)
        #expect(deliveries.sentAt(event: 1) == start + 0.01)
        // …and go once they are old enough to make no difference.
        let later = start + EventDeliveries.memory + 0.505
        deliveries.record(through: 101, at: later)
        #expect(deliveries.writes.map(\.through) == Array(51...101))
        #expect(deliveries.heldThrough == 50)
        #expect(deliveries.sentAt(event: 50) == .distantPast)
        #expect(deliveries.sentAt(event: 51) == start + 0.51)
        #expect(deliveries.sentAt(event: 101) == later)
    }

    @Test func theMostWritesKeptIsBounded() {
        var deliveries = EventDeliveries()
        for number in 1...(EventDeliveries.capacity + 10) {
            deliveries.record(through: number, at: start)
        }
        #expect(deliveries.writes.count == EventDeliveries.capacity)
        #expect(deliveries.heldThrough == 10)
        #expect(deliveries.sentAt(event: 10) == .distantPast)
        #expect(deliveries.sentAt(event: 11) == start)
    }
}
