import Foundation

/// The bytes a ``StreamingJSONEncoder`` writes, and the objects and arrays still open.
///
/// Containers nest as a stack. A container's level is its place in the stack counted from one
/// (the value being encoded sits at level zero), and whoever writes into a container names its
/// ``ContainerPlace``, so containers opened for an earlier member are closed first
/// (`closeContainers(above:)`). That is how synthesized `encode(to:)` methods use an encoder:
/// each member in turn, nested values finished before the next member starts. Every member or
/// element is a numbered slot; a container remembers the slot it was opened in, so a container
/// or encoder kept after its place was closed is found out and throws instead of writing
/// somewhere else.
final class JSONSink {
    package private(set) var bytes: [UInt8] = []
    private var open: [OpenContainer] = []
    /// Members of the open objects, for sorting when an object closes (only with `sortsKeys`).
    private var members: [Member] = []
    /// Whether a key or an array slot is written and waits for its value.
    private var awaitsValue = true
    /// The number of the latest slot (0: the value being encoded).
    package private(set) var slot = 0
    package let sortsKeys: Bool
    package let datesAsISO8601: Bool
    let usesRememberedJSON: Bool

    init(sortsKeys: Bool, datesAsISO8601: Bool, usesRememberedJSON: Bool) {
        self.sortsKeys = sortsKeys
        self.datesAsISO8601 = datesAsISO8601
        self.usesRememberedJSON = usesRememberedJSON
        bytes.reserveCapacity(1024)
    }

    /// The keys leading to level `level`, for error messages.
    package func codingPath(to level: Int) -> [any CodingKey] {
        open.prefix(max(0, level)).map { $0.key ?? IndexKey(intValue: $0.count - 1) }
    }

    /// How many members or elements the container at `place` has, while it is open.
    package func count(in place: ContainerPlace) -> Int {
        isOpen(place) ? open[place.level - 1].count : 0
    }

    // MARK: - Containers

    /// Opens an object (or an array) as the value of slot `slot` at `level`, or finds the one
    /// that value opened already.
    func openContainer(isObject: Bool, at level: Int, slot: Int) throws -> ContainerPlace {
        let place = ContainerPlace(level: level + 1, slot: slot)
        if open.count > level, open[level].slot == slot {
            guard open[level].isObject == isObject else {
                throw invalid("a value asked for a keyed and an unkeyed container", at: level)
            }
            closeContainers(above: place.level)
            return place
        }
        try beginValue(at: level, slot: slot)
        bytes.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(
            OpenContainer(isObject: isObject, slot: slot, start: bytes.count, firstMember: members.count))
        return place
    }

    /// Writes `key` as the next member of the object at `place`; its value comes next.
    func writeKey(_ key: some CodingKey, in place: ContainerPlace) throws {
        let text = key.stringValue
        try startSlot(in: place, key: key)
        if sortsKeys { members.append(Member(key: text, start: bytes.count)) }
        writeString(text)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Starts the next element of the array at `place`; its value comes next.
    func startElement(in place: ContainerPlace) throws {
        try startSlot(in: place, key: nil)
    }

    /// Closes every container above `level`.
    func closeContainers(above level: Int) {
        while open.count > level { closeTop() }
    }

    // MARK: - Values

    /// Takes slot `slot` at `level` for a value, closing what is open above it; throws when the
    /// slot is not the one awaiting a value.
    func beginValue(at level: Int, slot: Int) throws {
        guard slot == self.slot, open.count >= level else {
            throw invalid("a value was encoded after its place was closed", at: level)
        }
        closeContainers(above: level)
        guard awaitsValue else {
            throw invalid("a value was encoded twice", at: level)
        }
        awaitsValue = false
    }

    func writeNull() { append("null") }

    func writeBool(_ value: Bool) { append(value ? "true" : "false") }

    func writeInteger(_ value: some BinaryInteger) { append(String(value)) }

    /// A finite number as `JSONEncoder` writes it (`5` rather than `5.0`); checked before its
    /// slot is taken, so a caught error leaves valid JSON.
    func numberText(_ value: some BinaryFloatingPoint & LosslessStringConvertible, at level: Int) throws
        -> String
    {
        guard value.isFinite else {
            throw invalid("\(value) is not a JSON number", at: level)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// Writes text made by ``numberText(_:at:)``.
    func writeNumber(_ text: String) { append(text) }

    /// Writes `text` as a JSON string: quotes, backslashes and control characters escaped, the
    /// rest (slashes and all non-ASCII text included) as it is.
    package func writeString(_ text: String) {
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
    func copyJSON(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Closes what is still open; the encoding is over. Throws, as `JSONEncoder` does, when the
    /// value wrote nothing at all.
    package func finish() throws {
        closeContainers(above: 0)
        if awaitsValue {
            throw invalid("the value did not encode anything", at: 0)
        }
    }

    func invalid(_ reason: String, at level: Int) -> EncodingError {
        EncodingError.invalidValue(
            reason, EncodingError.Context(codingPath: codingPath(to: level), debugDescription: reason))
    }

    // MARK: - Private

    private struct OpenContainer {
        let isObject: Bool
        /// The slot whose value it is.
        let slot: Int
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

    private func isOpen(_ place: ContainerPlace) -> Bool {
        place.level >= 1 && open.count >= place.level && open[place.level - 1].slot == place.slot
    }

    private func startSlot(in place: ContainerPlace, key: (any CodingKey)?) throws {
        guard isOpen(place) else {
            throw invalid("a container was written to after it was closed", at: min(open.count, place.level))
        }
        let level = place.level
        closeContainers(above: level)
        // NB: a value that wrote nothing (an empty `encode(to:)`) is `{}`, as with JSONEncoder.
        if awaitsValue { append("{}") }
        if open[level - 1].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[level - 1].count += 1
        open[level - 1].key = key
        slot += 1
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

    private static let hexDigits = Array("0123456789abcdef".utf8)

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
            append("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }
}

/// Where a container is: its level, and the slot whose value it is.
struct ContainerPlace {
    package let level: Int
    package let slot: Int
}

/// An array element's place in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}
