import CardTableHTTP
import Foundation
import Hummingbird

/// The service worker, served from the top of the site so it looks after every page: it keeps
/// the fingerprinted static files (whose names change with their content, so a cached one is
/// never stale), lets every page come from the server, and shows the offline page when the
/// network is gone.
///
/// Its script is `service-worker.js` with this deploy's version and the files to keep from the
/// start filled in; a deploy that changes any static file changes the version, which makes
/// browsers install the new worker and drop the old cache.
struct ServiceWorker: Sendable {
    /// The script's file among the resources; not served under `/static/`.
    static let sourceName = "service-worker.js"
    /// The files kept at install, by name: what the offline page needs.
    static let precachedNames = [
        "app.css", "home-screen.js", "icon.svg", "icon-180.png", "icon-192.png", "app.webmanifest",
    ]

    /// The cache's version: a fingerprint of every static file's address, of the offline page
    /// and of the script.
    let version: String
    let script: ByteBuffer

    /// The worker for `assets`, keeping `offlinePage` (the page as the server draws it).
    init(assets: StaticAssets, offlinePage: String) throws {
        let source = try String(
            contentsOf: WebResources.folder().appending(path: Self.sourceName), encoding: .utf8)
        let precached =
            Self.precachedNames.compactMap { assets.address(of: $0).map { "/static/" + $0 } }
            + [PlatformRoute.offline.path]
        version = StaticAssets.fingerprint(
            Array((assets.addresses.joined(separator: "\n") + offlinePage + source).utf8))
        let list = "[" + precached.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
        script = ByteBuffer(
            string:
                source
                .replacingOccurrences(of: "\"{{version}}\"", with: "\"\(version)\"")
                .replacingOccurrences(of: "[/* {{precached}} */]", with: list))
    }

    /// The script, asked about again on every visit (`no-cache`) so an update is found at once.
    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/javascript; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: script))
    }
}
