import ArgumentParser
import Programs

/// `reservation-feed account`: the sign-ins kept for providers that demand OAuth 2.0.
struct Account: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Sign in to Gmail, Google Calendar, Outlook.com or another OAuth 2.0 provider, and keep the sign-in.",
        discussion: AccountAddOptions.groupDiscussion,
        subcommands: [AccountAdd.self, AccountList.self, AccountRemove.self])
}
