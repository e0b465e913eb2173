/// The stores the app's services and controllers keep everything in, each named for what players
/// do. Both databases provide all of them; nothing else in the app knows which one it runs on.
struct CardTableStores: Sendable {
    let players: any PlayerStore
    let themes: any ThemeStore
    let memorizeGames: any MemorizeGameStore
    let setGames: any SetGameStore
    let rooms: any RoomStore
    let stats: any StatsStore
    let dailyPuzzles: any DailyPuzzleStore

    /// Everything in one SQLite database.
    init(_ store: SQLiteDatabase) {
        (players, themes, memorizeGames, setGames, rooms) = (store, store, store, store, store)
        (stats, dailyPuzzles) = (store, store)
    }

    /// `stores`, but with Set games kept in `setGames` (tests use it to stand in a failing store).
    init(_ stores: CardTableStores, setGames: any SetGameStore) {
        (players, themes, memorizeGames, rooms, stats, dailyPuzzles) = (
            stores.players, stores.themes, stores.memorizeGames, stores.rooms, stores.stats,
            stores.dailyPuzzles
        )
        self.setGames = setGames
    }

    /// Everything in one PostgreSQL database, shared with other instances.
    init(_ store: PostgresDatabase) {
        (players, themes, memorizeGames, setGames, rooms) = (store, store, store, store, store)
        (stats, dailyPuzzles) = (store, store)
    }
}
