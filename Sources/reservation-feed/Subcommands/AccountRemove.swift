import ArgumentParser
import Programs

/// `reservation-feed account remove ACCOUNT`: a sign-in revoked and forgotten.
struct AccountRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Revoke a kept sign-in at its provider and forget it.",
        discussion: AccountRemoveOptions.discussion)

    @OptionGroup var options: AccountRemoveOptions

    func run() async throws {
        try await AccountRemoveRun(options).run()
    }
}
