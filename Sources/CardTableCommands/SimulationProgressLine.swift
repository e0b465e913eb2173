import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A single line on standard error that shows how many games are done, rewritten in place.
struct SimulationProgressLine {
    /// How many games the run will play.
    let totalGames: Int

    /// Rewrites the line to show `finished` games done.
    func show(finished: Int) {
        let percent = totalGames > 0 ? finished * 100 / totalGames : 100
        write("\rPlayed \(finished) of \(totalGames) games (\(percent) %)")
    }

    /// Ends the line so that the report starts on a fresh one.
    func finish() {
        write("\n")
    }

    /// A progress line, or `nil` when standard error is not a terminal (a log file would fill up
    /// with rewritten lines).
    static func onTerminal(totalGames: Int) -> SimulationProgressLine? {
        isatty(STDERR_FILENO) == 1 ? SimulationProgressLine(totalGames: totalGames) : nil
    }

    // MARK: - Private

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
