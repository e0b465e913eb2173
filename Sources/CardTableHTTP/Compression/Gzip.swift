import CompressNIO
import NIOCore
import NIOPosix

/// Gzip for response bodies: which bodies are worth compressing, and a reusable compressor.
final class Gzip {
    /// Bodies of at most this many bytes are sent as they are: gzip's header and the extra
    /// work would save little or nothing.
    static let minimumBodySize = 1024

    /// About what saying a body is gzipped costs: `Content-Encoding: gzip` and
    /// `Vary: Accept-Encoding`, with their line ends.
    static let encodingHeadersSize = 50

    /// The level static files are compressed at, once at start-up.
    static let bestLevel: Int32 = 9

    /// The level pages, JSON and error pages are compressed at, per response.
    ///
    /// NB: measured on the Set page (10.9 KB of HTML), a reused compressor: level 1 gave 2,388 B
    /// in 78 µs, 3 gave 2,298 B in 81 µs, 4 gave 2,186 B in 120 µs, 6 gave 2,113 B in 138 µs
    /// (levels 1–3 skip lazy matching). Level 3 is as fast as 1 and 4 % smaller.
    static let responseLevel: Int32 = 3

    /// Whether a body of `contentType` is text that gzip shrinks (images such as PNG are
    /// already compressed).
    static func compresses(contentType: String?) -> Bool {
        guard let contentType else { return false }
        return contentType.hasPrefix("text/") || contentType.hasPrefix("application/json")
            || contentType.hasPrefix("image/svg+xml") || contentType.hasPrefix("application/manifest+json")
            || contentType.hasPrefix("application/yaml")
    }

    /// A compressor at `level` (1 fastest … 9 smallest).
    init(level: Int32) throws {
        zlib = try ZlibCompressor(algorithm: .gzip, configuration: .init(compressionLevel: level))
    }

    /// `body` gzipped, in a buffer of exactly its size.
    func compress(_ body: ByteBuffer) throws -> ByteBuffer {
        var input = body
        try zlib.reset()
        scratch.clear(minimumCapacity: zlib.maxSize(from: input))
        try zlib.deflate(from: &input, to: &scratch, flush: .finish)
        return ByteBuffer(bytes: scratch.readableBytesView)
    }

    /// The calling thread's compressor at ``responseLevel``, made on its first use there.
    ///
    /// A compressor holds some 270 KB of zlib state, so each thread makes one and then only resets
    /// it between bodies. Use it without suspending in between.
    static func forResponsesOnThisThread() throws -> Gzip {
        if let gzip = perThread.currentValue { return gzip }
        let gzip = try Gzip(level: responseLevel)
        perThread.currentValue = gzip
        return gzip
    }

    // MARK: - Private

    private let zlib: ZlibCompressor
    /// The compressor's output, reused: each body is copied out at its exact size.
    private var scratch = ByteBuffer()

    // NB: each thread sees only its own value, and a `Gzip` taken from it is used between two
    // suspension points, so it never leaves its thread.
    nonisolated(unsafe) private static let perThread = ThreadSpecificVariable<Gzip>()
}
