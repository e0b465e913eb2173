import CardTableBasics
import CardTableStorage
import Hummingbird

/// What `GET /ready` answers: 200 `ready` when the database answers a trivial query and its
/// migrations are current, 503 with the reason otherwise, and 503 once the server drains (see
/// ``ShutdownDrain``). `GET /health` stays the liveness check: it answers while the process runs.
struct ReadinessCheck: Sendable {
    let database: any CardTableDatabase
    /// Whether the schema is current: SQLite migrates as it opens, PostgreSQL as the app starts.
    let migrations: DatabaseReadiness
    let drain: ShutdownDrain

    /// Why the server should not be sent new requests, if it should not.
    enum Refusal: String {
        case draining = "draining: the server is stopping"
        case migrating = "not ready: the database's migrations are not done"
        case unreachable = "not ready: the database does not answer"
    }

    /// Why the server should not take new requests now, or nil when it should.
    func refusal() async -> Refusal? {
        if drain.hasBegun { return .draining }
        guard migrations.isReady else { return .migrating }
        do {
            _ = try await database.read { try $0.rows("SELECT 1 AS one") { try $0("one") as Int } }
        } catch {
            return .unreachable
        }
        return drain.hasBegun ? .draining : nil
    }

    func response() async -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        guard let refusal = await refusal() else {
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: "ready")))
        }
        return Response(
            status: .serviceUnavailable, headers: headers,
            body: .init(byteBuffer: ByteBuffer(string: refusal.rawValue)))
    }
}
