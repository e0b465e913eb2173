import Testing

@testable import CardTableCommands

/// The `--database` of `backup` and `restore`: said without its password, and counts said in
/// one line.
@Suite struct DatabaseChoiceTests {
    @Test func aDatabaseIsSaidWithoutItsPassword() throws {
        let choice = try DatabaseChoice.parse(["--database", "postgres://cardtable:secret@db:5432/games"])
        #expect(choice.location == "postgres://cardtable:secret@db:5432/games")
        #expect(choice.description == "postgres://cardtable@db:5432/games")
        let file = try DatabaseChoice.parse(["--database", "/srv/cardtable.sqlite"])
        #expect(file.description == "/srv/cardtable.sqlite")
    }

    @Test func countsAreSummedAndListedByTable() {
        #expect(
            DatabaseChoice.summary(["theme": 9, "player": 5, "room": 0, "room_event": 15])
                == "29 rows (player 5, room_event 15, theme 9)")
    }

    @Test func backupAndRestoreNeedAFile() {
        #expect(throws: (any Error).self) { try BackupCommand.parse([]) }
        #expect(throws: (any Error).self) { try RestoreCommand.parse(["--database", "x.sqlite"]) }
    }
}
