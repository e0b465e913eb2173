import NIOCore

/// One served file, in memory: its bytes as they are and gzipped, its fingerprinted address and
/// the entity tags of both forms.
package struct StaticAsset: Sendable {
    /// The file's name among the resources (`set.js`).
    package let name: String
    /// Where pages link to it (`set.3fa9c01b2e.js`).
    package let address: String
    package let contentType: String
    package let body: ByteBuffer
    /// The body gzipped at the best level, for a file of a type gzip shrinks when it saves more
    /// than the headers that say so cost (``Gzip/encodingHeadersSize``); nil otherwise.
    /// NB: files are gzipped once, at start-up, so a small one pays too (the tab's icon: 798 B
    /// as it is, 353 B gzipped), unlike a response gzipped as it is sent.
    let gzippedBody: ByteBuffer?
    /// The entity tag of `body` (the fingerprint, quoted).
    package let etag: String
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
        let gzipped =
            Gzip.compresses(contentType: contentType) ? try Gzip(level: Gzip.bestLevel).compress(body) : nil
        self.gzippedBody = gzipped.flatMap {
            $0.readableBytes + Gzip.encodingHeadersSize < bytes.count ? $0 : nil
        }
    }
}
