import Foundation

/// The bytes a ``StreamingJSONEncoder`` writes, and the objects and arrays still open.
///
/// Containers nest as a stack. A container's level is its place in the stack counted from one
/// (the value being encoded sits at level zero), and whoever writes into a container names its
/// level, so containers opened for an earlier member are closed first (`prepare(level:)`).
/// That is how synthesized `encode(to:)` methods use an encoder: each member in turn, nested
/// values finished before the next member starts.
final class JSONSink {
    private(set) var bytes: [UInt8] = []
    private var open: [OpenContainer] = []
    /// Members of the open objects, for sorting when an object closes (only with `sortsKeys`).
    private var members: [Member] = []
    /// Whether a key or an array slot is written and waits for its value.
    private var awaitsValue = true
    let sortsKeys: Bool
    let datesAsISO8601: Bool
    let usesRememberedJSON: Bool

    init(sortsKeys: Bool, datesAsISO8601: Bool, usesRememberedJSON: Bool) {
        self.sortsKeys = sortsKeys
        self.datesAsISO8601 = datesAsISO8601
        self.usesRememberedJSON = usesRememberedJSON
        bytes.reserveCapacity(1024)
    }

    /// How many containers are open.
    var depth: Int { open.count }

    /// The keys leading to level `level`, for error messages.
    func codingPath(to level: Int) -> [any CodingKey] {
        open.prefix(level).map { $0.key ?? IndexKey(intValue: $0.count - 1) }
    }

    // MARK: - Containers

    /// Opens an object (or an array) as the value awaited at `level`, or finds the one already
    /// opened there by the same value. Returns the new container's level.
    func openContainer(isObject: Bool, at level: Int) throws -> Int {
        if open.count > level {
            guard open[level].isObject == isObject else {
                throw invalid("a value asked for a keyed and an unkeyed container", at: level)
            }
            prepare(level: level + 1)
            return level + 1
        }
        try beginValue(at: level)
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(OpenContainer(isObject: isObject, start: bytes.count, firstMember: members.count))
        return level + 1
    }

    /// Writes `key` as the next member of the object at `level`; its value comes next.
    func writeKey(_ key: some CodingKey, in level: Int) throws {
        let text = key.stringValue
        try startSlot(in: level, key: key)
        if sortsKeys { members.append(Member(key: text, start: bytes.count)) }
        writeString(text)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts the next element of the array at `level`; its value comes next.
    func startElement(in level: Int) throws {
        try startSlot(in: level, key: nil)
    }

    /// Closes every container above `level`.
    func prepare(level: Int) {
        while open.count > level { closeTop() }
    }

    // MARK: - Values

    /// Checks that a value is awaited at `level` (closing what is open above it) and takes the slot.
    func beginValue(at level: Int) throws {
        prepare(level: level)
        guard awaitsValue, open.count == level else {
            throw invalid("a value was encoded twice", at: level)
        }
        awaitsValue = false
    }

    func writeNull() { append("null") }

    func writeBool(_ value: Bool) { append(value ? "true" : "false") }

    func writeInteger(_ value: some BinaryInteger) { append(String(value)) }

    /// Writes a finite number the way `JSONEncoder` does: `5` rather than `5.0`.
    func writeNumber(_ value: some BinaryFloatingPoint & LosslessStringConvertible, at level: Int) throws {
        guard value.isFinite else {
            throw invalid("\(value) is not a JSON number", at: level)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
    }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped, the
    /// rest (slashes and all non-ASCII text included) as it is.
    func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var plainStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart..<index]))
                appendEscape(of: byte)
                plainStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Copies a value's finished JSON (``RememberedJSON``).
    func writeJSON(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Closes what is still open; the encoding is over.
    func finish() {
        prepare(level: 0)
        if awaitsValue { append("{}") }
    }

    func invalid(_ reason: String, at level: Int) -> EncodingError {
        EncodingError.invalidValue(
            reason, EncodingError.Context(codingPath: codingPath(to: level), debugDescription: reason))
    }

    // MARK: - Private

    private struct OpenContainer {
        let isObject: Bool
        /// Where its first member starts, just after `{` or `[`.
        let start: Int
        /// Its first entry in `members`.
        let firstMember: Int
        var count = 0
        var key: (any CodingKey)?
    }

    private struct Member {
        let key: String
        /// Where its key's opening quote is.
        let start: Int
    }

    private func startSlot(in level: Int, key: (any CodingKey)?) throws {
        prepare(level: level)
        guard open.count == level else {
            throw invalid("a container was written to after it was closed", at: open.count)
        }
        // NB: a value that wrote nothing (an empty `encode(to:)`) is `{}`, as with JSONEncoder.
        if awaitsValue { append("{}") }
        if open[level - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[level - 1].count += 1
        open[level - 1].key = key
        awaitsValue = true
    }

    private func closeTop() {
        if awaitsValue {
            append("{}")
            awaitsValue = false
        }
        let container = open.removeLast()
        if container.isObject {
            if sortsKeys { sortMembers(of: container) }
            bytes.append(UInt8(ascii: "}"))
        } else {
            bytes.append(UInt8(ascii: "]"))
        }
    }

    /// Puts the members of `container` (closing now) in key order, as `JSONEncoder` does with
    /// `.sortedKeys`: by the keys' UTF-8 bytes.
    private func sortMembers(of container: OpenContainer) {
        let written = members[container.firstMember...]
        members.removeSubrange(container.firstMember...)
        let isSorted = zip(written, written.dropFirst()).allSatisfy { !Self.precedes($1.key, $0.key) }
        guard !isSorted else { return }
        // Each member runs from its key to just before the next member's comma.
        let ends = written.dropFirst().map { $0.start - 1 } + [bytes.count]
        let slices = zip(written, ends).map { (key: $0.key, range: $0.start..<$1) }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(bytes.count - container.start)
        for (index, slice) in slices.sorted(by: { Self.precedes($0.key, $1.key) }).enumerated() {
            if index > 0 { sorted.append(UInt8(ascii: ",")) }
            sorted.append(contentsOf: bytes[slice.range])
        }
        bytes.replaceSubrange(container.start..., with: sorted)
    }

    /// Whether `first`'s UTF-8 bytes sort before `second`'s.
    private static func precedes(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { first in
            second.withUTF8 { second in
                let common = min(first.count, second.count)
                let order = common == 0 ? 0 : memcmp(first.baseAddress!, second.baseAddress!, common)
                return order == 0 ? first.count < second.count : order < 0
            }
        }
    }

    private func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x09: append("\\t")
        case 0x0A: append("\\n")
        case 0x0C: append("\\f")
        case 0x0D: append("\\r")
        default:
            let hex = Array("0123456789abcdef".utf8)
            append("\\u00")
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
}

/// An array element's place in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
