import ArgumentParser
import CardTableHTTP
import CardTableWeb

extension ServeSettings {
    /// The most connections open at once from one address, from the command line, else from
    /// `CARDTABLE_CONNECTIONS_PER_ADDRESS`, else ``ConnectionLimits/standardPerAddress``; nil
    /// (no such limit) when told 0, as behind a proxy, whose address every connection has.
    /// - Throws: `ValidationError` unless it is a whole number, 0 or more.
    static func connectionsPerAddress(_ option: Int?, _ environment: [String: String]) throws -> Int? {
        var count = option
        if count == nil, let text = environment["CARDTABLE_CONNECTIONS_PER_ADDRESS"] {
            guard let number = Int(text) else {
                throw ValidationError(
                    "CARDTABLE_CONNECTIONS_PER_ADDRESS must be a whole number, not \(text).")
            }
            count = number
        }
        guard let count else { return ConnectionLimits.standardPerAddress }
        guard count >= 0 else {
            throw ValidationError("--connections-per-address must be 0 (no limit) or more, not \(count).")
        }
        return count == 0 ? nil : count
    }

    /// The site's connection limits in a process allowed `openFiles` open files.
    func connectionLimits(openFiles: UInt64) -> ConnectionLimits {
        ConnectionLimits(openFiles: openFiles, perAddress: connectionsPerAddress)
    }
}
