/// Fixed limits that protect the server from oversized or abusive input.
package enum WebLimits {
    /// The largest request body accepted, in bytes. A theme form is far smaller.
    package static let maximumBodyBytes = 64 * 1024
    /// How long the player cookie lasts, in seconds (400 days, the most browsers keep).
    package static let playerCookieMaxAge = 400 * 24 * 60 * 60
}
