import Foundation
import Hummingbird

/// The stylesheets, scripts and icons in the features' `Resources` folders, read once at start-up
/// and served from memory under `/static/`.
struct StaticAssets: Sendable {
    /// One served file.
    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
    }

    private let assets: [String: Asset]

    /// Reads every served file: the resources with a ``contentTypes`` extension.
    /// - Parameter prefixes: Text served before a file's own, by file name (CSS the server
    ///   generates from its constants, such as the card ratio).
    init(prefixes: [String: String] = [:]) throws {
        var assets: [String: Asset] = [:]
        for url in try WebResources.files(withExtensions: Set(Self.contentTypes.keys)) {
            let name = url.lastPathComponent
            let data = Data((prefixes[name] ?? "").utf8) + (try Data(contentsOf: url))
            assets[name] = Asset(
                body: ByteBuffer(bytes: data), contentType: Self.contentTypes[url.pathExtension] ?? "",
                etag: "\"\(Self.fingerprint(data))\"")
        }
        self.assets = assets
    }

    /// Answers a request for `name`: the file, 304 when the browser's copy is current, or 404.
    func response(for name: String, request: Request) throws -> Response {
        guard let asset = assets[name] else { throw AppError.notFound("There is no file called \(name).") }
        var headers = HTTPFields()
        headers[.eTag] = asset.etag
        headers[.cacheControl] = "no-cache"
        if request.headers[.ifNoneMatch] == asset.etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: asset.body))
    }

    // MARK: - Private

    /// The kinds of file served, by extension (templates are not among them).
    private static let contentTypes = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "webmanifest": "application/manifest+json",
    ]

    /// FNV-1a of the bytes: enough to tell versions of a file apart.
    static func fingerprint(_ data: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
