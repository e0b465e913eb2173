import CardTableCommands

/// The program's entry point: hands the command line to ``CardTableCommand``.
@main
enum CardTableMain {
    static func main() async {
        await CardTableCommand.main()
    }
}
