/// What a device is called on `/devices`, read from its browser's User-Agent: "Safari on iPhone",
/// "Firefox on Windows". Only the browser and system are read; a User-Agent names nothing more
/// reliably, and a name it cannot read is just "A browser".
///
/// iPadOS Safari says it is a Mac unless asked otherwise, so an iPad may be listed as one.
struct DeviceName: Hashable, Sendable, CustomStringConvertible {
    /// The browser, when one could be read: "Chrome".
    let browser: String?
    /// The system, when one could be read: "Android".
    let system: String?

    /// Reads `userAgent` (nil or empty when the browser sent none).
    init(userAgent: String?) {
        let agent = userAgent ?? ""
        browser = Self.first(of: Self.browsers, in: agent)
        system = Self.first(of: Self.systems, in: agent)
    }

    var description: String {
        switch (browser, system) {
        case (let browser?, let system?): "\(browser) on \(system)"
        case (let browser?, nil): browser
        case (nil, let system?): "A browser on \(system)"
        case (nil, nil): "A browser"
        }
    }

    // MARK: - Private

    /// Browsers by the token that names them, most specific first: Edge, Opera and Samsung
    /// Internet say "Chrome" too, Chrome says "Safari", and iOS browsers have tokens of their own.
    private static let browsers: [(token: String, name: String)] = [
        ("EdgiOS/", "Edge"), ("EdgA/", "Edge"), ("Edg/", "Edge"), ("OPR/", "Opera"), ("OPiOS/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"), ("FxiOS/", "Firefox"), ("Firefox/", "Firefox"),
        ("CriOS/", "Chrome"), ("Chromium/", "Chromium"), ("Chrome/", "Chrome"), ("Safari/", "Safari"),
    ]

    /// Systems by the token that names them, most specific first: Android says "Linux", and
    /// iPhones and iPads say "like Mac OS X".
    private static let systems: [(token: String, name: String)] = [
        ("iPhone", "iPhone"), ("iPad", "iPad"), ("iPod", "iPod"), ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"), ("Macintosh", "Mac"), ("Linux", "Linux"),
    ]

    private static func first(of names: [(token: String, name: String)], in agent: String) -> String? {
        names.first { agent.contains($0.token) }?.name
    }
}
