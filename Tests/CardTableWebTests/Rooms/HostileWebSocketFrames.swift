import Testing

/// WebSocket frames no browser sends, each with the close code RFC 6455 has the server answer
/// them with. Each carries a request to join the room as ``intruder``, which must not be acted on.
///
/// One more hostile client is not a list of frames: one that sends bad messages and never reads
/// their answers (``RawWebSocket/flood(_:atMost:until:)``, see `RoomSocketSlowReaderTests`).
enum HostileWebSocketFrames {
    /// A case of the corpus: frames sent in turn, and the close code they call for.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let frames: [[UInt8]]
        let closeCode: UInt16

        var testDescription: String { name }
    }

    /// The name each case asks to join as.
    static let intruder = "Mallory"

    static let cases: [Case] = [
        Case(
            name: "an unmasked frame (1002)",
            frames: [RawWebSocket.frame(.text, Array(join.utf8), masked: false)], closeCode: 1002),
        Case(
            name: "invalid UTF-8 in a text frame (1007)",
            frames: [
                RawWebSocket.frame(
                    .text, Array(#"{"type": "join", "name": "\#(intruder)"#.utf8) + [0xFF, 0xFE, 0x22, 0x7D])
            ],
            closeCode: 1007),
        Case(
            name: "a message over 64 KiB in fragments of 40 KB (1009)",
            frames: [
                RawWebSocket.frame(.text, Array(join.dropLast().utf8) + spaces, fin: false),
                RawWebSocket.frame(.continuation, spaces + Array("}".utf8)),
            ],
            closeCode: 1009),
        Case(
            name: "a continuation of no message (1002)",
            frames: [RawWebSocket.frame(.continuation, Array(join.utf8))], closeCode: 1002),
    ]

    private static let join = #"{"type": "join", "name": "\#(intruder)"}"#
    private static let spaces = [UInt8](repeating: 0x20, count: 40_000)
}
