import Hummingbird

extension Request {
    /// This server's origin as the request reached it (`http://192.168.1.20:8080`), for links
    /// that leave the page: a room's link, a device code's QR code.
    var origin: String {
        let host = head.authority ?? "127.0.0.1"
        return "\(head.scheme ?? "http")://\(host)"
    }
}
