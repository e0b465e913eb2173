import Synchronization
import Testing

@testable import CardTableStorage

/// The queue that sends held saves arriving while a batch is out together, as one batch (see
/// ``SaveQueue``), here with saves that stand for themselves and a sender that records batches.
@Suite struct SaveQueueTests {
    /// A save: its name, the statement it is sent as, and the row it saves.
    struct Save: Sendable {
        let name: String
        let statement: String
        let row: String

        init(_ name: String, statement: String = "UPDATE set_game", row: String? = nil) {
            (self.name, self.statement, self.row) = (name, statement, row ?? name)
        }
    }

    /// A batch refused as PostgreSQL refuses a statement.
    struct Refused: Error {}
    /// A batch that got no answer in time.
    struct Silent: Error {}

    /// Sends batches, answering each save its name, and records them; the first waits until the
    /// test lets it go, so that saves sent meanwhile wait for the next batch.
    final class Sender: Sendable {
        private let recorded = Mutex<[[String]]>([])
        private let firstBatch = Gate()
        private let failure: @Sendable ([Save]) -> (any Error)?

        init(failing failure: @escaping @Sendable ([Save]) -> (any Error)? = { _ in nil }) {
            self.failure = failure
        }

        var batches: [[String]] { recorded.withLock { $0 } }

        func send(_ saves: [Save]) async throws -> [String] {
            let first = recorded.withLock { batches in
                batches.append(saves.map(\.name))
                return batches.count == 1
            }
            if first { await firstBatch.wait() }
            if let error = failure(saves) { throw error }
            return saves.map(\.name)
        }

        /// Lets the first batch go.
        func release() { firstBatch.open() }
    }

    static func queue(limit: Int = 8) -> SaveQueue<Save, String> {
        SaveQueue(
            limit: limit,
            shape: { save in
                .init(
                    statement: .init(text: save.statement, valueKinds: []),
                    claims: [SavedRows.Key(table: "set_game", values: [.text(save.row)])])
            },
            failed: { error in
                switch error {
                case is Refused: .sendEachAlone
                case is Silent: .failEveryone
                default: .failEach
                }
            })
    }

    /// Sends `first`, which the sender holds, then each of `waiting` in turn once the one before
    /// waits; lets the first batch go once they all wait, and answers what each send answered.
    static func send(
        _ first: Save, thenWhileItIsOut waiting: [Save], through queue: SaveQueue<Save, String>,
        by sender: Sender
    ) async throws -> [String: Result<String, any Error>] {
        let leader = Task { try await queue.send(first, by: sender.send) }
        try await waitUntil("the first batch is out") { !sender.batches.isEmpty }
        var sends = [(first.name, leader)]
        for (index, save) in waiting.enumerated() {
            sends.append((save.name, Task { try await queue.send(save, by: sender.send) }))
            try await waitUntil("\(save.name) waits") { queue.waitingCount > index }
        }
        sender.release()
        var answers: [String: Result<String, any Error>] = [:]
        for (name, send) in sends { answers[name] = await send.result }
        return answers
    }

    /// Waits up to 10 s for `condition`.
    static func waitUntil(_ what: Comment, _ condition: () -> Bool) async throws {
        for _ in 0..<2_000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("not within 10 s: \(what)")
        throw CancellationError()
    }

    @Test func savesThatWaitGoTogetherEachOfItsOwnRow() async throws {
        let queue = Self.queue()
        let sender = Sender()
        let answers = try await Self.send(
            Save("ana"),
            thenWhileItIsOut: [Save("bo"), Save("cy"), Save("bo again", row: "bo"), Save("dee")],
            through: queue, by: sender)
        #expect(sender.batches == [["ana"], ["bo", "cy", "dee"], ["bo again"]])
        for (name, answer) in answers { #expect(try answer.get() == name) }
        #expect(queue.waitingCount == 0)
    }

    /// A save of another statement does not wait for a batch of the first: it leads its own.
    @Test func aSaveOfAnotherStatementGoesOutMeanwhile() async throws {
        let queue = Self.queue()
        let sender = Sender()
        let first = Task { try await queue.send(Save("ana"), by: sender.send) }
        try await Self.waitUntil("the first batch is out") { !sender.batches.isEmpty }
        #expect(try await queue.send(Save("room", statement: "UPDATE room"), by: sender.send) == "room")
        sender.release()
        #expect(try await first.value == "ana")
        #expect(sender.batches == [["ana"], ["room"]])
    }

    @Test func aBatchTakesAtMostItsLimit() async throws {
        let queue = Self.queue(limit: 2)
        let sender = Sender()
        let answers = try await Self.send(
            Save("ana"), thenWhileItIsOut: [Save("bo"), Save("cy"), Save("dee")], through: queue, by: sender)
        #expect(sender.batches == [["ana"], ["bo", "cy"], ["dee"]])
        for (name, answer) in answers { #expect(try answer.get() == name) }
    }

    /// A batch PostgreSQL refused made nothing: each of its saves goes out again alone, and only
    /// a save refused alone fails.
    @Test func aRefusedBatchSendsEachSaveAlone() async throws {
        let queue = Self.queue()
        let sender = Sender { saves in saves.count > 1 || saves[0].name == "cy" ? Refused() : nil }
        let answers = try await Self.send(
            Save("ana"), thenWhileItIsOut: [Save("bo"), Save("cy"), Save("dee")], through: queue, by: sender)
        #expect(sender.batches.first == ["ana"])
        #expect(sender.batches.dropFirst().first == ["bo", "cy", "dee"])
        #expect(Set(sender.batches.dropFirst(2)) == [["bo"], ["cy"], ["dee"]])
        #expect(sender.batches.count == 5)
        for name in ["ana", "bo", "dee"] { #expect(try answers[name]?.get() == name) }
        #expect(throws: Refused.self) { try answers["cy"]?.get() }
    }

    /// A batch that could have no connection fails every save waiting, rather than have each
    /// wait as long again; the queue then sends the next save at once.
    @Test func noConnectionFailsEverySaveWaiting() async throws {
        let queue = Self.queue()
        let sender = Sender { _ in Silent() }
        let answers = try await Self.send(
            Save("ana"), thenWhileItIsOut: [Save("bo"), Save("bo again", row: "bo")], through: queue,
            by: sender)
        #expect(sender.batches == [["ana"]])
        for name in ["ana", "bo", "bo again"] {
            #expect(throws: Silent.self) { try answers[name]?.get() }
        }
        let working = Sender()
        working.release()
        #expect(try await queue.send(Save("cy"), by: working.send) == "cy")
        #expect(working.batches == [["cy"]])
    }

    /// Another failure of a batch fails the saves in it, not those waiting for the next.
    @Test func aFailedBatchFailsOnlyItsOwnSaves() async throws {
        struct Broken: Error {}
        let queue = Self.queue()
        let sender = Sender { saves in saves.contains { $0.name == "bo" } ? Broken() : nil }
        let answers = try await Self.send(
            Save("ana"), thenWhileItIsOut: [Save("bo"), Save("cy"), Save("cy again", row: "cy")],
            through: queue, by: sender)
        #expect(sender.batches == [["ana"], ["bo", "cy"], ["cy again"]])
        for name in ["bo", "cy"] { #expect(throws: Broken.self) { try answers[name]?.get() } }
        for name in ["ana", "cy again"] { #expect(try answers[name]?.get() == name) }
    }

    /// How PostgreSQL's batches take their failures (the refusals PostgreSQL itself sends are
    /// checked against a live database in ``SavesSentTogetherTests``).
    @Test func aBatchsFailureIsTakenAsWhatItSaysOfTheSaves() {
        let failed = PostgresDatabase.failedBatch
        #expect(failed(CancellationError()) == .sendEachAlone)
        #expect(failed(DatabaseUnavailable(underlying: LeaseDeadline.NoConnectionInTime())) == .failEveryone)
        #expect(failed(DatabaseUnavailable(underlying: CircuitBreaker.Open())) == .failEveryone)
        // Unanswered or cut off: the batch may have been made, and is not sent again.
        #expect(
            failed(DatabaseUnavailable(underlying: StatementDeadlinePassed(deadline: .seconds(5))))
                == .failEach)
        #expect(failed(DatabaseUnavailable(underlying: PostgresConnectionClosed())) == .failEach)
    }
}
