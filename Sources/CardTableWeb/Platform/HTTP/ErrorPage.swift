import CardTableHTTP
import CardTableStorage
import Hummingbird
import Mustache
import TemplateFields

/// What an error page shows: the status and a sentence saying what went wrong.
@TemplateFields
struct ErrorPage: PageModel {
    static let template = "error"

    let status: Int
    let title: String
    let message: String

    init(_ error: any Error) {
        switch error {
        case let error as AppError:
            self.init(status: error.status, message: error.message)
        case is DatabaseUnavailable:
            self.init(status: .serviceUnavailable, message: Self.unavailableMessage)
        case let error as any HTTPResponseError where error.status == .notFound:
            self.init(status: .notFound, message: "There is nothing at this address.")
        case let error as any HTTPResponseError where error.status == .contentTooLarge:
            self.init(status: error.status, message: AppError.tooLarge.message)
        case let error as any HTTPResponseError where error.status.code < 500:
            self.init(status: error.status, message: "That request could not be understood.")
        default:
            self.init(status: .internalServerError, message: "Something went wrong on the server.")
        }
    }

    /// What a player is told while the database cannot be reached.
    static let unavailableMessage = "The games cannot reach their database just now. Try again in a moment."

    /// Seconds a client is asked to wait before trying again after a 503.
    static let retryAfterSeconds = 5

    private init(status: HTTPResponse.Status, message: String) {
        self.status = status.code
        self.title = status.reasonPhrase
        self.message = message
    }
}
