import NIOCore

/// One served file, in memory: its bytes as they are and gzipped, its fingerprinted address and
/// the entity tags of both forms.
struct StaticAsset: Sendable {
    /// The file's name among the resources (`set.js`).
    let name: String
    /// Where pages link to it (`set.3fa9c01b2e.js`).
    let address: String
    let contentType: String
    let body: ByteBuffer
    /// The body gzipped at the best level, for a file over ``Gzip/minimumBodySize`` of a type
    /// gzip shrinks; nil otherwise.
    let gzippedBody: ByteBuffer?
    /// The entity tag of `body` (the fingerprint, quoted).
    let etag: String
    /// The entity tag of `gzippedBody`.
    let gzippedETag: String

    /// Fingerprints `bytes` and, when it pays, gzips them.
    init(name: String, bytes: [UInt8], contentType: String) throws {
        let fingerprint = AssetFingerprint(of: bytes)
        self.name = name
        self.address = fingerprint.address(of: name)
        self.contentType = contentType
        self.body = ByteBuffer(bytes: bytes)
        self.etag = "\"\(fingerprint)\""
        self.gzippedETag = "\"\(fingerprint)-gzip\""
        self.gzippedBody =
            bytes.count > Gzip.minimumBodySize && Gzip.compresses(contentType: contentType)
            ? try Gzip(level: Gzip.bestLevel).compress(body) : nil
    }
}
