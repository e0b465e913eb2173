import Foundation

/// Runs `body` with the path of a database file in a new temporary folder, and deletes the folder
/// afterwards.
func withTemporaryDatabase<Value>(_ body: (_ path: String) async throws -> Value) async throws -> Value {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cardtable-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder.appendingPathComponent("cardtable.sqlite").path)
}
