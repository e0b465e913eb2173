import Hummingbird

extension HTTPResponse.Status {
    /// The status a request that failed with `error` is answered with.
    init(answering error: any Error) {
        self =
            (error as? any HTTPResponseError)?.status ?? (error as? AppError)?.status ?? .internalServerError
    }
}
