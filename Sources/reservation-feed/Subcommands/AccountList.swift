import ArgumentParser
import Programs

/// `reservation-feed account list`: the kept sign-ins, one per line.
struct AccountList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the kept sign-ins.",
        discussion: AccountListOptions.discussion)

    @OptionGroup var options: AccountListOptions

    func run() throws {
        try AccountListRun(options).run()
    }
}
