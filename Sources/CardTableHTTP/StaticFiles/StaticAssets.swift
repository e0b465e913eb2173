import Foundation
import Hummingbird

/// The stylesheets, scripts and icons in the features' `Resources` folders, read, fingerprinted
/// and gzipped once at start-up and served from memory under `/static/`.
///
/// Pages link to each file by its fingerprinted address (`/static/set.3fa9c01b2e.js`), which
/// browsers keep for a year without asking again. The plain address (`/static/set.js`) and an
/// address with an older fingerprint (from a page served before a deploy) answer the current file
/// with `no-cache`, so they are asked about again every time and never kept as immutable.
package struct StaticAssets: Sendable {
    private let assetsByName: [String: StaticAsset]
    private let assetsByAddress: [String: StaticAsset]

    /// Reads every served file: those of `files` with a ``contentTypes`` extension. A script's
    /// imports of its siblings are rewritten to their fingerprinted addresses first.
    /// - Parameter prefixes: Text served before a file's own, by file name (CSS the server
    ///   generates from its constants, such as the card ratio).
    /// - Throws: ``BrokenImport`` when a script imports a file that is not served, or scripts import
    ///   each other in a circle.
    package init(files: [URL], prefixes: [String: String] = [:]) throws {
        var sources: [String: AssetSource] = [:]
        for url in files where Self.contentTypes[url.pathExtension] != nil {
            let name = url.lastPathComponent
            let bytes = Array((prefixes[name] ?? "").utf8) + Array(try Data(contentsOf: url))
            sources[name] = AssetSource(bytes: bytes, contentType: Self.contentTypes[url.pathExtension] ?? "")
        }
        var loader = AssetLoader(sources: sources)
        for name in sources.keys.sorted() {
            _ = try loader.load(name, importedBy: [])
        }
        assetsByName = loader.loaded
        assetsByAddress = Dictionary(uniqueKeysWithValues: loader.loaded.values.map { ($0.address, $0) })
    }

    /// The fingerprinted address of the file called `name` (`set.js` → `set.3fa9c01b2e.js`), or
    /// nil when no such file is served.
    package func address(of name: String) -> String? {
        assetsByName[name]?.address
    }

    /// Every served file's fingerprinted address, in order.
    package var addresses: [String] { assetsByAddress.keys.sorted() }

    /// The file called `name`, if it is served.
    package func asset(named name: String) -> StaticAsset? {
        assetsByName[name]
    }

    /// Answers a request for `file`, a fingerprinted address or a plain name: the file, gzipped
    /// when the request accepts it and that pays, 304 when the browser's copy is current, or 404.
    package func response(for file: String, request: Request) throws -> Response {
        let asset: StaticAsset
        let isCurrentAddress: Bool
        if let current = assetsByAddress[file] {
            (asset, isCurrentAddress) = (current, true)
        } else if let plain = assetsByName[file]
            ?? AssetFingerprint.plainName(of: file).flatMap({ assetsByName[$0] })
        {
            (asset, isCurrentAddress) = (plain, false)
        } else {
            throw AppError.notFound("There is no file called \(file).")
        }
        let gzippedBody = AcceptEncoding.acceptsGzip(request.headers) ? asset.gzippedBody : nil
        var headers = HTTPFields()
        headers[.eTag] = gzippedBody == nil ? asset.etag : asset.gzippedETag
        headers[.cacheControl] = isCurrentAddress ? "public, max-age=31536000, immutable" : "no-cache"
        if asset.gzippedBody != nil { headers.addVary(.acceptEncoding) }
        if Self.matches(request.headers[.ifNoneMatch], anyOf: [asset.etag, asset.gzippedETag]) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = asset.contentType
        if gzippedBody != nil { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: gzippedBody ?? asset.body))
    }

    /// FNV-1a of the bytes: enough to tell versions of a generated file apart.
    package static func fingerprint(_ data: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    // MARK: - Private

    /// The kinds of file served, by extension (templates are not among them).
    package static let contentTypes = [
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "svg": "image/svg+xml",
        "png": "image/png",
        "webmanifest": "application/manifest+json",
        "yaml": "application/yaml; charset=utf-8",
        "wav": "audio/wav",
    ]

    /// Whether an `If-None-Match` header (one tag, a list, or `*`) names one of `tags`.
    private static func matches(_ ifNoneMatch: String?, anyOf tags: [String]) -> Bool {
        guard let ifNoneMatch else { return false }
        return ifNoneMatch.split(separator: ",").contains { listed in
            var tag = listed.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tags.contains(tag)
        }
    }
}
