#include "CSecretService.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libsecret's and GLib's types, as their ABI lays them out (libsecret 0.20, GLib 2): only what
// these calls use, so that no development package is needed to build.
typedef int gboolean;
typedef char gchar;
typedef unsigned int guint32;
typedef struct {
    guint32 domain;
    int code;
    gchar *message;
} GError;
typedef enum { SECRET_SCHEMA_ATTRIBUTE_STRING = 0 } SecretSchemaAttributeType;
typedef struct {
    const gchar *name;
    SecretSchemaAttributeType type;
} SecretSchemaAttribute;
typedef struct {
    const gchar *name;
    int flags;
    SecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} SecretSchema;

typedef gboolean (*store_function)(const SecretSchema *, const gchar *, const gchar *, const gchar *, void *, GError **, ...);
typedef gchar *(*lookup_function)(const SecretSchema *, void *, GError **, ...);
typedef gboolean (*clear_function)(const SecretSchema *, void *, GError **, ...);
typedef void (*free_password_function)(gchar *);
typedef void (*error_free_function)(GError *);

static struct {
    store_function store;
    lookup_function lookup;
    clear_function clear;
    free_password_function free_password;
    error_free_function error_free;
} library;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *handle = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!handle) return;
    library.store = (store_function)dlsym(handle, "secret_password_store_sync");
    library.lookup = (lookup_function)dlsym(handle, "secret_password_lookup_sync");
    library.clear = (clear_function)dlsym(handle, "secret_password_clear_sync");
    library.free_password = (free_password_function)dlsym(handle, "secret_password_free");
    library.error_free = (error_free_function)dlsym(handle, "g_error_free");
    if (!library.store || !library.lookup || !library.clear || !library.free_password || !library.error_free) {
        memset(&library, 0, sizeof library);
    }
}

static const SecretSchema schema = {
    "org.reservationfeed.Account",
    0,
    {{"issuer", SECRET_SCHEMA_ATTRIBUTE_STRING}, {"account", SECRET_SCHEMA_ATTRIBUTE_STRING}, {NULL, 0}},
    0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
};

// GLib's D-Bus errors for no bus and no service (G_DBUS_ERROR_SERVICE_UNKNOWN and the like)
// and GIO's for an absent session bus all mean: nobody to keep the secret here.
static int outcome(GError *error, char **message) {
    if (!error) return CSECRET_FAILED;
    const char *text = error->message ? error->message : "";
    int unavailable = strstr(text, "org.freedesktop.secrets") != NULL || strstr(text, "was not provided by any .service files") != NULL
        || strstr(text, "DBUS_SESSION_BUS_ADDRESS") != NULL || strstr(text, "Cannot autolaunch D-Bus") != NULL
        || strstr(text, "Could not connect") != NULL || strstr(text, "Failed to execute child process") != NULL;
    if (message) *message = strdup(text);
    library.error_free(error);
    return unavailable ? CSECRET_UNAVAILABLE : CSECRET_FAILED;
}

int csecret_store(const char *issuer, const char *account, const char *label, const char *secret, char **message) {
    pthread_once(&loaded, load);
    if (!library.store) return CSECRET_UNAVAILABLE;
    GError *error = NULL;
    gboolean stored = library.store(&schema, "default", label, secret, NULL, &error, "issuer", issuer, "account", account, NULL);
    return stored ? CSECRET_OK : outcome(error, message);
}

int csecret_lookup(const char *issuer, const char *account, char **secret, char **message) {
    pthread_once(&loaded, load);
    if (!library.lookup) return CSECRET_UNAVAILABLE;
    GError *error = NULL;
    gchar *found = library.lookup(&schema, NULL, &error, "issuer", issuer, "account", account, NULL);
    if (error) return outcome(error, message);
    if (!found) return CSECRET_NOT_FOUND;
    *secret = strdup(found);
    library.free_password(found);
    return *secret ? CSECRET_OK : CSECRET_FAILED;
}

int csecret_clear(const char *issuer, const char *account, char **message) {
    pthread_once(&loaded, load);
    if (!library.clear) return CSECRET_UNAVAILABLE;
    GError *error = NULL;
    library.clear(&schema, NULL, &error, "issuer", issuer, "account", account, NULL);
    return error ? outcome(error, message) : CSECRET_OK;
}

void csecret_free(char *secret) {
    if (!secret) return;
    volatile char *byte = secret;
    while (*byte) *byte++ = 0;
    free(secret);
}
