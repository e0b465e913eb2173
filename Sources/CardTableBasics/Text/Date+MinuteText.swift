import Foundation

extension Date {
    /// The moment in UTC to the minute, as pages show it: "2026-11-25 14:03".
    package var minuteText: String {
        String(formatted(.iso8601).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
