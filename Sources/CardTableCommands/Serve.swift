import ArgumentParser

/// `cardtable serve`: runs the web app. The Memorize web app issue builds it.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve the games over HTTP.")

    func run() async throws {
        throw ValidationError("The web server is not built yet; see the README for what runs today.")
    }
}
