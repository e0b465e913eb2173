import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a backup's lines go, each as soon as it is made.
package protocol BackupOutput: Sendable {
    /// Appends `line` (one JSON object, without a line break) and a line break.
    func write(line: Data) throws
}

/// A backup being written to a file: its lines go to a partial file beside it, a buffer at a time,
/// which takes the file's place only once the backup is complete. A backup that fails leaves the
/// file as it was.
final class BackupFileOutput: BackupOutput {
    /// How much is gathered before it is written out.
    static let bufferSize = 1 << 16

    private let file: URL
    private let partial: URL
    private let state: Mutex<(handle: FileHandle, buffer: Data)>

    /// Starts a backup that will replace `file`.
    init(replacing file: URL) throws {
        self.file = file
        partial = file.deletingLastPathComponent().appendingPathComponent(
            ".\(file.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        state = Mutex((try FileHandle(forWritingTo: partial), Data()))
    }

    package func write(line: Data) throws {
        try state.withLock { state in
            state.buffer.append(line)
            state.buffer.append(0x0A)
            if state.buffer.count >= Self.bufferSize {
                try state.handle.write(contentsOf: state.buffer)
                state.buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes out what is left, on disk, and puts the backup in the file's place.
    package func finish() throws {
        try state.withLock { state in
            try state.handle.write(contentsOf: state.buffer)
            state.buffer = Data()
            try state.handle.synchronize()
            try state.handle.close()
        }
        // NB: rename(2) replaces the file in one step, so the file is always a whole backup.
        guard rename(partial.path, file.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }

    /// Removes the partial file, after a backup that failed.
    func discard() {
        state.withLock { state in try? state.handle.close() }
        try? FileManager.default.removeItem(at: partial)
    }
}
