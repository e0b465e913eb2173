import Foundation
import Hummingbird

/// The stylesheet, script and icons in `Resources/Public`, read once at start-up and served
/// from memory under `/static/`.
struct StaticAssets: Sendable {
    /// One served file.
    struct Asset: Sendable {
        let body: ByteBuffer
        let contentType: String
        let etag: String
    }

    private let assets: [String: Asset]

    /// Reads every file in `Resources/Public`.
    init() throws {
        let folder = try WebResources.folder(named: "Public")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var assets: [String: Asset] = [:]
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            assets[name] = Asset(
                body: ByteBuffer(bytes: data), contentType: Self.contentType(of: name),
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

    private static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "json", "webmanifest": "application/json"
        default: "application/octet-stream"
        }
    }

    /// FNV-1a of the bytes: enough to tell versions of a file apart.
    private static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
