"""The studio's server at the HTTP level (docs/studio.md, "Safe by construction"): the token on
every request, the loopback address and the Host it answers to, cross-site requests refused,
bounded bodies, the file policy, a runaway rules file stopped by its worker's time limit, and
the no-peeking rule on the wire: a browser is sent only what the seats it plays may see."""

from __future__ import annotations

import json
import os
import random
import re
import time

import pytest

from cardrules import load_game
from cardrules.engine.observation import after_its_own_statements
from studio_client import Client, client, server, start_studio, studio_folder  # noqa: F401 (fixtures)

WAR = (os.path.dirname(__file__) + "/../games/war.rules")
MISTAKE = 'game "Oops"\nplayers 2..2\ndeck { suits C D ranks A K }\nzone stock: shared, hidden, starts with deck\n' \
          'var x: nmber = 0\nsetup { goto play }\nphase play { turn players[0]\n  move go { end game } }\nscore p: 0\n'
# Each step stays within the engine's work budget, and the steps go round and round: only the
# studio's time limit stops it, on any machine (a single step over the budget would be refused
# by the engine first, sooner on a fast machine than the time limit).
RUNAWAY = '''game "Runaway"
players 2..2
deck { suits C D ranks A K }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
var x: number = 0
setup { goto spin }
phase spin {
  do {
    repeat at most 1000000 while x >= 0 { x += 1 }
    if x < 0 { end game }
    x = 0
    goto spin
  }
}
score p: x
'''


# --- the token, the host, the origin ----------------------------------------------------------

def test_every_request_needs_the_token(client):
    for path in ("/", "/api/files", "/static/studio.js", "/api/file?path=war", "/api/jobs/x"):
        status, body, _ = client.get(path, token=None)
        assert status == 403, path
        assert "access token" in body["error"]["message"]
        assert client.get(path, token="not-the-token")[0] == 403
    assert client.post("/api/check", {"path": "war"}, token=None)[0] == 403
    assert client.get("/api/files")[0] == 200


def test_the_first_page_leaves_the_token_in_a_strict_cookie_of_this_port(client, server):
    status, _, headers = client.get(f"/?token={server.token}", token=None)
    assert status == 303 and headers["location"] == "/"
    cookie = headers["set-cookie"]
    name = f"studio_token_{server.port}"
    assert cookie.startswith(f"{name}={server.token}") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    status, page, headers = client.get("/", token=None, headers={"Cookie": f"{name}={server.token}"})
    assert status == 200 and "cardrules studio" in page
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["referrer-policy"] == "no-referrer"
    assert client.get("/", token=None, headers={"Cookie": f"studio_token_1={server.token}"})[0] == 403


def test_it_listens_on_loopback_and_answers_only_to_its_own_host(client, server):
    assert server.socket.getsockname()[0] == "127.0.0.1"
    for host in ("evil.example:80", f"evil.example:{server.port}", "127.0.0.1:1", ""):
        status, body, _ = client.get("/api/files", headers={"Host": host})
        assert status == 421, host
    assert client.get("/api/files", headers={"Host": f"localhost:{server.port}"})[0] == 200


def test_a_cross_site_request_cannot_change_anything(client, server):
    body = {"path": "planted.rules", "text": 'game "x"\n'}
    cookie = {"Cookie": f"studio_token_{server.port}={server.token}"}
    refused = [
        dict(token=None, headers=cookie),                                     # a form: the cookie only
        dict(headers={"Origin": "http://evil.example"}),                      # another origin
        dict(headers={"Origin": f"http://127.0.0.1:{server.port + 1}"}),
        dict(headers={"Sec-Fetch-Site": "cross-site"}),
        dict(headers={"Content-Type": "text/plain"}),                         # a simple request, no preflight
        dict(headers={"Content-Type": "application/x-www-form-urlencoded"}),
    ]
    for options in refused:
        status, answer, _ = client.post("/api/file", body, **options)
        assert status == 403, options
        assert not (server.studio.folder.root / "planted.rules").exists()
    status, _, _ = client.post("/api/file", body, headers={"Origin": f"http://127.0.0.1:{server.port}"})
    assert status == 200 and (server.studio.folder.root / "planted.rules").exists()


def test_request_bodies_are_bounded(client):
    from cardrules.studio.server import MAX_BODY
    big = b'{"path": "war", "text": "' + b"#" * (MAX_BODY + 10) + b'"}'
    status, body, _ = client.request("POST", "/api/check", raw=big, headers={"Content-Type": "application/json"})
    assert status == 413 and "at most" in body["error"]["message"]
    status, _, _ = client.request("POST", "/api/check", raw=b"{}", headers={"Content-Type": "application/json",
                                                                            "Content-Length": "99999999999"})
    assert status == 413
    status, body, _ = client.post("/api/file", {"path": "huge.rules", "text": "#" * 300_000})
    assert status == 400 and "larger than" in json.dumps(body)


def test_a_request_that_is_not_json_is_refused_with_a_message(client):
    status, body, _ = client.request("POST", "/api/check", raw=b"{not json", headers={"Content-Type": "application/json"})
    assert status == 400 and body["error"]["message"] == "the request is not JSON"
    status, body, _ = client.post("/api/tables", {"path": "war", "seats": "human"})
    assert status == 400 and "`seats`" in body["error"]["message"]


# --- the file policy -----------------------------------------------------------------------------

def test_only_rules_files_under_the_folder_and_bundled_games_are_read(client, studio_folder, tmp_path):
    outside = tmp_path / "secret.rules"
    outside.write_text('game "Secret"\n')
    (studio_folder / "link.rules").symlink_to(outside)
    (studio_folder / "notes.txt").write_text("not rules")
    for name in ("../secret.rules", str(outside), "link.rules", "notes.txt", "/etc/passwd", "../../etc/passwd",
                 ".hidden.rules", "a/../../secret.rules", "x" * 500 + ".rules"):
        status, body, _ = client.get(f"/api/file?path={name}")
        assert status == 400, name
        assert "Secret" not in json.dumps(body) and "root:" not in json.dumps(body)
    file = client.ok("GET", "/api/file?path=cassino")
    assert file["bundled"] and 'game "Cassino"' in file["text"]
    assert "notes.txt" not in json.dumps(client.ok("GET", "/api/files"))


def test_writes_stay_under_the_folder_in_rules_files_and_never_through_a_link(client, studio_folder, tmp_path):
    target = tmp_path / "victim.rules"
    target.write_text("untouched")
    (studio_folder / "trap.rules").symlink_to(target)
    for name in ("../escape.rules", "trap.rules", "notes.json", "cassino", "sub/none.rules", "/tmp/x.rules"):
        status, body, _ = client.post("/api/file", {"path": name, "text": 'game "x"\n'})
        assert status == 400, name
    assert target.read_text() == "untouched" and not (tmp_path / "escape.rules").exists()
    assert client.post("/api/file", {"path": "mine.rules", "text": "one"})[0] == 200
    assert client.post("/api/file", {"path": "mine.rules", "text": "two", "new": True})[0] == 400
    assert (studio_folder / "mine.rules").read_text() == "one"


def test_a_bundled_game_saved_as_a_variant_extends_it_and_checks(client, studio_folder):
    made = client.ok("POST", "/api/variant", {"base": "cassino", "path": "my_cassino"})
    assert made["path"] == "my_cassino.rules"
    assert 'extends "cassino"' in (studio_folder / "my_cassino.rules").read_text()
    checked = client.ok("POST", "/api/check", {"path": "my_cassino.rules"})
    assert checked["ok"] and checked["info"]["title"] == "My Cassino"
    assert client.post("/api/variant", {"base": "cassino", "path": "my_cassino"})[0] == 400  # never overwritten


# --- checking ------------------------------------------------------------------------------------

def test_check_reports_the_checkers_diagnostics_with_span_and_hint(client):
    result = client.ok("POST", "/api/check", {"path": "oops.rules", "text": MISTAKE, "new": True})
    assert not result["ok"]
    [d] = result["diagnostics"]
    assert d["message"] == "unknown type `nmber`" and (d["line"], d["column"], d["end_column"]) == (5, 8, 13)
    assert d["hint"].startswith("did you mean `number`?") and d["source_line"] == "var x: nmber = 0"
    fixed = client.ok("POST", "/api/check", {"path": "oops.rules", "text": MISTAKE.replace("nmber", "number"),
                                             "new": True})
    assert fixed["ok"] and fixed["diagnostics"] == []
    info = fixed["info"]
    assert info["phases"][0]["moves"][0]["name"] == "go" and info["actions"]["labels"][0] == "move:go"


MESSY = 'game   "Oops"\nplayers 2..2\ndeck {suits C D ranks A K}\nzone stock:shared,hidden,starts with deck\n\n\n' \
        'var x:number=0\nsetup{goto play}\nphase play { turn players[0]\n      move go { end game } }\nscore p: x+1   \n'


def test_format_lays_the_text_out_as_cardrules_fmt_does(client):
    from cardrules.editor.formatter import format_rules
    result = client.ok("POST", "/api/format", {"path": "oops.rules", "text": MESSY, "new": True})
    assert result["ok"] and result["diagnostics"] == []
    assert result["text"] == format_rules(MESSY) != MESSY
    assert "var x: number = 0\n" in result["text"] and "score p: x + 1\n" in result["text"]
    again = client.ok("POST", "/api/format", {"path": "oops.rules", "text": result["text"], "new": True})
    assert again["text"] == result["text"]


def test_format_of_a_text_that_does_not_parse_gives_the_parsers_diagnostic(client, studio_folder):
    broken = MESSY.replace("x:number=0", "x:number==0")
    result = client.ok("POST", "/api/format", {"path": "oops.rules", "text": broken, "new": True})
    assert not result["ok"] and result["text"] is None
    [d] = result["diagnostics"]
    assert (d["line"], d["column"]) == (7, 14) and d["source_line"] == "var x:number==0"
    assert d["file"] == str(studio_folder / "oops.rules") and "oops.rules:7:14" in d["text"]
    assert d["message"].startswith("unexpected `=`; expected")


def test_format_needs_the_token_the_page_s_origin_and_a_bounded_text(client, server):
    body = {"path": "oops.rules", "text": MESSY, "new": True}
    for options in (dict(token=None), dict(token="not-the-token"), dict(headers={"Origin": "http://evil.example"}),
                    dict(headers={"Content-Type": "text/plain"}),
                    dict(token=None, headers={"Cookie": f"studio_token_{server.port}={server.token}"})):
        status, answer, _ = client.post("/api/format", body, **options)
        assert status == 403 and "text" not in answer, options
    status, answer, _ = client.post("/api/format", {"path": "oops.rules", "text": "#" * 300_000, "new": True})
    assert status == 400 and "larger than" in answer["error"]["message"]
    assert client.post("/api/format", {"path": "../oops.rules", "text": MESSY, "new": True})[0] == 400


def test_info_is_what_cardrules_info_says(client):
    info = client.ok("POST", "/api/check", {"path": "cassino"})["info"]
    assert info["players"] == {"low": 2, "high": 4, "default": 2, "now": 2}
    assert [p["name"] for p in info["params"]] == ["partnerships", "target", "last_cards"]
    assert info["params"][1]["choices"] == [21, 31] and info["deck"] == 52
    assert info["actions"]["count"] == len(info["actions"]["labels"]) == 421  # tokens, then move heads


# --- the no-peeking rule on the wire ------------------------------------------------------------

def card_names(game):
    return sorted(set(game.deck.names), key=len, reverse=True)


def named_cards(text: str, names) -> set[str]:
    pattern = re.compile(r"(?<![\w#])(" + "|".join(map(re.escape, names)) + r")(?![\w#])")
    return set(pattern.findall(text))


def play_through(client, path: str, seats: list[str], seed: int, params: str = ""):
    """A whole game at the studio's table, seat 0 clicking moves chosen at random: every
    response as sent, the log once it was over."""
    opened = client.ok("POST", "/api/tables", {"path": path, "seats": seats, "seed": seed, "params": params})
    table, view = opened["id"], opened["view"]
    sent = [json.dumps(opened)]
    rng = random.Random(seed)
    while not view["over"]:
        status, refused, _ = client.get(f"/api/tables/{table}/log")
        assert status == 409 and "seed" in refused["error"]["message"]  # not before the end
        assert view["moves"] and view["turn"] == 0
        status, view, _ = client.post(f"/api/tables/{table}/move", {"seat": 0, "index": rng.randrange(len(view["moves"]))})
        assert status == 200, view
        sent.append(json.dumps(view))
    return sent, client.ok("GET", f"/api/tables/{table}/log")


def wire_leaks(game, sent: list[str], states: list, moves: list) -> list[str]:
    """The card names in each response that seat 0 never saw up to that response's position
    (`moves`: the position and the move played in it, for each move of the game)."""
    names = card_names(game)
    problems = []
    for text in sent:
        view = json.loads(text)
        view = view.get("view", view)
        played = view["moves_played"]
        # A move may show a card that the automatic phases after it take away again (a trail
        # swept up at the end of the hand): what its own statements did is seen too.
        moments = states[:played + 1] + [after_its_own_statements(st, move) for st, move in moves[:played]]
        seen = {game.deck.names[c] for st in moments for c in range(game.deck_size) if game.visible_to(st, c, 0)}
        leaked = named_cards(text, names) - seen
        if leaked:
            problems.append(f"after {played} moves: {sorted(leaked)}")
    return problems


@pytest.mark.parametrize("path, seats, seed", [("sete-e-meio", ["human", "random", "greedy"], 5),
                                               ("cassino", ["human", "greedy"], 2)])
def test_a_browser_is_sent_only_what_its_seat_may_see(client, path, seats, seed):
    from cardrules.studio.views import TableView
    sent, log = play_through(client, path, seats, seed)
    assert log["format"] == "cardrules-log/1" and log["seed"] == seed and log["seats"]["0"] == "human"
    assert all('"seed"' not in text for text in sent)
    game = load_game(path, {"players": len(seats)})
    states = [game.new_state(seed)]
    moves = []
    for text in log["moves"]:
        states.append(states[-1].clone())
        moves.append((states[-2], states[-1].apply(text)))
    assert states[-1].is_over
    # Every table sent is the observation of seat 0 drawn, nothing more.
    view_of = TableView(game, {p: f"bot {s}" for p, s in enumerate(seats) if s != "human"})
    for text in sent:
        view = json.loads(text)
        view = view.get("view", view)
        at = states[view["moves_played"]]
        expected = view_of.board(at.observation(0), at)
        assert {k: view[k] for k in expected} == expected
    assert wire_leaks(game, sent, states, moves) == []
    # The check can fail: a hidden card of the first position, planted in a response, is found.
    hidden = next(game.deck.names[c] for c in range(game.deck_size) if not game.visible_to(states[0], c, 0))
    planted = json.loads(sent[0])
    planted["view"]["narration"].append({"who": "x", "move": f"play {hidden}", "events": []})
    assert wire_leaks(game, [json.dumps(planted)], states, moves) != []


def test_a_bots_move_reads_with_the_cards_the_seat_cannot_see_hidden(client):
    """Cribbage's discards go face down to the crib: the bot's `discard 7H 10S` reaches seat 0
    as `discard ?? ??`, and the narration counts the cards without naming them."""
    opened = client.ok("POST", "/api/tables", {"path": "cribbage", "seats": ["human", "random"], "seed": 3})
    view = client.ok("POST", f"/api/tables/{opened['id']}/move", {"seat": 0, "index": 0})
    [discard] = [line for line in view["narration"] if line["seat"] == 1 and line["move"].startswith("discard")]
    assert discard["move"] == "discard ?? ??"
    assert "2 unseen cards" in " ".join(discard["events"])


def test_hot_seat_shows_nobody_the_table_until_they_say_who_they_are(client):
    opened = client.ok("POST", "/api/tables", {"path": "war", "seats": ["human", "human"], "seed": 1})
    table, view = opened["id"], opened["view"]
    assert view["kind"] == "table" and view["viewer"] == view["turn"]
    first = view["viewer"]
    view = client.ok("POST", f"/api/tables/{table}/move", {"seat": first, "index": 0})
    if view["kind"] == "hand-over":
        assert set(view) == {"kind", "seat", "title"}  # nothing of the table
        shown = client.ok("GET", f"/api/tables/{table}?seat={view['seat']}")
        assert shown["viewer"] == view["seat"]
    assert client.post(f"/api/tables/{table}/undo")[0] == 400  # undo is against bots only


def test_undo_takes_back_the_persons_move_and_the_bots_after_it(client):
    opened = client.ok("POST", "/api/tables", {"path": "cassino", "seats": ["human", "random"], "seed": 4})
    table, before = opened["id"], opened["view"]
    assert not before["can_undo"]
    after = client.ok("POST", f"/api/tables/{table}/move", {"seat": 0, "index": 0})
    assert after["can_undo"] and after["moves_played"] > before["moves_played"]
    undone = client.ok("POST", f"/api/tables/{table}/undo")
    assert undone == before


def test_an_illegal_request_at_the_table_is_refused_and_changes_nothing(client):
    opened = client.ok("POST", "/api/tables", {"path": "cassino", "seats": ["human", "random"], "seed": 4})
    table = opened["id"]
    for body in ({"seat": 1, "index": 0}, {"seat": 0, "index": 999}, {"seat": 0, "index": -1}):
        status, answer, _ = client.post(f"/api/tables/{table}/move", body)
        assert status == 400 and answer["error"]["message"]
    assert client.ok("GET", f"/api/tables/{table}?seat=0") == opened["view"]
    status, answer, _ = client.post("/api/tables", {"path": "cassino", "seats": ["human", "os:system"]})
    assert status == 400 and "built-in" in json.dumps(answer)  # a request never names code to import
    status, answer, _ = client.post("/api/tables", {"path": "cassino", "seats": ["human", "ismcts:100000000"]})
    assert status == 400 and "budget" in json.dumps(answer)


# --- logs and replays ----------------------------------------------------------------------------

def test_a_saved_log_is_play_save_s_format_and_replays_at_the_table(client, studio_folder):
    from cardrules.play.replay import GameLog, replay
    opened = client.ok("POST", "/api/tables", {"path": "sete-e-meio", "seats": ["human", "random"], "seed": 8})
    table = opened["id"]
    client.ok("POST", f"/api/tables/{table}/move", {"seat": 0, "index": 0})
    saved = client.ok("POST", f"/api/tables/{table}/save", {"name": "unfinished"})
    assert saved == {"path": "logs/unfinished.json"}  # where, not what: the log holds the seed
    log = GameLog.read(studio_folder / "logs" / "unfinished.json")
    assert log.seed == 8 and log.game == "sete-e-meio" and len(list(replay(log))) == len(log.moves)
    opened = client.ok("POST", "/api/replays", {"path": "logs/unfinished.json"})
    assert opened["view"]["at"] == 0 and opened["view"]["total"] == len(log.moves)
    last = client.ok("GET", f"/api/replays/{opened['id']}?at={len(log.moves)}&seat=1")
    assert last["at"] == len(log.moves) and last["viewer"] == 1
    assert len(last["narration"]) == len(log.moves)


def test_a_log_naming_rules_outside_the_folder_is_not_replayed(client, tmp_path):
    outside = tmp_path / "elsewhere.rules"
    outside.write_text(open(WAR).read())
    log = {"format": "cardrules-log/1", "game": str(outside), "params": {}, "seed": 1, "moves": []}
    status, answer, _ = client.post("/api/replays", {"log": log})
    assert status == 400 and "outside the studio's folder" in json.dumps(answer)
    status, answer, _ = client.post("/api/replays", {"path": "../x.json"})
    assert status == 400


# --- a runaway file, and analyses --------------------------------------------------------------

def test_a_runaway_rules_file_is_stopped_and_the_studio_goes_on(tmp_path):
    (tmp_path / "runaway.rules").write_text(RUNAWAY)
    running = start_studio(tmp_path, table=1.0)
    try:
        client = Client(running)
        started = time.monotonic()
        status, answer, _ = client.post("/api/tables", {"path": "runaway.rules", "seats": ["human", "random"]})
        assert status == 504 and answer["error"]["stopped"]
        assert "took longer than 1 s" in answer["error"]["message"]
        assert time.monotonic() - started < 10
        assert client.get("/api/files")[0] == 200
        assert client.ok("POST", "/api/check", {"path": "runaway.rules"})["ok"]  # it checks: only play runs away
        assert client.ok("POST", "/api/tables", {"path": "war", "seats": ["human", "random"]})["view"]
    finally:
        running.stop()


def wait_for(client, job: str, limit: float = 120) -> dict:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        status = client.ok("GET", f"/api/jobs/{job}")
        if status["state"] != "running":
            return status
        time.sleep(0.1)
    raise AssertionError("the analysis did not finish")


def test_a_simulation_reports_progress_and_its_figures_and_downloads(client):
    job = client.ok("POST", "/api/jobs", {"kind": "simulate", "path": "sete-e-meio", "games": 30, "seed": 1,
                                          "agents": "random", "metrics": True})["id"]
    status = wait_for(client, job)
    assert status["state"] == "done" and status["done"] == status["total"] == 30
    data = status["result"]
    assert data["games"] == 30 and len(data["results"]["games"]) == 30 and "metrics" in data
    status_code, text, headers = client.get(f"/api/jobs/{job}/result.csv")
    assert status_code == 200 and text.startswith("scope,id,statistic,value") and "attachment" in headers[
        "content-disposition"]
    status_code, downloaded, _ = client.get(f"/api/jobs/{job}/result.json")
    assert downloaded["seats"] == data["seats"]


def test_an_analysis_is_cancelled_by_killing_its_worker(client):
    job = client.ok("POST", "/api/jobs", {"kind": "simulate", "path": "buraco", "games": 100_000,
                                          "agents": "random"})["id"]
    time.sleep(1.5)
    assert client.ok("POST", f"/api/jobs/{job}/cancel")["state"] == "cancelled"
    status = wait_for(client, job, 10)
    assert status["state"] == "cancelled" and status["done"] < 100_000 and status["result"] is None


def test_compare_tournament_and_validate_run_from_the_studio(client):
    jobs = {kind: client.ok("POST", "/api/jobs", body)["id"] for kind, body in {
        "compare": {"kind": "compare", "path": "sete-e-meio", "variant": "sete-e-meio-high-stakes", "games": 20},
        "tournament": {"kind": "tournament", "path": "war", "agents": "random,greedy", "games": 4},
        "validate": {"kind": "validate", "path": "war", "games": 3},
    }.items()}
    compared = wait_for(client, jobs["compare"])["result"]
    assert compared["games"] == 20 and compared["differences"][0]["figure"] == "seat 0 win rate"
    rated = wait_for(client, jobs["tournament"])["result"]
    assert set(rated["ratings"]) == {"random", "greedy"}
    validated = wait_for(client, jobs["validate"])["result"]
    assert validated["games"] == 3 and validated["findings"] == []
    status, answer, _ = client.post("/api/jobs", {"kind": "simulate", "path": "war", "games": 10**9})
    assert status == 400 and "games must be" in answer["error"]["message"]


BROKEN = '''game "Broken"
players 2..2
deck { suits C D ranks A K }
zone stock: shared, hidden, starts with deck
zone hand: per player, private
setup { goto play }
phase play { turn players[0]
  move draw { deal 1 from stock to hand[players[0]] }
  move stop { end game } }
score p: 0
'''


def test_a_validate_finding_replays_at_the_table_up_to_the_move_that_fails(client, studio_folder):
    (studio_folder / "broken.rules").write_text(BROKEN)
    job = client.ok("POST", "/api/jobs", {"kind": "validate", "path": "broken.rules", "games": 200, "seed": 0})["id"]
    [finding] = wait_for(client, job)["result"]["findings"]
    assert finding["kind"] == "runtime-error" and finding["line"] == 8 and finding["shrunk"] == ["draw"] * 5
    # What the page sends when the finding's "replay" is clicked: a log of the shrunk moves.
    log = {"format": "cardrules-log/1", "game": "broken.rules", "params": {"players": 2}, "seed": finding["seed"],
           "moves": finding["shrunk"], "seats": {}}
    view = client.ok("POST", "/api/replays", {"log": log})["view"]
    assert view["total"] == 4 and "it holds only 0" in view["stopped"] and "broken.rules:8" in view["stopped"]


def test_two_threads_stopping_one_worker_close_its_pipe_once():
    """A cancel stops a job's worker while the job's own call, hearing the pipe close, stops it
    too: both stops end quietly (the second closing an already closed pipe did `close(fd)` twice,
    Errno 9, and the cancel answered 500)."""
    import threading

    from cardrules.studio.worker import Worker
    worker = Worker("test worker")
    errors: list[BaseException] = []
    # The race is between a close's test of the descriptor and its clearing, inside
    # multiprocessing's Connection.close: widened here so that unserialised stops always meet.
    really_close = worker.conn._close

    def slow_close(*args):
        time.sleep(0.05)
        really_close(*args)
    worker.conn._close = slow_close

    def stop():
        try:
            worker.stop("stopped by the test")
        except BaseException as exc:  # noqa: BLE001 (the test reports any)
            errors.append(exc)
    threads = [threading.Thread(target=stop) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and worker.conn.closed and not worker.alive
    assert worker.stopped == "stopped by the test"
