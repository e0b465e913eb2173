import ArgumentParser

extension ServeSettings {
    /// A timeout in seconds from the command line, else from `variable`, else `standard`.
    /// - Throws: `ValidationError` unless it is a number of seconds above 0.
    static func seconds(
        _ option: Double?, _ variable: String, _ environment: [String: String], or standard: Duration
    ) throws -> Duration {
        let seconds: Double
        if let option {
            seconds = option
        } else if let text = environment[variable] {
            guard let number = Double(text) else {
                throw ValidationError("\(variable) must be a number of seconds, not \(text).")
            }
            seconds = number
        } else {
            return standard
        }
        guard seconds.isFinite, seconds > 0 else {
            throw ValidationError("A timeout must be a number of seconds above 0, not \(seconds).")
        }
        return .seconds(seconds)
    }
}
