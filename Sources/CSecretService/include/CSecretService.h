#ifndef CSECRETSERVICE_H
#define CSECRETSERVICE_H

/// The desktop's Secret Service (GNOME Keyring, KWallet, KeePassXC…), through libsecret, which is
/// loaded (dlopen) the first time one of these is called, and only then: a run that keeps no
/// sign-in never loads it, and the program builds and runs without it (every call then fails with
/// CSECRET_UNAVAILABLE, and the caller keeps its secret in a file instead).
///
/// A secret is stored under the schema `org.reservationfeed.Account` with two attributes, the
/// `issuer` and the `account`, and a label people see in their keyring.

/// What a call came to.
enum {
    CSECRET_OK = 0,
    /// Nothing is stored under these attributes.
    CSECRET_NOT_FOUND = 1,
    /// libsecret is not installed, or no Secret Service answers on the session's D-Bus (none
    /// runs, no session bus): the secret must go elsewhere.
    CSECRET_UNAVAILABLE = 2,
    /// The Secret Service refused or failed (a locked keyring the person did not unlock): the
    /// message says why.
    CSECRET_FAILED = 3,
};

/// Stores `secret` (replacing what was stored under the same attributes). On CSECRET_FAILED,
/// `*message` (when not NULL) receives why, to be freed with free().
int csecret_store(const char *issuer, const char *account, const char *label, const char *secret, char **message);

/// Looks the secret up: on CSECRET_OK, `*secret` receives it, to be freed with csecret_free
/// (which wipes it first).
int csecret_lookup(const char *issuer, const char *account, char **secret, char **message);

/// Removes what is stored under the attributes (CSECRET_OK also when there was nothing).
int csecret_clear(const char *issuer, const char *account, char **message);

/// Wipes and frees a secret csecret_lookup gave.
void csecret_free(char *secret);

#endif
