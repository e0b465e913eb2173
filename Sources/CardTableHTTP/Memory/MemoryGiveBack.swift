import CardTableBasics
import Logging
import ServiceLifecycle

#if canImport(Glibc)
    import CMalloc
#endif

/// Gives the memory of closed connections back to the system after a flood of them.
///
/// An idle kept-alive connection holds about 23 KiB and a room socket about 40 KiB (debug build;
/// see ``ResponderInOwnTask``); glibc's allocator keeps what they freed for later, so a server
/// that held 20,000 connections once would hold half a gigabyte for good. Every ``interval`` this looks at the connections open, and
/// once many of them have closed since the most it saw, has glibc return its free pages
/// (`malloc_trim`). Elsewhere (macOS) it does nothing.
package struct MemoryGiveBack: Service {
    package let admission: ConnectionAdmission
    package var interval: Duration = .seconds(10)
    package let logger: Logger

    package init(admission: ConnectionAdmission, interval: Duration = .seconds(10), logger: Logger) {
        (self.admission, self.interval, self.logger) = (admission, interval, logger)
    }

    /// Connections that must have closed since the most open before memory is given back: about
    /// 11 MiB of them.
    static let closedEnough = 512

    /// The most connections open since memory was last given back, and whether to give it now.
    struct Watch: Equatable {
        package var most = 0

        /// Notes `open` connections. - Returns: Whether to give memory back now.
        mutating func note(open: Int) -> Bool {
            most = max(most, open)
            guard most - open >= MemoryGiveBack.closedEnough else { return false }
            most = open
            return true
        }
    }

    package func run() async throws {
        var watch = Watch()
        await repeatUntilShutdown(every: interval) {
            let open = admission.open
            guard watch.note(open: open) else { return }
            Self.giveBack(logger: logger, open: open)
        }
    }

    private static func giveBack(logger: Logger, open: Int) {
        #if canImport(Glibc)
            let gaveBack = malloc_trim(0) == 1
            logger.debug(
                "Gave the memory of closed connections back",
                metadata: ["open": "\(open)", "any": "\(gaveBack)"])
        #endif
    }
}
