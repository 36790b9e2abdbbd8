"""The studio's web server: a Starlette application served by uvicorn on the loopback address.

Starlette is a small, well-kept ASGI toolkit (routing, requests, responses, static files) and
uvicorn its usual server; neither needs anything at run time but Python packages, and the
front end is plain files of this package (no build step, no CDN).

Safe by construction, whatever a web page elsewhere in the browser tries:

- it listens on 127.0.0.1 unless told otherwise, and answers only requests whose ``Host`` is
  the address it listens on (a DNS-rebinding page names another host);
- every request carries the access token printed at start: the first page from its address
  (``?token=``), which leaves it in a cookie of this port only (HttpOnly, SameSite=Strict); the
  page's requests in a header too;
- a request that changes anything must carry the token in the ``X-Studio-Token`` header, be
  JSON, and come from this origin: a cross-site form or image can do none of these;
- request bodies are bounded (:data:`MAX_BODY`), files are those of :mod:`.files`, agent specs
  are built-in ones with bounded budgets, and rules are checked, compiled and played only in
  worker processes killed past their time limit (:mod:`.worker`).
"""

from __future__ import annotations

import contextlib
import json
import random
import secrets
import sys
import threading
import time
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool

from ..engine.loader import parse_param
from ..language.diagnostics import RulesError
from ..language.limits import MAX_LOG_BYTES, MAX_PLAYERS
from ..play.replay import FORMAT as LOG_FORMAT
from ..play.simulate import csv_text
from ..play.specs import check_file_agent_spec
from .files import Folder
from .service import diagnostics_json
from .worker import Refused, Worker, WorkerStopped

MAX_BODY = MAX_LOG_BYTES + 65_536  # the largest request: a log to replay
MAX_SESSIONS = 8  # tables and replays open at once; opening another closes the oldest
MAX_JOBS = 4  # analyses kept (running or finished); starting another drops the oldest finished
MAX_GAMES = 100_000  # of one analysis from the studio
STATIC = resources.files(__package__) / "static"


@attrs.define
class Limits:
    """Seconds a worker may take: to check a file, for one table request (the bots' moves
    included), for a whole analysis."""

    check: float = 20.0
    table: float = 60.0
    job: float = 1800.0


@attrs.define
class Job:
    kind: str
    worker: Worker
    total: int
    done: int = 0
    state: str = "running"  # running, done, failed, cancelled
    result: dict | None = None
    problem: Any = None
    started: float = attrs.field(factory=time.monotonic)
    seconds: float = 0.0


class Studio:
    """The server's state: the folder, the workers, the tables and the jobs."""

    def __init__(self, folder: str | Path, token: str, limits: Limits | None = None):
        self.folder = Folder(folder)
        self.token = token
        self.limits = limits or Limits()
        self.checker: Worker | None = None
        self.sessions: dict[str, tuple[str, Worker]] = {}  # id -> (kind, worker)
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def checker_worker(self) -> Worker:
        with self.lock:
            if self.checker is None or not self.checker.alive:
                self.checker = Worker("checker")
            return self.checker

    def open_session(self, kind: str) -> tuple[str, Worker]:
        with self.lock:
            while len(self.sessions) >= MAX_SESSIONS:
                _, (_, oldest) = next(iter(self.sessions.items()))
                self.sessions.pop(next(iter(self.sessions)))
                oldest.stop("closed: too many tables open")
            key = secrets.token_hex(8)
            worker = Worker(kind)
            self.sessions[key] = (kind, worker)
            return key, worker

    def session(self, key: str, kind: str) -> Worker:
        found = self.sessions.get(key)
        if found is None or found[0] != kind:
            raise NotFound(f"no {kind} {key[:20]}: it was closed, or the studio restarted")
        return found[1]

    def close(self) -> None:
        workers = [w for _, w in self.sessions.values()] + [j.worker for j in self.jobs.values()]
        for w in workers + ([self.checker] if self.checker else []):
            w.stop("the studio stopped")


class NotFound(Exception):
    pass


class BadRequest(Exception):
    pass


# --- guarding every request -----------------------------------------------------------------

class Guard:
    """ASGI middleware: the host, the token, the origin of state-changing requests, body sizes."""

    def __init__(self, app, studio: Studio, hosts: set[str], origins: set[str]):
        self.app, self.studio, self.hosts, self.origins = app, studio, hosts, origins
        self.cookie = "studio_token"

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        self.cookie = f"studio_token_{scope['server'][1]}" if scope.get("server") else "studio_token"
        if headers.get("host", "") not in self.hosts:
            return await refusal(send, 421, "this studio answers only at the address it printed")
        token = headers.get("x-studio-token") or cookie_value(headers.get("cookie", ""), self.cookie)
        query_token = query_value(scope.get("query_string", b"").decode("latin-1"), "token")
        first_page = scope["method"] == "GET" and scope["path"] == "/" and query_token is not None
        if first_page:
            token = query_token
        if not token or not secrets.compare_digest(token.encode(), self.studio.token.encode()):
            return await refusal(send, 403, "open the address that `cardrules studio` printed: it carries the "
                                            "access token")
        if first_page:  # leave the token in the cookie, and out of the address bar and history
            response = RedirectResponse("/", 303)
            response.set_cookie(self.cookie, token, httponly=True, samesite="strict", path="/")
            return await response(scope, receive, send)
        if scope["method"] not in ("GET", "HEAD"):
            origin = headers.get("origin")
            header_token = headers.get("x-studio-token", "")
            if not secrets.compare_digest(header_token.encode(), self.studio.token.encode()) \
                    or (origin is not None and origin not in self.origins) \
                    or headers.get("content-type", "").split(";")[0].strip() != "application/json" \
                    or headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
                return await refusal(send, 403, "a request that changes anything comes from the studio's own "
                                                "page, with the token in its header")
            length = headers.get("content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                return await refusal(send, 413, f"a request is at most {MAX_BODY:,} bytes")
            body = bytearray()
            while True:
                message = await receive()
                body += message.get("body", b"")
                if len(body) > MAX_BODY:
                    return await refusal(send, 413, f"a request is at most {MAX_BODY:,} bytes")
                if not message.get("more_body"):
                    break
            replayed = False

            async def receive_body():
                nonlocal replayed
                if replayed:
                    return await receive()
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await self.app(scope, receive_body, secured(send))
        return await self.app(scope, receive, secured(send))


SECURITY_HEADERS = [
    (b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
                                 b"form-action 'self'; base-uri 'none'"),
]


def secured(send):
    async def sending(message):
        if message["type"] == "http.response.start":
            message = {**message, "headers": list(message.get("headers", [])) + SECURITY_HEADERS}
        await send(message)
    return sending


async def refusal(send, status: int, message: str) -> None:
    body = json.dumps({"error": {"message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
                + SECURITY_HEADERS})
    await send({"type": "http.response.body", "body": body})


def cookie_value(header: str, name: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


def query_value(query: str, name: str) -> str | None:
    from urllib.parse import parse_qs
    values = parse_qs(query).get(name)
    return values[0] if values else None


# --- requests --------------------------------------------------------------------------------

def problem_json(problem: Any) -> dict:
    return problem if isinstance(problem, dict) else {"message": str(problem)}


def endpoint(handler):
    """A route whose handler runs in a thread (workers block) and whose problems are answers:
    diagnostics, a refusal with its reason, a worker stopped past its time limit."""
    async def run(request: Request) -> Response:
        studio: Studio = request.app.state.studio
        try:
            body = None
            if request.method == "POST":
                try:
                    body = json.loads(await request.body() or b"{}")
                except (ValueError, RecursionError):
                    raise BadRequest("the request is not JSON") from None
                if not isinstance(body, dict):
                    raise BadRequest("the request is not a JSON object")
            result = await run_in_threadpool(handler, studio, request, body or {})
        except RulesError as exc:
            return JSONResponse({"error": {"diagnostics": diagnostics_json(exc)}}, 400)
        except Refused as exc:
            return JSONResponse({"error": problem_json(exc.problem)}, 400)
        except WorkerStopped as exc:
            return JSONResponse({"error": {"message": str(exc), "stopped": True,
                                           "hint": "a rules file or a bot took too long; the studio goes on"}}, 504)
        except NotFound as exc:
            return JSONResponse({"error": {"message": str(exc)}}, 404)
        except BadRequest as exc:
            return JSONResponse({"error": {"message": str(exc)}}, 400)
        return result if isinstance(result, Response) else JSONResponse(result)
    return run


def field(body: dict, name: str, kind, default=None, required: bool = False):
    value = body.get(name, default)
    if value is None and not required:
        return None
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise BadRequest(f"`{name}` must be {getattr(kind, '__name__', kind)}")
    return value


def params_of(body: dict, key: str = "params") -> dict:
    """Parameters as the command line takes them: `players` and NAME=VALUE words."""
    values = {}
    text = field(body, key, str, "") or ""
    for word in text.split():
        name, value = parse_param(word)
        values[name] = value
    players = field(body, "players", int)
    if players is not None:
        if not 1 <= players <= MAX_PLAYERS:
            raise BadRequest(f"players must be 1..{MAX_PLAYERS}")
        values["players"] = players
    return values


def agents_of(body: dict, key: str = "agents") -> list[str]:
    value = body.get(key, "random")
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list) or not names or len(names) > MAX_PLAYERS:
        raise BadRequest(f"`{key}` names the agents")
    return [check_file_agent_spec(n.strip() if isinstance(n, str) else n, "the request", f"agent `{n}`")
            for n in names]


def index(studio: Studio, request: Request, body: dict) -> Response:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    return HTMLResponse(page.replace("{{TOKEN}}", studio.token))


def list_files(studio: Studio, request: Request, body: dict) -> dict:
    return studio.folder.listing()


def read_file(studio: Studio, request: Request, body: dict) -> dict:
    return studio.folder.read(request.query_params.get("path", ""))


def save_file(studio: Studio, request: Request, body: dict) -> dict:
    path = studio.folder.write(field(body, "path", str, required=True), field(body, "text", str, required=True),
                               new=bool(body.get("new")))
    return {"path": path}


def save_variant(studio: Studio, request: Request, body: dict) -> dict:
    path = studio.folder.variant(field(body, "base", str, required=True), field(body, "path", str, required=True))
    return {"path": path}


def editor_path(studio: Studio, body: dict) -> Path:
    """The file the editor's text stands for: the folder's or a bundled game, or a new one of the folder."""
    name = field(body, "path", str, required=True)
    return studio.folder.new_rules_path(name) if body.get("new") else studio.folder.rules_path(name)[0]


def check_text(studio: Studio, request: Request, body: dict) -> dict:
    """The diagnostics of the editor's text, checked as the file it will be saved as."""
    path = editor_path(studio, body)
    text = field(body, "text", str)
    return studio.checker_worker().call("check", str(path), text, params_of(body), limit=studio.limits.check)


def format_text(studio: Studio, request: Request, body: dict) -> dict:
    """The editor's text in the layout of `cardrules fmt`, or the diagnostic of where it does not
    parse: parsed, as a check is, in the checker's worker under the check's time limit."""
    path = editor_path(studio, body)
    text = field(body, "text", str, required=True)
    return studio.checker_worker().call("format", str(path), text, limit=studio.limits.check)


def opened_session(studio: Studio, kind: str, method: str, *args) -> dict:
    """A new session of `kind` whose worker first runs `method(*args)`: its id and first view,
    or, when that is refused or stops, no session left behind."""
    key, worker = studio.open_session(kind)
    try:
        view = worker.call(method, *args, limit=studio.limits.table)
    except (Refused, WorkerStopped):
        studio.sessions.pop(key, None)
        worker.stop("closed")
        raise
    return {"id": key, "view": view}


def open_table(studio: Studio, request: Request, body: dict) -> dict:
    name = field(body, "path", str, required=True)
    path, bundled = studio.folder.rules_path(name)
    seats = field(body, "seats", list, required=True)
    if not seats or len(seats) > MAX_PLAYERS:
        raise BadRequest("`seats` lists each seat: \"human\" or an agent")
    seats = [s if s == "human" else check_file_agent_spec(s, "the request", f"seat {i}", "the command line")
             for i, s in enumerate(seats)]
    seed = field(body, "seed", int)
    seed = random.randrange(1 << 30) if seed is None else seed
    params = params_of(body)
    params.setdefault("players", len(seats))
    return opened_session(studio, "table", "open_table", str(path), name if bundled else str(path), params, seed,
                          seats)


def table_view(studio: Studio, request: Request, body: dict) -> dict:
    worker = studio.session(request.path_params["id"], "table")
    seat = request.query_params.get("seat")
    if seat is not None and not seat.isdigit():
        raise BadRequest("`seat` is a seat's number")
    return worker.call("view", None if seat is None else int(seat), limit=studio.limits.table)


def table_move(studio: Studio, request: Request, body: dict) -> dict:
    worker = studio.session(request.path_params["id"], "table")
    return worker.call("move", field(body, "seat", int, required=True), field(body, "index", int, required=True),
                       limit=studio.limits.table)


def table_undo(studio: Studio, request: Request, body: dict) -> dict:
    return studio.session(request.path_params["id"], "table").call("undo", limit=studio.limits.table)


def table_save(studio: Studio, request: Request, body: dict) -> dict:
    """Write the game's log under the folder's logs/: the same file as `cardrules play --save`.
    The browser hears only where it was written: the log holds the seed."""
    from ..play.replay import GameLog
    worker = studio.session(request.path_params["id"], "table")
    data = worker.call("log", limit=studio.limits.table)
    log = GameLog(data["game"], data["params"], data["seed"], data["moves"], data["rules_sha256"], data["seats"])
    name = field(body, "name", str) or f"game-{time.strftime('%Y%m%d-%H%M%S')}"
    return {"path": studio.folder.save_log(log, name)}


def table_log(studio: Studio, request: Request, body: dict) -> Response:
    """The game's log, once the game is over (before, its seed would tell every hidden card)."""
    worker = studio.session(request.path_params["id"], "table")
    if not worker.call("is_over", limit=studio.limits.table):
        return JSONResponse({"error": {"message": "the log holds the seed, which tells every card: it is handed "
                                                  "out once the game is over",
                                       "hint": "save it to the folder instead (Save log)"}}, 409)
    data = worker.call("log", limit=studio.limits.table)
    return Response(json.dumps(data, indent=1) + "\n", media_type="application/json",
                    headers={"content-disposition": 'attachment; filename="game.json"'})


def open_replay(studio: Studio, request: Request, body: dict) -> dict:
    from ..play.replay import GameLog
    if "path" in body:
        log = studio.folder.read_log(field(body, "path", str, required=True))
    else:
        data = field(body, "log", dict, required=True)
        if data.get("format") != LOG_FORMAT:
            raise BadRequest(f'not a game log: a log has "format": "{LOG_FORMAT}"')
        import tempfile
        with tempfile.TemporaryDirectory() as scratch:  # read back as a file is: the same checks
            where = Path(scratch) / "log.json"
            where.write_text(json.dumps(data), encoding="utf-8")
            log = GameLog.read(where)
        log.folder = studio.folder.root
    path = studio.folder.log_rules(log)
    data = {"game": log.game, "params": log.params, "seed": log.seed, "moves": log.moves,
            "rules_sha256": log.rules_sha256, "seats": log.seats}
    return opened_session(studio, "replay", "open_replay", data, str(log.folder or studio.folder.root), path)


def replay_view(studio: Studio, request: Request, body: dict) -> dict:
    worker = studio.session(request.path_params["id"], "replay")
    at, seat = request.query_params.get("at", "0"), request.query_params.get("seat", "")
    if not at.isdigit() or (seat and not seat.isdigit()):
        raise BadRequest("`at` is a move's number and `seat` a seat's")
    return worker.call("replay_view", int(at), int(seat) if seat else None, limit=studio.limits.table)


# --- analyses --------------------------------------------------------------------------------

def start_job(studio: Studio, request: Request, body: dict) -> dict:
    kind = field(body, "kind", str, required=True)
    games = field(body, "games", int, 200)
    seed = field(body, "seed", int, 0)
    if not 1 <= games <= MAX_GAMES:
        raise BadRequest(f"games must be 1..{MAX_GAMES:,}")
    path = str(studio.folder.rules_path(field(body, "path", str, required=True))[0])
    args: tuple  # what the worker's job of this kind is called with
    if kind == "simulate":
        args = (path, params_of(body), games, seed, agents_of(body), bool(body.get("metrics")))
        total = games
    elif kind == "compare":
        variant = str(studio.folder.rules_path(field(body, "variant", str, required=True))[0])
        args = (path, params_of(body), variant, params_of(body, "variant_params") | params_of(body), games, seed,
                agents_of(body), bool(body.get("metrics")))
        total = 2 * games
    elif kind == "tournament":
        agents = agents_of(body)
        deals = (games + 1) // 2
        args = (path, params_of(body), games, seed, agents)
        total = len(set(agents)) * (len(set(agents)) - 1) // 2 * 2 * deals
    elif kind == "validate":
        args = (path, params_of(body), games, seed, bool(body.get("flow")))
        total = games
    else:
        raise BadRequest("`kind` is simulate, compare, tournament or validate")
    with studio.lock:
        finished = [k for k, j in studio.jobs.items() if j.state != "running"]
        if len(studio.jobs) >= MAX_JOBS and not finished:
            raise BadRequest(f"{MAX_JOBS} analyses are running: wait for one, or cancel it")
        while len(studio.jobs) >= MAX_JOBS:
            studio.jobs.pop(finished.pop(0)).worker.stop("dropped")
        key = secrets.token_hex(8)
        job = studio.jobs[key] = Job(kind, Worker(kind), total)

    def progress(done: int) -> None:
        job.done = done

    def work() -> None:
        try:
            job.result = job.worker.call(kind, *args, limit=studio.limits.job, progress=progress)
            job.state = "done"
            job.done = job.total
        except Refused as exc:
            job.problem, job.state = problem_json(exc.problem), "failed"
        except WorkerStopped as exc:
            if job.state != "cancelled":
                job.problem, job.state = {"message": str(exc), "stopped": True}, "failed"
        finally:
            job.seconds = time.monotonic() - job.started
            job.worker.stop("finished")
    threading.Thread(target=work, name=f"job {key}", daemon=True).start()
    return {"id": key}


def job_status(studio: Studio, request: Request, body: dict) -> dict:
    job = studio.jobs.get(request.path_params["id"])
    if job is None:
        raise NotFound("no such analysis")
    seconds = job.seconds if job.state != "running" else time.monotonic() - job.started
    return {"kind": job.kind, "state": job.state, "done": job.done, "total": job.total, "seconds": seconds,
            "problem": job.problem, "result": job.result["json"] if job.result else None}


def job_cancel(studio: Studio, request: Request, body: dict) -> dict:
    job = studio.jobs.get(request.path_params["id"])
    if job is None:
        raise NotFound("no such analysis")
    if job.state == "running":
        job.state = "cancelled"
        job.worker.stop("cancelled")
    return {"state": job.state}


def job_download(studio: Studio, request: Request, body: dict) -> Response:
    job = studio.jobs.get(request.path_params["id"])
    if job is None or job.result is None:
        raise NotFound("no results to download")
    if request.path_params["format"] == "json":
        from ..play.simulate import dumps
        data = job.result["json"]
        text = dumps(data) if "results" in data else json.dumps(data, indent=1) + "\n"
        media = "application/json"
    else:
        text = csv_text(job.result["csv"], job.result["csv_header"])
        media = "text/csv"
    name = f"{job.kind}.{request.path_params['format']}"
    return Response(text, media_type=media, headers={"content-disposition": f'attachment; filename="{name}"'})


def routes() -> list:
    def get(path, handler):
        return Route(path, endpoint(handler), methods=["GET"])

    def post(path, handler):
        return Route(path, endpoint(handler), methods=["POST"])
    return [
        get("/", index),
        get("/api/files", list_files), get("/api/file", read_file), post("/api/file", save_file),
        post("/api/variant", save_variant), post("/api/check", check_text),
        post("/api/format", format_text),
        post("/api/tables", open_table), get("/api/tables/{id}", table_view),
        post("/api/tables/{id}/move", table_move), post("/api/tables/{id}/undo", table_undo),
        post("/api/tables/{id}/save", table_save), get("/api/tables/{id}/log", table_log),
        post("/api/replays", open_replay), get("/api/replays/{id}", replay_view),
        post("/api/jobs", start_job), get("/api/jobs/{id}", job_status), post("/api/jobs/{id}/cancel", job_cancel),
        get("/api/jobs/{id}/result.{format:str}", job_download),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]


def make_app(studio: Studio, host: str, port: int) -> Guard:
    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        studio.close()

    app = Starlette(routes=routes(), lifespan=lifespan)
    app.state.studio = studio
    names = {host, "127.0.0.1", "localhost"} if host in ("127.0.0.1", "localhost") else {host}
    shown = {f"[{h}]" if ":" in h else h for h in names}
    hosts = {f"{h}:{port}" for h in shown}
    return Guard(app, studio, hosts, {f"http://{h}" for h in hosts})


# --- starting -------------------------------------------------------------------------------

LOOPBACK = "127.0.0.1"


class Server:
    """The studio listening on `host`:`port` (0: a free port), in this thread or another."""

    def __init__(self, folder: str | Path, host: str = LOOPBACK, port: int = 0, limits: Limits | None = None,
                 token: str | None = None):
        import socket

        import uvicorn
        self.token = token or secrets.token_urlsafe(24)
        self.studio = Studio(folder, self.token, limits)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.socket(family, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        self.socket.listen(64)
        self.host, self.port = host, self.socket.getsockname()[1]
        config = uvicorn.Config(make_app(self.studio, host, self.port), log_level="warning", access_log=False,
                                lifespan="on", timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread: threading.Thread | None = None

    @property
    def address(self) -> str:
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}/"

    @property
    def url(self) -> str:
        return f"{self.address}?token={self.token}"

    def run(self) -> None:
        self.server.run(sockets=[self.socket])

    def start(self) -> Server:
        self.studio.checker_worker()  # started now, ready by the first check
        self.thread = threading.Thread(target=self.run, name="studio", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(10)
        self.studio.close()


def serve(folder: str | Path, host: str = LOOPBACK, port: int = 0, open_browser: bool = True,
          echo=print) -> None:
    """`cardrules studio`: serve until Ctrl-C."""
    server = Server(folder, host, port)
    if host != LOOPBACK:
        echo(f"warning: the studio listens on {host}: anyone who can reach it there and learns the token can "
             "read and write the rules files of the folder", file=sys.stderr)
    echo(f"cardrules studio: {server.studio.folder.root}")
    echo(f"open {server.url}")
    echo("Ctrl-C stops it")
    server.studio.checker_worker()
    if open_browser:
        import webbrowser
        threading.Timer(0.5, webbrowser.open, (server.url,)).start()
    try:
        server.run()
    finally:
        server.studio.close()

