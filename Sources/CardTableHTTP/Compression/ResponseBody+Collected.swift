import HTTPTypes
import Hummingbird

extension ResponseBody {
    /// The whole body in one buffer (a body made from one buffer gives that buffer back, uncopied).
    func collected() async throws -> ByteBuffer {
        let collector = Collector()
        try await write(collector)
        return collector.body ?? ByteBuffer()
    }

    /// A writer that keeps what is written to it.
    private final class Collector: ResponseBodyWriter {
        var body: ByteBuffer?

        func write(_ buffer: ByteBuffer) async throws {
            if body == nil {
                body = buffer
            } else {
                body?.writeImmutableBuffer(buffer)
            }
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
