import ArgumentParser

/// The options of `account list`: none but the common ones.
public struct AccountListOptions: ParsableArguments {
    public init() {}

    /// What `account list` says of itself in `--help`.
    public static let discussion = """
        Prints one line per kept sign-in: the account, its provider (or issuer), what it is for \
        (mail, calendar, or the scopes granted) and the file that keeps it, separated by tabs. No \
        token is printed. Exit status: 0 listed (none is not an error); 1 a kept sign-in cannot be \
        read (said on standard error).
        """
}
