import CardTableBasics
import CardTableHTTP
import Hummingbird

extension PlayerRequestContext {
    /// The player the request belongs to (``PlayerMiddleware`` always sets it on pages).
    func requirePlayer() throws -> PlayerID {
        guard let playerID else {
            throw HTTPError(.internalServerError, message: "No player for this request")
        }
        return playerID
    }

    /// The browser the request came from (``PlayerMiddleware`` always sets it on pages).
    func requireDevice() throws -> DeviceID {
        guard let deviceID else {
            throw HTTPError(.internalServerError, message: "No device for this request")
        }
        return deviceID
    }
}

extension RequestContext {
    /// A path parameter read by `parse`, or 404 when it is missing or malformed.
    func pathParameter<Value>(_ name: String, _ parse: (String) -> Value?, mustBe expected: String) throws
        -> Value
    {
        guard let text = parameters.get(name), let value = parse(text) else {
            throw AppError.notFound("There is nothing at this address: its \(name) must be \(expected).")
        }
        return value
    }
}
