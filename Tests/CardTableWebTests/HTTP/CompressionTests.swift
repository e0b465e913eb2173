import CompressNIO
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Issue 11: bodies over 1 KB are gzipped when the request accepts it, and say so in `Vary`.
@Suite struct CompressionTests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]

    @Test(arguments: [
        ("/", false), (SetRoute.page.path, false), (MemorizeRoute.game(.random).path, false),
        (ThemesRoute.newTheme.path, false), (SetRoute.page.path, true),
        ("/", true), ("/styles/set-grid/81.css", false),
    ])
    func aGzippedAnswerInflatesToExactlyThePlainOne(path: String, json: Bool) async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            var headers: HTTPFields = [.cookie: browser.cookie]
            if json { headers[.accept] = "application/json" }
            let plain = try await session.client.execute(uri: path, method: .get, headers: headers)
            headers.append(contentsOf: Self.gzip)
            let gzipped = try await session.client.execute(uri: path, method: .get, headers: headers)
            #expect(plain.body.readableBytes > Gzip.minimumBodySize)
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(gzipped.status == plain.status)
            #expect(gzipped.headers[.contentEncoding] == "gzip")
            #expect(gzipped.headers[.contentLength] == "\(gzipped.body.readableBytes)")
            #expect(gzipped.body.readableBytes < plain.body.readableBytes)
            #expect(try Self.inflate(gzipped.body) == plain.body)
            #expect(gzipped.headers[.contentType] == plain.headers[.contentType])
            for answer in [plain, gzipped] {
                #expect(answer.headers.varies(by: .acceptEncoding))
            }
        }
    }

    @Test func pagesVaryByAcceptCookieAndAcceptEncoding() async throws {
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await session.client.execute(
                uri: SetRoute.page.path, method: .get,
                headers: [.cookie: browser.cookie, .acceptEncoding: "gzip"])
            #expect(page.headers[.vary] == "Accept, Cookie, Accept-Encoding")
            #expect(page.headers[.cacheControl] == "no-store")
        }
    }

    @Test func staticFilesAreServedGzippedFromMemory() async throws {
        let assets = try StaticAssets(prefixes: ["app.css": CardGridLayout.sharedStylesheet])
        try await withTestApp { session in
            // NB: the tab's icon is under 1 KB: gzipped once at start-up, it pays anyway.
            for name in ["set.js", "app.css", "set.css", "cardtable.js", "icon.svg"] {
                let asset = try #require(assets.asset(named: name))
                let uri = "/static/\(asset.address)"
                let plain = try await session.client.execute(uri: uri, method: .get)
                let gzipped = try await session.client.execute(uri: uri, method: .get, headers: Self.gzip)
                #expect(plain.headers[.contentEncoding] == nil, "\(name)")
                #expect(plain.body == asset.body, "\(name)")
                #expect(gzipped.headers[.contentEncoding] == "gzip", "\(name)")
                #expect(gzipped.body == asset.gzippedBody, "\(name)")
                #expect(try Self.inflate(gzipped.body) == asset.body, "\(name)")
                #expect(gzipped.headers[.contentLength] == "\(gzipped.body.readableBytes)", "\(name)")
                #expect(plain.headers[.vary] == "Accept-Encoding", "\(name)")
                #expect(gzipped.headers[.vary] == "Accept-Encoding", "\(name)")
                #expect(plain.headers[.eTag] != gzipped.headers[.eTag], "\(name)")
                // Either form's tag revalidates, and a 304 has no body to compress.
                for etag in [plain.headers[.eTag], gzipped.headers[.eTag]] {
                    let again = try await session.client.execute(
                        uri: uri, method: .get, headers: [.ifNoneMatch: etag ?? "", .acceptEncoding: "gzip"])
                    #expect(again.status == .notModified, "\(name)")
                    #expect(again.headers[.contentEncoding] == nil, "\(name)")
                    #expect(again.body.readableBytes == 0, "\(name)")
                }
            }
        }
    }

    @Test(arguments: [
        ("Accept-Encoding", true), ("accept, cookie,  ACCEPT-ENCODING\t", true),
        ("Cookie , Accept-Encoding ", true),
        ("Accept-Encodings", false), ("Accept", false), ("", false), (",,", false),
    ])
    func varyNamesAHeaderInAnyCaseAndSpacing(vary: String, namesAcceptEncoding: Bool) {
        let headers: HTTPFields = [.vary: vary]
        #expect(headers.varies(by: .acceptEncoding) == namesAcceptEncoding)
    }

    @Test func aStaticFileIsGzippedOnlyWhenThatSavesMoreThanItsHeaders() throws {
        let tiny = try StaticAsset(
            name: "tiny.css", bytes: Array("a{color:red}".utf8), contentType: "text/css")
        #expect(tiny.gzippedBody == nil)
        let small = String(repeating: ".card{color:red}\n", count: 30)
        let repetitive = try StaticAsset(name: "small.css", bytes: Array(small.utf8), contentType: "text/css")
        let gzipped = try #require(repetitive.gzippedBody)
        #expect(gzipped.readableBytes + Gzip.encodingHeadersSize < small.utf8.count)
        let sound = try #require(try StaticAssets().asset(named: "found.wav"))
        #expect(sound.contentType == "audio/wav")
        #expect(sound.gzippedBody == nil)
    }

    @Test func smallResponsesAreSentAsTheyAre() async throws {
        try await withTestApp { session in
            for uri in ["/health", "/styles/grid/2.css"] {
                let answer = try await session.client.execute(uri: uri, method: .get, headers: Self.gzip)
                #expect(answer.body.readableBytes <= Gzip.minimumBodySize, "\(uri)")
                #expect(answer.headers[.contentEncoding] == nil, "\(uri)")
                #expect(!answer.headers.varies(by: .acceptEncoding), "\(uri)")
            }
        }
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("deflate, gzip;q=0.5", true), ("*", true), ("br, *;q=0.1", true),
        ("x-gzip", true), (" gzip ; q=1.0 ", true),
        ("identity", false), ("gzip;q=0", false), ("gzip; q=0.000", false), ("*;q=0", false),
        ("deflate, br", false), ("*, gzip;q=0", false), ("", false), ("gzip;q=x", false),
    ])
    func acceptEncodingIsHonoured(header: String, acceptsGzip: Bool) async throws {
        #expect(AcceptEncoding.acceptsGzip([.acceptEncoding: header]) == acceptsGzip)
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            let page = try await session.client.execute(
                uri: SetRoute.page.path, method: .get,
                headers: [.cookie: browser.cookie, .acceptEncoding: header])
            #expect(page.status == .ok)
            #expect((page.headers[.contentEncoding] == "gzip") == acceptsGzip)
            #expect(page.headers.varies(by: .acceptEncoding))
        }
    }

    @Test func noAcceptEncodingMeansNoCompression() async throws {
        #expect(AcceptEncoding.acceptsGzip([:]) == false)
    }

    @Test func headAnswersCarryTheGetsHeadersWithoutABody() async throws {
        let assets = try StaticAssets()
        let script = try #require(assets.address(of: "set.js"))
        try await withTestApp { session in
            let browser = try await session.newPlayer()
            for uri in [SetRoute.page.path, "/", "/static/\(script)", "/static/set.js"] {
                for accepted in ["gzip", "identity"] {
                    let headers: HTTPFields = [.cookie: browser.cookie, .acceptEncoding: accepted]
                    let get = try await session.client.execute(uri: uri, method: .get, headers: headers)
                    let head = try await session.client.execute(uri: uri, method: .head, headers: headers)
                    #expect(head.status == get.status, "\(uri) \(accepted)")
                    #expect(head.body.readableBytes == 0, "\(uri) \(accepted)")
                    for name in [
                        HTTPField.Name.contentEncoding, .contentLength, .contentType, .vary, .eTag,
                        .cacheControl,
                    ] {
                        #expect(head.headers[name] == get.headers[name], "\(uri) \(accepted) \(name)")
                    }
                    #expect(get.headers[.contentLength] == "\(get.body.readableBytes)", "\(uri) \(accepted)")
                }
            }
        }
    }

    @Test func aReusedCompressorGivesEachBodyItsOwnStream() throws {
        let gzip = try Gzip.forResponsesOnThisThread()
        let first = ByteBuffer(string: String(repeating: "first body ", count: 300))
        let second = ByteBuffer(string: String(repeating: "second ", count: 400))
        let compressedFirst = try gzip.compress(first)
        #expect(try Self.inflate(try gzip.compress(second)) == second)
        #expect(try Self.inflate(compressedFirst) == first)
        #expect(try gzip.compress(first) == compressedFirst)
    }

    // MARK: - Helpers

    static func inflate(_ body: ByteBuffer) throws -> ByteBuffer {
        var body = body
        return try body.decompress(with: ZlibAlgorithm.gzip)
    }
}
