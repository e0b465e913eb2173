import Synchronization

/// Sends the held saves of moves run from memory (see ``PostgresDatabase/movedFromMemory(_:)``)
/// one batch at a time: saves that arrive while a batch is out wait, and the next batch takes
/// them together, as SQLite's one writer takes the moves waiting for it. Each batch goes out as
/// one statement and one commit (``PostgresDatabase/sendTogether(_:)``), so a busy instance spends
/// one lease and one round trip on several moves.
///
/// A batch holds at most ``limit`` saves, all of the same statement (so a batch's statement is
/// one of few, and is prepared like any other) and no two of the same row (the second would
/// find the row as the first found it, in the same snapshot). Whoever's save leads a batch sends
/// it; then the first save still waiting leads the next.
final class SaveQueue<Save: Sendable, Answer: Sendable>: Sendable {
    /// How a batch that failed leaves the saves it took.
    enum FailedBatch {
        /// Nothing was made (PostgreSQL refused the statement, or its sender went away): each
        /// save goes out again alone, where only its own refusal fails it.
        case sendEachAlone
        /// Each save in it fails with the batch's error.
        case failEach
        /// The database did not answer in time: the saves in it fail, and so does every save
        /// waiting, which would wait a deadline more for its own batch.
        case failEveryone
    }

    /// How a save is told apart: the statement it is sent as, and the row it saves.
    struct Shape: Sendable, Equatable {
        let statement: PreparedStatements.Statement
        let row: SavedRows.Key
    }

    /// The most saves a batch takes.
    let limit: Int
    private let shape: @Sendable (Save) -> Shape
    private let failed: @Sendable (any Error) -> FailedBatch
    private let state = Mutex(State())

    private struct State {
        var sending = false
        var waiting: [Waiting] = []
    }

    private struct Waiting {
        let save: Save
        let shape: Shape
        let turn: CheckedContinuation<Turn, Never>
    }

    /// What a waiting save is told when its wait ends.
    private enum Turn {
        case sent(Result<Answer, any Error>)
        case sendAlone
        case lead
    }

    /// - Parameters:
    ///   - shape: A save's statement and row.
    ///   - failed: What a batch's failure does to the saves it took.
    init(
        limit: Int, shape: @escaping @Sendable (Save) -> Shape,
        failed: @escaping @Sendable (any Error) -> FailedBatch
    ) {
        (self.limit, self.shape, self.failed) = (limit, shape, failed)
    }

    /// Sends `save`, in a batch with others or alone, and answers its answer.
    /// - Parameter sendTogether: Sends saves as one statement and answers each one's answer, in
    ///   order: how this save, alone or leading a batch, goes out.
    /// - Throws: The error of the batch it went out in (see ``FailedBatch``), or of its own
    ///   statement.
    func send(
        _ save: Save, by sendTogether: @Sendable ([Save]) async throws -> [Answer]
    ) async throws -> Answer {
        let leads = state.withLock { state in
            guard !state.sending else { return false }
            state.sending = true
            return true
        }
        if !leads {
            // NB: the save's shape is worked out only when it waits: a save sent at once needs none.
            let shape = shape(save)
            let turn = await withCheckedContinuation { turn in
                let leadsNow = state.withLock { state in
                    guard !state.sending else {
                        state.waiting.append(Waiting(save: save, shape: shape, turn: turn))
                        return false
                    }
                    state.sending = true
                    return true
                }
                if leadsNow { turn.resume(returning: .lead) }
            }
            switch turn {
            case .sent(let answer): return try answer.get()
            case .sendAlone: return try await sendTogether([save])[0]
            case .lead: break
            }
        }
        return try await lead(save, by: sendTogether)
    }

    /// Sends `save` with the saves waiting that may go with it, tells them how it went, and hands
    /// the next batch to the first save still waiting.
    private func lead(
        _ save: Save, by sendTogether: @Sendable ([Save]) async throws -> [Answer]
    ) async throws -> Answer {
        let members = takeMembers(for: save)
        let outcome: Result<[Answer], any Error>
        do {
            let answers = try await sendTogether([save] + members.map(\.save))
            guard answers.count == members.count + 1 else { throw AnswersMissing() }
            outcome = .success(answers)
        } catch {
            outcome = .failure(error)
        }
        let failure: FailedBatch? =
            switch outcome {
            case .success: nil
            case .failure(let error): failed(error)
            }
        let (next, leftBehind) = state.withLock { state -> (Waiting?, [Waiting]) in
            if failure == .failEveryone {
                defer { state.waiting.removeAll() }
                state.sending = false
                return (nil, state.waiting)
            }
            guard !state.waiting.isEmpty else {
                state.sending = false
                return (nil, [])
            }
            return (state.waiting.removeFirst(), [])
        }
        switch outcome {
        case .success(let answers):
            for (member, answer) in zip(members, answers.dropFirst()) {
                member.turn.resume(returning: .sent(.success(answer)))
            }
        case .failure(let error):
            let turn: Turn = failure == .sendEachAlone ? .sendAlone : .sent(.failure(error))
            for member in members + leftBehind { member.turn.resume(returning: turn) }
        }
        next?.turn.resume(returning: .lead)
        switch outcome {
        case .success(let answers):
            return answers[0]
        case .failure(let error):
            if failure == .sendEachAlone, !members.isEmpty, !(error is CancellationError) {
                return try await sendTogether([save])[0]
            }
            throw error
        }
    }

    /// How many saves wait for a batch now.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Takes out of the waiting saves those that go in `save`'s batch: of its statement, each
    /// of a row of its own, first come first taken.
    private func takeMembers(for save: Save) -> [Waiting] {
        guard state.withLock({ !$0.waiting.isEmpty }) else { return [] }
        let leader = shape(save)
        return state.withLock { state in
            var rows = [leader.row]
            var taken: [Waiting] = []
            state.waiting.removeAll { waiting in
                guard taken.count + 1 < limit, waiting.shape.statement == leader.statement,
                    !rows.contains(waiting.shape.row)
                else { return false }
                rows.append(waiting.shape.row)
                taken.append(waiting)
                return true
            }
            return taken
        }
    }

    /// A batch's sender answered for fewer saves than it was given.
    private struct AnswersMissing: Error {}
}
