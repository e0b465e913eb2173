import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `cardtable` executable, running as a child process on a free port with its own
/// database; what it prints goes to a log file (beside the database file, for SQLite).
final class ServerProcess {
    /// How a child process ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killedBy(Int32)
    }

    let port: Int
    private let process: Process
    private let logPath: String

    /// Starts `cardtable serve` on 127.0.0.1 with the database at `databasePath`, and waits until
    /// it answers `GET /health`.
    /// - Throws: When the executable was not built, or the server does not come up within
    ///   `timeLimit`.
    convenience init(databasePath: String, timeLimit: Duration = .seconds(30)) async throws {
        try await self.init(
            options: ["--database", databasePath],
            logFolder: URL(fileURLWithPath: databasePath).deletingLastPathComponent(), timeLimit: timeLimit)
    }

    /// Starts `cardtable serve` on 127.0.0.1 with `options` (`--database` and any others), logging
    /// to `server.log` in `logFolder`, and waits until it answers `GET /health`.
    init(options: [String], logFolder folder: URL, timeLimit: Duration = .seconds(30)) async throws {
        let executable = Self.executableURL
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "The cardtable executable is not at \(executable.path); `swift build` (or `swift test`) builds it."
        )
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        logPath = folder.appendingPathComponent("server.log").path
        try #require(
            FileManager.default.createFile(atPath: logPath, contents: nil), "cannot create \(logPath)")
        let log = try #require(FileHandle(forWritingAtPath: logPath))
        process = Process()
        process.executableURL = executable
        // NB: no drain after SIGTERM unless a test asks for one, so stopping is quick.
        let drain = options.contains("--drain-seconds") ? [] : ["--drain-seconds", "0"]
        process.arguments = ["serve", "--hostname", "127.0.0.1", "--port", "0"] + drain + options
        // NB: a CARDTABLE_* variable in the test's environment (a test clock rate) must not leak in.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CARDTABLE_") }
        process.standardOutput = log
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try log.close()
        do {
            port = try await Self.waitForPort(in: logPath, of: process, timeLimit: timeLimit)
            try await Self.waitForHealth(port: port)
        } catch {
            process.terminate()
            throw error
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Everything the server has printed so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The last 20 lines the server printed, for failure messages.
    var logTail: String { log.split(separator: "\n").suffix(20).joined(separator: "\n") }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`) to the server.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the server to end, looking every 20 ms.
    /// - Returns: How it ended, or nil when it is still running after `timeLimit`.
    func ending(within timeLimit: Duration) async -> Ending? {
        let end = ContinuousClock.now + timeLimit
        while process.isRunning, ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(20))
        }
        guard !process.isRunning else { return nil }
        return switch process.terminationReason {
        case .exit: .exited(process.terminationStatus)
        case .uncaughtSignal: .killedBy(process.terminationStatus)
        @unknown default: .killedBy(process.terminationStatus)
        }
    }

    // MARK: - Private

    /// The executable SwiftPM built beside the test bundle (both live in `.build/<configuration>`).
    private static var executableURL: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("cardtable")
    }

    /// Reads the port from Hummingbird's "listening on 127.0.0.1:<port>" line.
    private static func waitForPort(in logPath: String, of process: Process, timeLimit: Duration)
        async throws -> Int
    {
        let end = ContinuousClock.now + timeLimit
        while ContinuousClock.now < end {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let match = log.firstMatch(of: #/listening on [^\s]*:(\d+)/#), let port = Int(match.1) {
                return port
            }
            try #require(process.isRunning, "cardtable stopped before it was listening:\n\(log)")
            try await Task.sleep(for: .milliseconds(50))
        }
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        Issue.record("cardtable did not start listening within \(timeLimit):\n\(log)")
        throw CancellationError()
    }

    private static func waitForHealth(port: Int) async throws {
        try await TestClient.withClient(
            host: "127.0.0.1", port: port, configuration: .init(timeout: .seconds(5))
        ) { client in
            let response = try await client.get("/health")
            try #require(response.status == .ok, "GET /health answered \(response.status)")
        }
    }
}
