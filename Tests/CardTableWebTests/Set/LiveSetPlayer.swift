import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

/// A browser playing Set on a live server over one kept-alive connection: it reads the Set page,
/// posts the forms the page holds, and sends back the player cookie the server set (whose value
/// it treats as opaque).
struct LiveSetPlayer {
    /// The Set page as a browser sees it.
    struct Table {
        /// The form around the cards; each card is one of its buttons.
        let grid: PageForm
        /// The New Game form at the top of the page.
        let newGame: PageForm

        /// The move count the page's forms carry.
        var version: Int? { grid.hiddenValue("version").flatMap { Int($0) } }

        /// The cards on the table, in page order: each card's id and where touching it posts.
        var cards: [(id: Int, action: String)] {
            grid.buttons.compactMap { button in
                guard let id = button["data-set-card"].flatMap({ Int($0) }), let action = button["formaction"]
                else { return nil }
                return (id, action)
            }
        }
    }

    let client: TestClient
    /// The `Cookie` header value: `cardtable_player=…` as the server last set it.
    private(set) var cookie: String?

    init(client: TestClient) {
        self.client = client
    }

    /// `GET /set`.
    /// - Throws: When the page does not answer 200 or lacks its forms.
    mutating func table() async throws -> Table {
        let response = try await client.get("/set", headers: headers)
        keepCookie(from: response)
        try #require(response.status == .ok, "GET /set answered \(response.status)")
        let forms = PageForm.all(in: response.body.map { String(buffer: $0) } ?? "")
        return Table(
            grid: try #require(forms.first { $0.attributes["data-set-grid"] != nil }, "no card grid"),
            newGame: try #require(
                forms.first { $0.attributes["data-set-action"] == "new" }, "no New Game form"))
    }

    /// Posts `form`'s hidden fields to `action` (the form's own action when nil), as a browser does.
    mutating func submit(_ form: PageForm, to action: String? = nil) async throws -> TestClient.Response {
        let target = try #require(action ?? form.attributes["action"], "a form without an action")
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        let response = try await client.post(
            target, headers: headers, body: ByteBuffer(string: form.encodedBody))
        keepCookie(from: response)
        return response
    }

    // MARK: - Private

    private var headers: HTTPFields {
        var headers: HTTPFields = [:]
        headers[.cookie] = cookie
        return headers
    }

    private mutating func keepCookie(from response: TestClient.Response) {
        for value in response.headers[values: .setCookie] where value.hasPrefix("cardtable_player=") {
            cookie = value.split(separator: ";").first.map(String.init)
        }
    }
}
