import CardTableHTTP

extension AppError {
    /// A theme the address names does not exist, was deleted, or is someone else's.
    static let noSuchTheme = AppError.notFound(
        "There is no such theme: it may have been deleted, or the address is mistyped. Choose one from your themes."
    )
}
