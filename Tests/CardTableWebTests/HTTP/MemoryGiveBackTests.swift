import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// When the server gives the memory of closed connections back (Benchmarks/flood/idle-memory.py
/// measures what it gives).
@Suite struct MemoryGiveBackTests {
    /// Whether memory is given back at each look, the connections open being `counts`.
    private func givesBack(_ counts: [Int]) -> [Bool] {
        var watch = MemoryGiveBack.Watch()
        return counts.map { watch.note(open: $0) }
    }

    @Test func memoryIsGivenBackOnceManyConnectionsHaveClosedSinceTheMost() {
        let enough = MemoryGiveBack.closedEnough
        let counts = [10, 5_000, 5_000 - enough + 1, 5_000 - enough, 4_400, 4_000, 3_900, 3_900]
        // Counted again from where it gave back: the same few closing again give nothing back.
        #expect(givesBack(counts) == [false, false, false, true, false, false, true, false])
    }

    @Test func aServerThatNeverHeldManyNeverGivesBack() {
        #expect(givesBack([0, 200, 511, 0, 300, 0]) == Array(repeating: false, count: 6))
    }
}
