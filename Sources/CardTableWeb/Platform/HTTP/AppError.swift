import Hummingbird

/// The ways a request can fail that a player should be told about in words.
enum AppError: Error, Equatable {
    /// The page, theme or card does not exist (or is not this player's).
    case notFound(String)
    /// The request was malformed: a missing or unreadable form field.
    case badRequest(String)
    /// The request came from another site.
    case forbidden(String)
    /// The body was larger than ``WebLimits/maximumBodyBytes``.
    case tooLarge

    /// The HTTP status this failure is sent with.
    var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .tooLarge: .contentTooLarge
        }
    }

    /// What the error page says.
    var message: String {
        switch self {
        case .notFound(let message), .badRequest(let message), .forbidden(let message): message
        case .tooLarge: "That request was too large (the limit is \(WebLimits.maximumBodyBytes / 1024) KB)."
        }
    }
}
