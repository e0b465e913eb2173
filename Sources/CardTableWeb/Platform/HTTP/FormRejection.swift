import CardTableHTTP

/// A form the server could not act on, sent back to the player as its page again (what they
/// typed kept, the message beside the field, ``error``'s status) rather than as an error page.
/// Handlers throw it only for browsers; ``ErrorPageMiddleware`` draws it, and a JSON client
/// would get ``error`` as for any other failure.
struct FormRejection: Error {
    let error: AppError
    /// The page with the form and its messages.
    let page: any PageModel
    /// The player's appearance and sound setting, which the page is drawn with outside the
    /// handler.
    var appearance = Appearance.current
    var sound = Sound.current
}
