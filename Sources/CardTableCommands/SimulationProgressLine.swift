import Foundation

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

    // MARK: - Private

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
