import ArgumentParser

/// The options of `account remove`.
public struct AccountRemoveOptions: ParsableArguments {
    public init() {}

    @Argument(help: ArgumentHelp("The account whose sign-in to forget.", valueName: "account"))
    var account: String

    /// What `account remove` says of itself in `--help`.
    public static let discussion = """
        Revokes the sign-in at its provider, where the provider offers revocation (RFC 7009; \
        Google does, Microsoft's personal accounts do not: remove the app at \
        account.live.com/consent/Manage), and forgets it here. Exit status: 0 revoked and \
        forgotten; 1 forgotten here but not revoked (the provider could not be reached or offers \
        no revocation: said, with where to revoke it); 2 no such sign-in.
        """
}
