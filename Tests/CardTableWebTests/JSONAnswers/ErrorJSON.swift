/// An error answer: `{"error": {"status": 404, "title": "Not Found", "message": "…"}}`.
struct ErrorJSON: Decodable {
    struct Body: Decodable {
        let status: Int
        let message: String
    }

    let error: Body
}
