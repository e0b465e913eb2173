import Foundation

extension DataProtocol {
    /// The bytes as lowercase hex digits, two per byte.
    package var hexDigits: String {
        map { String(format: "%02x", $0) }.joined()
    }
}
