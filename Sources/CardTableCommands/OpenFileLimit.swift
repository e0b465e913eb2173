import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's limit on open files (`RLIMIT_NOFILE`). Every connection holds a file, and the
/// limit a shell hands down (often 1,024) is far below what the system allows.
struct OpenFileLimit: Equatable {
    /// The limit in force (the soft limit).
    var current: UInt64
    /// The most the process may raise it to (the hard limit).
    var maximum: UInt64

    /// The limit now, or nil if the system will not say.
    static func read() -> OpenFileLimit? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        return OpenFileLimit(current: UInt64(limit.rlim_cur), maximum: UInt64(limit.rlim_max))
    }

    /// Sets the limit in force, keeping the maximum.
    /// - Returns: Whether the system agreed.
    @discardableResult
    static func setCurrent(_ value: UInt64) -> Bool {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return false }
        limit.rlim_cur = rlim_t(value)
        return setrlimit(resource, &limit) == 0
    }

    /// Raises the limit in force to the maximum.
    /// - Returns: The limit before and after, or nil if the system will not say.
    static func raiseToMaximum() -> (before: OpenFileLimit, after: OpenFileLimit)? {
        guard let before = read() else { return nil }
        if before.current < before.maximum, !setCurrent(before.maximum) {
            // NB: macOS refuses an unlimited or very high soft limit for files; OPEN_MAX is the
            // most it always allows.
            setCurrent(min(before.maximum, 10_240))
        }
        return read().map { (before, $0) }
    }

    /// Raises the limit in force to the maximum and logs both numbers at info level.
    static func raiseToMaximum(logger: Logger) {
        guard let (before, after) = raiseToMaximum() else {
            return logger.warning("The open-file limit is unknown")
        }
        logger.info(
            after.current > before.current ? "Open-file limit raised" : "Open-file limit left as it was",
            metadata: [
                "before": "\(before.current)", "after": "\(after.current)", "maximum": "\(after.maximum)",
            ])
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
