import ArgumentParser
import Programs

/// `reservation-feed account add PROVIDER ACCOUNT --client …`: one sign-in, kept.
struct AccountAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Sign in to an account with OAuth 2.0 and keep the sign-in.",
        discussion: AccountAddOptions.discussion)

    @OptionGroup var options: AccountAddOptions

    func run() async throws {
        try await AccountAddRun(options).run()
    }
}
