"""An OAuth 2.0 authorization server for the tests: django-oauth-toolkit (a maintained
implementation, from PyPI) in a Django project of its own, on a free loopback port.

    oauth_server.py STATE_FOLDER [ACCESS_SECONDS]

It keeps its SQLite database and its OpenID Connect signing key in STATE_FOLDER, and makes there,
on its first start:
  - a user, `ada` (ada@example.org), whom the authorization endpoint signs in by itself (the
    test plays the browser: it opens the authorization URL and reads where it is sent back);
  - a public client, `reservation-feed-test`: the authorization code grant with PKCE required
    (`S256`), redirects to the loopback on any port (RFC 8252 §7.3), refresh tokens rotated, an
    OpenID Connect ID token with the user's `email` when `openid email` is asked for;
  - a public client, `reservation-feed-device`: the device authorization grant (RFC 8628),
    polled every second; `POST /test/device?user_code=CODE&decision=allow|deny` is the person
    entering the code and deciding, as ada;
  - a confidential client, `introspector` (secret `introspector-secret`), that may introspect
    tokens (RFC 7662), as a resource server (a CalDAV or IMAP server's gatekeeper) does; `GET
    /test/gate?scope=SCOPE` is such a gatekeeper, for nginx's auth_request: 200 with the user in
    X-Remote-User for an active token with the scope, else 401.
Access tokens last ACCESS_SECONDS (default 3600), so that a test can see one expire.

It prints its port on its first line, then serves until killed. Its issuer is
http://127.0.0.1:PORT/o, whose RFC 8414 metadata is at
/.well-known/oauth-authorization-server/o (django-oauth-toolkit publishes only OpenID Connect's,
which needs signing keys; this document names its own endpoints, revocation and introspection
included).
"""
import os
import socketserver
import sys
import wsgiref.simple_server

state = os.path.abspath(sys.argv[1])
access_seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 3600
os.makedirs(state, exist_ok=True)


class Server(socketserver.ThreadingMixIn, wsgiref.simple_server.WSGIServer):
    daemon_threads = True


class Quiet(wsgiref.simple_server.WSGIRequestHandler):
    def log_message(self, *arguments):
        pass


# The port first: the device grant's verification address names it.
server = wsgiref.simple_server.make_server("127.0.0.1", 0, None, server_class=Server, handler_class=Quiet)
port = server.server_address[1]
base = f"http://127.0.0.1:{port}/o"


def signing_key():
    """The RSA key that signs ID tokens, made once per state folder."""
    path = os.path.join(state, "oidc.pem")
    if not os.path.exists(path):
        from jwcrypto import jwk
        with open(path, "wb") as file:
            file.write(jwk.JWK.generate(kty="RSA", size=2048).export_to_pem(private_key=True, password=None))
    with open(path) as file:
        return file.read()


import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(
    DEBUG=os.environ.get("OAUTH_SERVER_DEBUG") == "1",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    SECRET_KEY="reservation-feed-tests-only",
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=["django.contrib.auth", "django.contrib.contenttypes", "django.contrib.sessions", "oauth2_provider"],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        __name__ + ".SignInAda",
    ],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(state, "db.sqlite3")}},
    USE_TZ=True,
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    OAUTH2_PROVIDER={
        "PKCE_REQUIRED": True,
        "ACCESS_TOKEN_EXPIRE_SECONDS": access_seconds,
        "ROTATE_REFRESH_TOKEN": True,
        "OIDC_ENABLED": True,
        "OIDC_RSA_PRIVATE_KEY": signing_key(),
        "OIDC_ISS_ENDPOINT": base,
        "OAUTH2_VALIDATOR_CLASS": __name__ + ".Validator",
        "OAUTH_DEVICE_VERIFICATION_URI": base + "/device/",
        "DEVICE_FLOW_INTERVAL": 1,
        "SCOPES": {
            "calendar": "the calendar, by CalDAV",
            "mail": "the mailbox, by IMAP",
            "introspection": "introspect tokens",
            "openid": "who you are",
            "email": "your address",
        },
        "DEFAULT_SCOPES": ["calendar"],
    },
    LOGGING={"version": 1, "disable_existing_loggers": True},
)
django.setup()

from django.contrib.auth import get_user_model, login  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.http import JsonResponse  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402
from oauth2_provider.models import get_application_model, get_device_grant_model  # noqa: E402
from oauth2_provider.oauth2_validators import OAuth2Validator  # noqa: E402


class Validator(OAuth2Validator):
    """The ID token says the user's address, as Google's and Microsoft's do with `email`."""

    def get_additional_claims(self, request):
        return {"email": request.user.email, "email_verified": True}


class SignInAda:
    """Signs `ada` in at the authorization endpoint: the consent is the test's to give."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/o/authorize") and not request.user.is_authenticated:
            login(request, get_user_model().objects.get(username="ada"), backend="django.contrib.auth.backends.ModelBackend")
        return self.get_response(request)


def metadata(request):
    return JsonResponse({
        "issuer": base,
        "authorization_endpoint": base + "/authorize/",
        "token_endpoint": base + "/token/",
        "revocation_endpoint": base + "/revoke_token/",
        "introspection_endpoint": base + "/introspect/",
        "device_authorization_endpoint": base + "/device-authorization/",
        "code_challenge_methods_supported": ["S256"],
        "grant_types_supported": ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
        "response_types_supported": ["code"],
        "scopes_supported": ["calendar", "mail", "openid", "email"],
    })


@csrf_exempt
def decide_device(request):
    """The person at another device: enters the code and allows (or denies), as ada."""
    grants = get_device_grant_model()
    grant = grants.objects.filter(user_code=request.GET.get("user_code", "")).first()
    if grant is None:
        return JsonResponse({"error": "no such code"}, status=404)
    grant.user = get_user_model().objects.get(username="ada")
    grant.status = grant.AUTHORIZED if request.GET.get("decision") == "allow" else grant.DENIED
    grant.save()
    return JsonResponse({"status": grant.status})


def gate(request):
    """What a resource server's gatekeeper does with a bearer token (nginx's auth_request comes
    here): asks the introspection endpoint (RFC 7662) as the `introspector` client, and lets the
    request through (200, the user in X-Remote-User) only for an active token with the scope the
    gate names (`?scope=calendar`); otherwise 401 with RFC 6750's `invalid_token`."""
    import base64
    import json
    import urllib.parse
    import urllib.request

    header = request.headers.get("Authorization", "")
    refusal = JsonResponse({"error": "invalid_token"}, status=401)
    refusal["WWW-Authenticate"] = 'Bearer error="invalid_token"'
    if not header.startswith("Bearer "):
        refusal["WWW-Authenticate"] = "Bearer"
        return refusal
    form = urllib.parse.urlencode({"token": header[len("Bearer "):]}).encode()
    introspection = urllib.request.Request(base + "/introspect/", data=form, method="POST")
    introspection.add_header("Authorization", "Basic " + base64.b64encode(b"introspector:introspector-secret").decode())
    with urllib.request.urlopen(introspection) as answer:
        token = json.load(answer)
    if not token.get("active") or request.GET.get("scope", "calendar") not in token.get("scope", "").split():
        return refusal
    allowed = JsonResponse({"active": True})
    allowed["X-Remote-User"] = token.get("username", "")
    return allowed


urlpatterns = [
    path(".well-known/oauth-authorization-server/o", metadata),
    path("test/device", decide_device),
    path("test/gate", gate),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
]


def prepare():
    call_command("migrate", verbosity=0, interactive=False)
    users = get_user_model()
    if not users.objects.filter(username="ada").exists():
        users.objects.create_user("ada", email="ada@example.org", password="not-used")
    applications = get_application_model()
    if not applications.objects.filter(client_id="reservation-feed-test").exists():
        applications.objects.create(
            name="reservation-feed", client_id="reservation-feed-test", client_type=applications.CLIENT_PUBLIC,
            authorization_grant_type=applications.GRANT_AUTHORIZATION_CODE, redirect_uris="http://127.0.0.1/",
            skip_authorization=True, algorithm=applications.RS256_ALGORITHM)
    if not applications.objects.filter(client_id="reservation-feed-device").exists():
        applications.objects.create(
            name="reservation-feed on another device", client_id="reservation-feed-device", client_type=applications.CLIENT_PUBLIC,
            authorization_grant_type=applications.GRANT_DEVICE_CODE, algorithm=applications.RS256_ALGORITHM)
    if not applications.objects.filter(client_id="introspector").exists():
        applications.objects.create(
            name="introspector", client_id="introspector", client_secret="introspector-secret",
            client_type=applications.CLIENT_CONFIDENTIAL, authorization_grant_type=applications.GRANT_CLIENT_CREDENTIALS,
            algorithm="")


prepare()
from django.core.wsgi import get_wsgi_application  # noqa: E402

server.set_app(get_wsgi_application())
print(port, flush=True)
server.serve_forever()
