"""A studio served on the loopback address for the tests, and plain HTTP requests to it (no
browser, no client library: what goes over the wire is exactly what a test sends)."""

from __future__ import annotations

import http.client
import json

import pytest

from extras import skip_if_extra_missing


def start_studio(folder, **limits):
    try:
        from cardrules.studio.server import Limits, Server
    except ModuleNotFoundError as exc:
        skip_if_extra_missing(exc, "the studio")
        raise
    return Server(folder, limits=Limits(**limits) if limits else None).start()


class Client:
    """Requests as the studio's own page makes them (the token in a header, JSON bodies), and
    any of it left out or changed to test the guards."""

    def __init__(self, server):
        self.server = server
        self.host = f"127.0.0.1:{server.port}"

    def request(self, method: str, path: str, body=None, token: str | None = "", headers: dict | None = None,
                raw: bytes | None = None) -> tuple[int, dict | str, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=120)
        sent = {"Host": self.host}
        if token == "":
            token = self.server.token
        if token is not None:
            sent["X-Studio-Token"] = token
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        text = response.read().decode("utf-8")
        conn.close()
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        return response.status, value, {k.lower(): v for k, v in response.getheaders()}

    def get(self, path: str, **kw):
        return self.request("GET", path, **kw)

    def post(self, path: str, body=None, **kw):
        return self.request("POST", path, body if body is not None else {}, **kw)

    def ok(self, method: str, path: str, body=None):
        status, value, _ = self.request(method, path, {} if body is None and method == "POST" else body)
        assert status == 200, (status, value)
        return value


@pytest.fixture(scope="module")
def studio_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("studio")


@pytest.fixture(scope="module")
def server(studio_folder):
    running = start_studio(studio_folder)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def client(server):
    return Client(server)
