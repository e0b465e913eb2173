/// Stores the rows every CardTable database starts with, unless they are there already: run by
/// each driver once its schema is up to date. The features above storage say what they are (the
/// shared built-in themes), so storage never names a feature.
package typealias DatabaseSeed = @Sendable (any DatabaseTransaction) throws -> Void

/// Player rows that no visitor owns.
package enum ReservedPlayer {
    /// The owner of the shared built-in themes: 32 characters, like a player id, but never one
    /// (it is not hex), so no cookie can name it.
    package static let sharedThemesOwner = "cardtable-shared-built-in-themes"
}
