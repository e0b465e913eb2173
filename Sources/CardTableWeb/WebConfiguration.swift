/// Where and how the CardTable web app listens, and where it keeps its data.
public struct WebConfiguration: Sendable {
    public var hostname: String
    public var port: Int
    public var databasePath: String

    public init(hostname: String = "127.0.0.1", port: Int = 8080, databasePath: String) {
        self.hostname = hostname
        self.port = port
        self.databasePath = databasePath
    }
}
