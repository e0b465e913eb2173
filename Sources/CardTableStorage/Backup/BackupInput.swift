import Foundation
import Synchronization

/// Where a restore's lines come from, one at a time.
package protocol BackupInput: Sendable {
    /// The next line, without its line break; nil after the last.
    func nextLine() throws -> Data?
}

/// A backup file read a chunk at a time, line by line: a restore holds one chunk and the line
/// it is on, however big the file.
final class BackupFileInput: BackupInput {
    /// How much is read from the file at a time.
    static let chunkSize = 1 << 16

    private struct State {
        let handle: FileHandle
        /// What was read and not yet handed out starts at `start`.
        var buffer: [UInt8] = []
        var start = 0
        var isAtEnd = false
    }

    private let state: Mutex<State>

    init(_ file: URL) throws {
        state = Mutex(State(handle: try FileHandle(forReadingFrom: file)))
    }

    func nextLine() throws -> Data? {
        try state.withLock { state in
            while true {
                if let end = state.buffer[state.start...].firstIndex(of: 0x0A) {
                    defer { state.start = end + 1 }
                    return Data(state.buffer[state.start..<end])
                }
                if state.isAtEnd {
                    guard state.start < state.buffer.count else { return nil }
                    defer { state.start = state.buffer.count }
                    return Data(state.buffer[state.start...])
                }
                state.buffer.removeFirst(state.start)
                state.start = 0
                if let chunk = try state.handle.read(upToCount: Self.chunkSize), !chunk.isEmpty {
                    state.buffer.append(contentsOf: chunk)
                } else {
                    state.isAtEnd = true
                }
            }
        }
    }
}
