import CardTableHTTP
import Hummingbird

/// The stylesheets the server writes from its address alone, so that no page needs an inline
/// `<style>` or `style` attribute: the card grids (`/styles/grid/16.css` for Memorize,
/// `/styles/set-grid/21.css` for Set, by card count) and theme colors
/// (`/styles/colors/ff8800_e5383b-1c6dd0.css`, one class per color, see ``ThemeColorStyle``).
///
/// A file's text is a pure function of its address, so browsers may keep it for a year.
enum GeneratedStylesheets {
    /// The most cards a grid stylesheet is written for.
    static let maximumCardCount = 10_000

    /// The Memorize grid for `file` (`16.css`).
    static func grid(_ file: String, request: Request) throws -> Response {
        let count = try cardCount(in: file)
        return response(CardGridLayout.grid(cardCount: count).stylesheet, request: request)
    }

    /// The Set table's grid for `file` (`21.css`).
    static func setGrid(_ file: String, request: Request) throws -> Response {
        let count = try cardCount(in: file)
        return response(CardGridLayout.setTable(cardCount: count).stylesheet, request: request)
    }

    /// The theme-color classes for `file` (color tokens joined by `_`, then `.css`).
    static func colors(_ file: String, request: Request) throws -> Response {
        guard let css = ThemeColorStyle.stylesheet(forFile: file) else {
            throw AppError.notFound("There is no color stylesheet called \(file).")
        }
        return response(css, request: request)
    }

    // MARK: - Private

    private static func cardCount(in file: String) throws -> Int {
        guard file.hasSuffix(".css"), let count = Int(file.dropLast(4)), "\(count).css" == file,
            (1...maximumCardCount).contains(count)
        else { throw AppError.notFound("There is no grid stylesheet called \(file).") }
        return count
    }

    private static func response(_ css: String, request: Request) -> Response {
        let etag = "\"\(StaticAssets.fingerprint(Array(css.utf8)))\""
        var headers = HTTPFields()
        headers[.eTag] = etag
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        if request.headers[.ifNoneMatch] == etag {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/css; charset=utf-8"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: css)))
    }
}
