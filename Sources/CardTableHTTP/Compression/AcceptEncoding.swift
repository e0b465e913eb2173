import HTTPTypes

/// What a request's `Accept-Encoding` says about gzip.
///
/// `gzip` (or `x-gzip`) with a weight above zero accepts it; so does `*` when gzip is not named.
/// `gzip;q=0`, an `Accept-Encoding` naming only `identity` or other codings, or none at all gets
/// the body as it is.
enum AcceptEncoding {
    /// Whether `headers` accept a gzipped body.
    static func acceptsGzip(_ headers: HTTPFields) -> Bool {
        var wildcard = false
        for value in headers[values: .acceptEncoding] {
            for entry in value.split(separator: ",") {
                let parts = entry.split(separator: ";")
                guard let coding = parts.first?.trimmingWhitespace().lowercased() else { continue }
                let accepted = weight(of: parts.dropFirst()) > 0
                if coding == "gzip" || coding == "x-gzip" {
                    return accepted
                }
                if coding == "*" { wildcard = accepted }
            }
        }
        return wildcard
    }

    // MARK: - Private

    /// The `q` parameter among `parameters` (1 when absent; 0 when unreadable).
    private static func weight(of parameters: ArraySlice<Substring>) -> Double {
        for parameter in parameters {
            let parameter = parameter.trimmingWhitespace()
            guard parameter.count > 2, parameter.first == "q" || parameter.first == "Q",
                parameter.dropFirst().first == "="
            else { continue }
            return Double(parameter.dropFirst(2)) ?? 0
        }
        return 1
    }
}
