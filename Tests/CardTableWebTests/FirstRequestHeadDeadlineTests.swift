import Testing

@testable import CardTableWeb

/// The blank line that ends a request head, found in raw bytes.
@Suite struct FirstRequestHeadDeadlineTests {
    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\nHost: a\n\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\n\r", false),
        ("\r\n\r\n", true),
        ("", false),
    ])
    func aHeadEndsWithABlankLine(bytes: String, ends: Bool) {
        #expect(FirstRequestHeadDeadline.endsHead(Array(bytes.utf8)) == ends)
    }
}
