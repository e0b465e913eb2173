import CardTableBasics
import CardTableStorage
import Foundation

/// A row of `device` as `/devices` lists it, each column read on its own, so one that cannot be
/// read is repaired rather than breaking the page (the quarantine rule of a row whose loss would
/// sign a device in again: it is kept, its unreadable moments set to when they were met).
struct ListedDeviceRow {
    let name: Result<String, any Error>
    let firstSeenAt: Result<Date, any Error>
    let linkedAt: Result<Date?, any Error>
    let lastSeenAt: Result<Date, any Error>

    init(_ row: any DatabaseRow) {
        name = Result { try row("name") }
        firstSeenAt = Result { try row("first_seen_at") }
        linkedAt = Result { try row("linked_at") }
        lastSeenAt = Result { try row("last_seen_at") }
    }

    /// What the page lists for `device`; a column that cannot be read is written over (a name
    /// for its browser unknown, a moment of `now`), with a copy of the row as it was in the
    /// quarantine.
    func listing(of device: DeviceID, repairingIn transaction: any DatabaseTransaction, at now: Date) throws
        -> DeviceListing
    {
        var repairs: [String: SQLValue] = [:]
        var firstError: (any Error)?
        func read<Value>(
            _ column: String, _ value: Result<Value, any Error>, or repaired: Value, as stored: SQLValue
        )
            -> Value
        {
            switch value {
            case .success(let read): return read
            case .failure(let error):
                repairs[column] = stored
                firstError = firstError ?? error
                return repaired
            }
        }
        let unknownName = DeviceName(userAgent: nil).description
        let listing = DeviceListing(
            id: device, name: read("name", name, or: unknownName, as: .text(unknownName)),
            firstSeenAt: read("first_seen_at", firstSeenAt, or: now, as: .date(now)),
            linkedAt: read("linked_at", linkedAt, or: now, as: .date(now)),
            lastSeenAt: read("last_seen_at", lastSeenAt, or: now, as: .date(now)))
        if let firstError {
            try transaction.keepRepaired(
                from: "device", key: ["id": .text(device.rawValue)], repairs, because: firstError)
        }
        return listing
    }
}
