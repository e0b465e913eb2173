import CQRencode

/// A QR code drawn by Debian's libqrencode: the modules of a symbol, and the symbol as SVG.
struct QRCode: Equatable, Sendable {
    /// Modules per side (21 for version 1, 4 more per version).
    let size: Int
    /// Row by row, `true` for a dark module.
    let modules: [Bool]

    /// The quiet zone every reader needs around a symbol, in modules.
    static let quietZone = 4

    /// Encodes `text` (a link: its bytes as they are, case kept) at error correction level M,
    /// in the smallest version that holds it; `nil` when it is too long for any version or has
    /// a NUL byte.
    init?(encoding text: String) {
        guard !text.utf8.contains(0), let symbol = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
        else {
            return nil
        }
        defer { QRcode_free(symbol) }
        let width = Int(symbol.pointee.width)
        size = width
        // NB: the low bit of each byte is the module's color; the others are libqrencode's notes.
        modules = (0..<width * width).map { symbol.pointee.data[$0] & 1 == 1 }
    }

    /// Whether the module at `column`, `row` is dark.
    func isDark(column: Int, row: Int) -> Bool {
        modules[row * size + column]
    }

    /// The symbol as an SVG image, one path of dark runs inside the quiet zone, scaled by the
    /// page; `label` is what a screen reader says.
    func svg(label: String) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(column: column, row: row) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, isDark(column: column, row: row) { column += 1 }
                path +=
                    "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" \
            aria-label="\(TemplateEscaping().escapeText(label))" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
