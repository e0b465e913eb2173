import Synchronization

/// Sends the held saves of moves run from memory (see ``PostgresDatabase/movedFromMemory(_:)``)
/// one batch at a time per statement: a save that arrives while a batch of its statement is out
/// waits, and the next batch of that statement takes the saves waiting together, as SQLite's one
/// writer takes the moves waiting for it. Each batch goes out as one statement and one commit
/// (``PostgresDatabase/sendTogether(_:)``), so a busy instance spends one lease and one round
/// trip on several moves. Saves of other statements go out meanwhile, each in its own batches.
///
/// A batch holds at most ``limit`` saves, all of one statement (so a batch's statement is one of
/// few, and is prepared like any other), and none that claims what another in it claims (the
/// same row, which the second would find as the first found it, or the same player). Whoever's
/// save leads a batch sends it; then the first save still waiting leads the next.
final class SaveQueue<Save: Sendable, Answer: Sendable>: Sendable {
    /// How a batch that failed leaves the saves it took.
    enum FailedBatch {
        /// Nothing was made (PostgreSQL refused or cancelled the statement, or the lease was
        /// given up): each save goes out again alone, where only its own refusal fails it.
        case sendEachAlone
        /// Each save in it fails with the batch's error.
        case failEach
        /// No connection could be had: the saves in it fail, and so does every save waiting for
        /// the next batch of its statement, which would wait as long again for its own.
        case failEveryone
    }

    /// How a save is told apart: the statement it is sent as, and what no other save in its batch
    /// may claim too.
    struct Shape: Sendable {
        let statement: PreparedStatements.Statement
        let claims: [SavedRows.Key]
    }

    /// The most saves a batch takes.
    let limit: Int
    private let shape: @Sendable (Save) -> Shape
    private let failed: @Sendable (any Error) -> FailedBatch
    /// For each statement with a batch out, the saves waiting for the next, first come first.
    private let lines = Mutex<[PreparedStatements.Statement: [Waiting]]>([:])

    private struct Waiting {
        let save: Save
        let claims: [SavedRows.Key]
        let turn: CheckedContinuation<Turn, Never>
    }

    /// What a waiting save is told when its wait ends.
    private enum Turn {
        case sent(Result<Answer, any Error>)
        case sendAlone
        case lead
    }

    /// - Parameters:
    ///   - shape: A save's statement and claims.
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
        let shape = shape(save)
        let statement = shape.statement
        let leads = lines.withLock { lines in
            guard lines[statement] == nil else { return false }
            lines[statement] = []
            return true
        }
        if !leads {
            let turn = await withCheckedContinuation { turn in
                let leadsNow = lines.withLock { lines in
                    guard lines[statement] == nil else {
                        lines[statement]?.append(Waiting(save: save, claims: shape.claims, turn: turn))
                        return false
                    }
                    lines[statement] = []
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
        return try await lead(save, shape, by: sendTogether)
    }

    /// Sends `save` with the saves waiting that may go with it, tells them how it went, and hands
    /// the next batch of its statement to the first save still waiting.
    private func lead(
        _ save: Save, _ shape: Shape, by sendTogether: @Sendable ([Save]) async throws -> [Answer]
    ) async throws -> Answer {
        let members = takeMembers(for: shape)
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
        let (next, leftBehind) = handOn(shape.statement, failingEveryone: failure == .failEveryone)
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

    /// Takes out of the saves waiting for `leader`'s statement those that go in its batch: each
    /// claiming nothing another in it claims, first come first taken.
    private func takeMembers(for leader: Shape) -> [Waiting] {
        lines.withLock { lines in
            guard var waiting = lines[leader.statement], !waiting.isEmpty else { return [] }
            var claimed = Set(leader.claims)
            var taken: [Waiting] = []
            waiting.removeAll { candidate in
                guard taken.count + 1 < limit, claimed.isDisjoint(with: candidate.claims) else {
                    return false
                }
                claimed.formUnion(candidate.claims)
                taken.append(candidate)
                return true
            }
            lines[leader.statement] = waiting
            return taken
        }
    }

    /// Once a batch of `statement` is answered: the save to lead its next batch, if any waits;
    /// every save waiting, when `failingEveryone`. With no next, no batch of it is out.
    private func handOn(
        _ statement: PreparedStatements.Statement, failingEveryone: Bool
    ) -> (next: Waiting?, leftBehind: [Waiting]) {
        lines.withLock { lines in
            let waiting = lines[statement] ?? []
            if failingEveryone || waiting.isEmpty {
                lines[statement] = nil
                return (nil, failingEveryone ? waiting : [])
            }
            lines[statement] = Array(waiting.dropFirst())
            return (waiting[0], [])
        }
    }

    /// How many saves wait for a batch now.
    var waitingCount: Int { lines.withLock { $0.values.reduce(0) { $0 + $1.count } } }

    /// A batch's sender answered for fewer saves than it was given.
    private struct AnswersMissing: Error {}
}
