import Foundation

@testable import CardTableStorage
@testable import CardTableWeb

/// A PostgreSQL cluster of a test's own, which it may stop and start again (the shared one of
/// `Tests/Postgres/with-cluster.sh` serves every other test meanwhile): made with Debian's
/// `initdb` in a temporary folder, run as the postgres user, on a free port of 127.0.0.1.
/// Needs what with-cluster.sh needs: root and Debian's postgresql.
final class StoppableCluster: Sendable {
    let folder: URL
    let port: Int
    private let binaries: URL

    /// Runs `body` with a new cluster, started; stops and removes it afterwards.
    static func with<Value>(_ body: (StoppableCluster) async throws -> Value) async throws -> Value {
        let cluster = try await StoppableCluster()
        do {
            try await cluster.start()
            let value = try await body(cluster)
            await cluster.remove()
            return value
        } catch {
            await cluster.remove()
            throw error
        }
    }

    /// The cluster's `postgres` database.
    var address: PostgresAddress { PostgresAddress("postgres://postgres@127.0.0.1:\(port)/postgres")! }

    /// Starts the cluster and waits until it accepts connections.
    func start() async throws {
        try await runAsPostgres(
            "pg_ctl", "-D", data.path, "-l", folder.appending(path: "server.log").path, "-w", "-o",
            "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off", "start")
    }

    /// Stops the cluster as a crash would (`immediate`): every connection drops at once.
    func stop() async throws {
        try await runAsPostgres("pg_ctl", "-D", data.path, "-m", "immediate", "stop")
    }

    /// Freezes the cluster (`SIGSTOP` to the server and every process it started): it goes
    /// silent, as a hung machine or a cut network does, rather than refusing connections.
    func freeze() throws {
        for process in try processes() { kill(process, SIGSTOP) }
    }

    /// Lets a frozen cluster run again (`SIGCONT`, the server's children first).
    func thaw() throws {
        for process in try processes().reversed() { kill(process, SIGCONT) }
    }

    /// The server's process and its children's (from `/proc`), the server first.
    private func processes() throws -> [pid_t] {
        let pidFile = try String(contentsOf: data.appending(path: "postmaster.pid"), encoding: .utf8)
        guard let first = pidFile.split(separator: "\n").first, let server = pid_t(first) else {
            throw Missing()
        }
        var children: [pid_t] = []
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let process = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let afterName = stat.range(of: ") ", options: .backwards)
            else { continue }
            // NB: `pid (name) state ppid …`; the name may hold spaces and parentheses.
            let fields = stat[afterName.upperBound...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == server { children.append(process) }
        }
        return [server] + children
    }

    // MARK: - Private

    private var data: URL { folder.appending(path: "data") }

    private init() async throws {
        let versions = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")
        guard let newest = versions.max(by: { $0.compare($1, options: .numeric) == .orderedAscending }) else {
            throw Missing()
        }
        binaries = URL(filePath: "/usr/lib/postgresql/\(newest)/bin")
        folder = FileManager.default.temporaryDirectory.appending(
            path: "cardtable-cluster-\(UUID().uuidString)")
        port = try Self.freePort()
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        try Self.run("/usr/bin/chown", "postgres:postgres", data.path)
        try await runAsPostgres(
            "initdb", "-D", data.path, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--no-sync")
    }

    private func remove() async {
        try? await stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs a PostgreSQL tool as the postgres user on a thread of its own, so the tests' shared
    /// threads never wait for it.
    private func runAsPostgres(_ tool: String, _ arguments: String...) async throws {
        let command = ["-u", "postgres", "--", binaries.appending(path: tool).path] + arguments
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread.detachNewThread {
                continuation.resume(with: Result { try Self.run("/usr/sbin/runuser", command) })
            }
        }
    }

    private static func run(_ executable: String, _ arguments: String...) throws {
        try run(executable, arguments)
    }

    /// Runs `executable` and waits for it (posix_spawn and waitpid: Foundation's `Process` may
    /// never see `pg_ctl start` end, whose server keeps running).
    private static func run(_ executable: String, _ arguments: [String]) throws {
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else {
            throw Failed(command: [executable] + arguments)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // NB: exited (the low seven bits zero) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw Failed(command: [executable] + arguments)
        }
    }

    /// A port of 127.0.0.1 nobody listens on now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0
                    && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failed(command: ["bind"]) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Missing: Error {}

    struct Failed: Error, CustomStringConvertible {
        let command: [String]
        var description: String { "failed: \(command.joined(separator: " "))" }
    }
}
