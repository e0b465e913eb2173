"""Web Push as a push service sees it, checked against independent implementations: a room's
start reaches a local push service (a plain-http receiver on loopback, which the server takes
with `--allow-local-push-endpoints`); its body is decrypted with `http-ece` (RFC 8188/8291,
aes128gcm) and its VAPID token (RFC 8292) verified with `py-vapid`. Also: a push service's
redirect is never followed, and subscriptions the server must not keep are refused."""

import base64
import json
import os
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import py_vapid
import py_vapid.jwt
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from api_contract import Client, Contract
from conftest import started_server

# How long a push may take to arrive after the start answers (it is sent in the background).
PUSH_DEADLINE = 20
# How long to keep listening for a push that must not come, once the one that must has come.
QUIET_SECONDS = 1.5
# The most a VAPID token may live (RFC 8292 §2).
DAY = 24 * 60 * 60


@pytest.fixture(scope="module")
def push_server():
    """A server that takes push endpoints on loopback, so this file's receivers get its pushes."""
    server = started_server("push", {}, arguments=["--allow-local-push-endpoints"])
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def contract():
    return Contract()


@pytest.fixture
def client(push_server, contract):
    """Makes a new player: a cookie jar, filled by a first visit, every answer checked against
    the contract."""
    def make():
        player = Client(push_server.url, contract)
        player.get("/")
        return player
    return make


@pytest.fixture
def receivers():
    """Makes local push services; each is shut down after the test."""
    made = []

    def make(**options):
        receiver = PushReceiver(**options)
        made.append(receiver)
        return receiver
    yield make
    for receiver in made:
        receiver.close()


# MARK: - A push service on loopback


@dataclass
class Received:
    """One request a receiver got."""
    path: str
    headers: dict
    body: bytes


@dataclass
class PushReceiver:
    """An HTTP server on loopback (`host`, 127.0.0.1 or ::1) in a thread of its own that notes
    every POST and answers it with `status` (and `headers`)."""
    status: int = 201
    headers: dict = field(default_factory=dict)
    host: str = "127.0.0.1"

    def __post_init__(self):
        self.received = []
        self._arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                self.send_response(receiver.status)
                for name, value in receiver.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()
                with receiver._arrived:
                    # Header names in lower case, as HTTP treats them.
                    headers = {name.lower(): value for name, value in self.headers.items()}
                    receiver.received.append(Received(self.path, headers, body))
                    receiver._arrived.notify_all()

            def log_message(self, *arguments):
                pass

        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        server_class = type("Server", (ThreadingHTTPServer,), {"address_family": family})
        self._server = server_class((self.host, 0), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        literal = f"[{self.host}]" if family == socket.AF_INET6 else self.host
        self.origin = f"http://{literal}:{self.port}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    def url(self, path):
        return self.origin + path

    def at(self, path):
        """The requests received at `path` so far."""
        with self._arrived:
            return [request for request in self.received if request.path == path]

    def wait_for(self, path, timeout=PUSH_DEADLINE):
        """The first request received at `path`, waiting for it up to `timeout` seconds."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while True:
                found = [request for request in self.received if request.path == path]
                remaining = deadline - time.monotonic()
                if found or remaining <= 0:
                    break
                self._arrived.wait(remaining)
        assert found, f"no push reached {self.url(path)} within {timeout} s"
        return found[0]

    def close(self):
        self._server.shutdown()
        self._server.server_close()


# MARK: - A browser's subscription


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Subscription:
    """What a browser keeps of its subscription to read the pushes: its key pair and secret."""
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    def keys(self):
        """The `keys` of `PushSubscription.toJSON()`."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}

    def decrypt(self, body):
        """The push's JSON, decrypted by http-ece as a browser would (RFC 8291)."""
        plain = http_ece.decrypt(body, private_key=self.private_key, auth_secret=self.auth,
                                 version="aes128gcm")
        return json.loads(plain)


def new_subscription(endpoint):
    """A browser's new subscription at `endpoint`: a P-256 key pair and a 16-byte secret."""
    return Subscription(endpoint, ec.generate_private_key(ec.SECP256R1()), os.urandom(16))


def subscribe(player, endpoint):
    """Subscribes `player`'s device at `endpoint` with a new key pair; the server keeps it."""
    subscription = new_subscription(endpoint)
    kept = player.post("/push/subscriptions", 201,
                       json_body={"endpoint": endpoint, "keys": subscription.keys()})
    assert kept["endpoint"] == endpoint and "roomStarted" in kept["notify"], kept
    return subscription


# MARK: - A room played a turn a day


def daily_room(host, guest):
    """A daily Memorize room of the host's first theme, Ana hosting and Bo seated; not started."""
    theme = host.get("/")["rows"][0]["theme"]["id"]
    room = host.post("/rooms", 201, json_body={"game": "memorize", "themeID": theme, "pace": "daily",
                                               "name": "Ana"})
    guest.post("/rooms/{code}/join", path={"code": room["code"]}, json_body={"name": "Bo"})
    return room


def start(host, room):
    host.post("/rooms/{code}/start", path={"code": room["code"]}, json_body={})


# MARK: - VAPID (RFC 8292)


def vapid_parameters(authorization):
    """`t` and `k` of `Authorization: vapid t=…, k=…` (auth-params, any spaces around the comma).

    NB: py-vapid's own `Vapid02.verify` splits the header at its last space and reads the
    parameters without spaces (`t=…,k=…`, as py-vapid writes them), so it cannot read RFC 8292's
    own example form; the header is parsed here and the signature checked by py-vapid's key."""
    scheme, _, rest = authorization.partition(" ")
    assert scheme.lower() == "vapid", authorization
    parameters = {}
    for part in rest.split(","):
        name, _, value = part.strip().partition("=")
        parameters[name] = value
    assert set(parameters) == {"t", "k"}, authorization
    return parameters["t"], parameters["k"]


def verified_claims(token, key):
    """The token's claims once py-vapid finds its ES256 signature made by `key`'s private key."""
    signed, _, signature = token.rpartition(".")
    verifier = py_vapid.Vapid02.from_raw_public(key.encode())
    assert verifier.verify_token(validation_token=signed.encode(), verification_token=signature), \
        "the VAPID signature is not valid under k"
    # The oracle can fail: the same signature over other text is refused.
    forged = signed[:-1] + ("B" if signed.endswith("A") else "A")
    assert not verifier.verify_token(validation_token=forged.encode(), verification_token=signature)
    header = signed.split(".")[0]
    assert json.loads(b64url_decode(header)) == {"typ": "JWT", "alg": "ES256"}
    # py-vapid's decoder checks the signature itself and answers the claims.
    return py_vapid.jwt.decode(token, key)


def is_contact(sub):
    """A `mailto:` address or an `https:` URL, as RFC 8292 §2.1 asks of `sub`."""
    scheme, _, rest = sub.partition(":")
    if scheme == "mailto":
        return "@" in rest
    return scheme == "https" and rest.startswith("//") and len(rest) > 2


# MARK: - Tests


def test_a_room_start_reaches_the_other_players_push_service(client, receivers):
    """Bo, seated and with no page of the room open, gets a push when Ana starts the room: an
    aes128gcm body http-ece decrypts with Bo's keys, a VAPID token py-vapid verifies under the
    server's key, naming the push service's origin; Ana, who started it, gets nothing."""
    ana, bo = client(), client()
    service = receivers()
    room = daily_room(ana, bo)
    bos = subscribe(bo, service.url("/bo"))
    subscribe(ana, service.url("/ana"))
    start(ana, room)

    push = service.wait_for("/bo")
    assert push.headers.get("content-encoding") == "aes128gcm", push.headers
    ttl = push.headers.get("ttl")
    assert ttl is not None and ttl.isdigit() and 0 < int(ttl) <= DAY, push.headers

    notice = bos.decrypt(push.body)
    code = room["code"]
    assert notice["kind"] == "roomStarted", notice
    assert notice["url"] == f"/rooms/{code}", notice
    assert room["displayCode"] in notice["title"], notice
    assert notice["tag"] == f"room-{code}", notice

    token, key = vapid_parameters(push.headers["authorization"])
    assert key == ana.get("/push/key")["publicKey"]
    claims = verified_claims(token, key)
    assert claims["aud"] == service.origin, claims
    now = time.time()
    assert now < claims["exp"] <= now + DAY + 60, claims
    assert is_contact(claims["sub"]), claims

    time.sleep(QUIET_SECONDS)
    assert service.at("/ana") == [], "Ana started the room and was told about it"
    assert len(service.at("/bo")) == 1


def test_a_push_service_redirect_is_not_followed(client, receivers):
    """A push service that answers 307 elsewhere: the server does not send the push there."""
    ana, bo = client(), client()
    elsewhere = receivers()
    redirecting = receivers(status=307, headers={"Location": elsewhere.url("/moved")})
    room = daily_room(ana, bo)
    subscribe(bo, redirecting.url("/bo"))
    start(ana, room)

    redirecting.wait_for("/bo")
    time.sleep(QUIET_SECONDS)
    assert elsewhere.received == [], "the push followed the push service's redirect"
    assert len(redirecting.at("/bo")) == 1, "a redirected push was sent again"


def has_ipv6_loopback():
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not has_ipv6_loopback(), reason="no IPv6 loopback here")
def test_the_vapid_audience_of_an_ipv6_push_service_is_its_origin(client, receivers):
    """The token's `aud` is the push service's origin as RFC 6454 writes it, brackets and all."""
    ana, bo = client(), client()
    service = receivers(host="::1")
    room = daily_room(ana, bo)
    subscribe(bo, service.url("/bo"))
    start(ana, room)

    token, key = vapid_parameters(service.wait_for("/bo").headers["authorization"])
    assert verified_claims(token, key)["aud"] == service.origin


REFUSED_ENDPOINTS = [
    # No DNS in a sandbox: refused because the name does not resolve; with DNS, for being http.
    "http://push.example.org/x",
    # A public address over plain http: only loopback may be http, and only with the flag.
    "http://1.1.1.1/x",
    "https://10.0.0.1/x",
    # NB: loopback itself (http or https) is taken by this server, started with the tests' flag;
    # without it, the Swift tests (PushSubscriptionHTTPTests) see it refused.
]


@pytest.mark.parametrize("endpoint", REFUSED_ENDPOINTS)
def test_an_endpoint_no_push_may_go_to_is_refused(client, endpoint):
    """Each is a 400 whose message names `endpoint`, and nothing is kept."""
    bo = client()
    keys = new_subscription(endpoint).keys()
    answer = bo.post("/push/subscriptions", 400, json_body={"endpoint": endpoint, "keys": keys})
    assert "endpoint" in answer["error"]["message"], answer
    if endpoint == "http://1.1.1.1/x":
        assert answer["error"]["message"] == "endpoint must be an https URL.", answer
    bo.delete("/push/subscriptions", 404, json_body={"endpoint": endpoint})


def test_a_three_megabyte_subscription_is_too_large(client):
    """A body far over the 64 KB limit is 413 (not a 5xx), and the server goes on answering."""
    bo = client()
    endpoint = "http://127.0.0.1:9/" + "a" * 3_000_000
    body = {"endpoint": endpoint, "keys": new_subscription(endpoint).keys()}
    answer = bo.post("/push/subscriptions", 413, json_body=body)
    assert answer["error"]["status"] == 413, answer
    assert bo.get("/push/key")["publicKey"]
