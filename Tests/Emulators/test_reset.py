"""POST /__admin/reset brings an emulator back to exactly what a freshly started process with the
same arguments shows, whatever admin endpoints and API calls came before (python3 standard
library only).

The Swift suite reuses one emulator process across tests and resets it in between, so each test
here starts an emulator, records what the fresh process answers (stats, state, settings, the held
count, the request log, and the ids its first records get), then changes everything it can:
logins, records, faults, latency, the clock, hostile mode, modes, held and delayed requests. After
one reset every one of those answers must be the fresh one again, and no request from before the
reset may still be waiting or land in the new state.

Run from the repository root:  python3 -m unittest Tests/Emulators/test_reset.py
"""

import email.utils
import http.client
import json
import os
import sys
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from emulator_process import EmulatorProcess  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


class Server(EmulatorProcess):
    """One emulator subprocess, started as the other emulator tests start theirs. Every call is
    a new connection (urllib), so the connection counts are predictable."""

    def __init__(self, script, *args):
        super().__init__(script, *args)
        self.host, self.port = urllib.parse.urlsplit(self.base).netloc.split(":")

    def call(self, method, path, body=None, raw=None, headers=None, timeout=10):
        """(status, headers, body bytes); status None when the request failed or timed out."""
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with OPENER.open(request, timeout=timeout) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()
        except (OSError, http.client.HTTPException) as error:
            return None, None, repr(error).encode()

    def json(self, method, path, body=None, **kwargs):
        status, _, raw = self.call(method, path, body, **kwargs)
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, raw

    def admin(self, path, body=None, method=None):
        status, answer = self.json(method or ("POST" if body is not None else "GET"), "/__admin" + path, body)
        if status is None or status >= 300:
            raise AssertionError("admin %s -> %s %r" % (path, status, answer))
        return answer

    def snapshot(self, extra=()):
        """What the process shows right now. Stats come first: its own connection is the first
        one a fresh process (or a just-reset one) counts. `extra`: more admin paths to read, or
        a function of the state answer giving them."""
        shown = {"stats": self.json("GET", "/__admin/stats")}
        for path in ("/__admin/settings", "/__admin/held", "/__admin/requests", "/__admin/state"):
            shown[path] = self.json("GET", path)
        for path in (extra(shown["/__admin/state"][1]) if callable(extra) else extra):
            shown[path] = self.json("GET", path)
        return shown

    def in_background(self, method, path, **kwargs):
        """Sends the request on a thread; returns (thread, answers) where answers gets its status."""
        answers = []
        thread = threading.Thread(target=lambda: answers.append(self.call(method, path, **kwargs)[0]), daemon=True)
        thread.start()
        return thread, answers


def wait_until(predicate, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


class ResetAssertions(unittest.TestCase):
    def assertSnapshotsEqual(self, after, fresh):
        self.assertEqual(set(after), set(fresh))
        for key in fresh:
            self.assertEqual(after[key], fresh[key], "%s differs from the fresh process's after a reset" % key)
        self.assertEqual(after["stats"], (200, {"requests": 0, "connections": 1, "http_versions": {}}))
        self.assertEqual(after["/__admin/held"], (200, {"held": 0}))
        self.assertEqual(after["/__admin/requests"], (200, []))

    def assertAnsweredPromptly(self, background, expected=(503,)):
        """Requests waiting when the reset came are answered at once, without their handler."""
        for thread, answers in background:
            thread.join(5)
            self.assertFalse(thread.is_alive(), "a request waiting before the reset is still waiting")
            self.assertEqual(len(answers), 1)
            self.assertIn(answers[0], expected)


# --- emulator_base (through http_test_server, which adds only stateless routes) ------------------

class BaseResetTests(ResetAssertions):
    def setUp(self):
        self.server = Server("http_test_server.py", "--clock-offset", "120")
        self.addCleanup(self.server.stop)

    def date_skew(self):
        status, headers, _ = self.server.call("GET", "/small")
        self.assertEqual(status, 200)
        return email.utils.parsedate_to_datetime(headers["Date"]).timestamp() - time.time()

    def test_reset_gives_back_a_fresh_process(self):
        server = self.server
        fresh = server.snapshot()
        self.assertEqual(fresh["stats"], (200, {"requests": 0, "connections": 1, "http_versions": {}}))

        # A kept-alive connection, as the Swift client keeps them across tests.
        kept = http.client.HTTPConnection(server.host, int(server.port), timeout=10)
        for _ in range(2):
            kept.request("GET", "/small")
            self.assertEqual(kept.getresponse().read(), b'{"ok": true}')
        server.admin("/faults", [{"path": "/echo", "hold": True, "count": 1},
                                 {"path": "/echo/slow", "delay_ms": 30000},
                                 {"path": "/small", "status": 500, "count": 5, "after": 3}])
        background = [server.in_background("GET", "/echo"), server.in_background("GET", "/echo/slow")]
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        self.assertTrue(wait_until(lambda: any(r["path"] == "/echo/slow" for r in server.admin("/requests"))))
        server.admin("/latency", {"delay_ms": 400})
        server.admin("/clock", {"offset_seconds": 3600})
        server.admin("/hostile", {"mode": "html-200", "path": "/small"})
        self.assertNotEqual(server.snapshot(), fresh)

        server.admin("/reset", {})
        self.assertAnsweredPromptly(background)
        self.assertSnapshotsEqual(server.snapshot(), fresh)

        # The switches are off (the settings in the snapshot say latency 0): no fault or hostile
        # answer; the clock of --clock-offset.
        status, headers, raw = server.call("GET", "/small")
        self.assertEqual((status, headers["Content-Type"], raw), (200, "application/json", b'{"ok": true}'))
        self.assertAlmostEqual(self.date_skew(), 120, delta=5)
        # The kept-alive connection goes on working and is counted again, under an id of its own.
        kept.request("GET", "/small")
        self.assertEqual(kept.getresponse().read(), b'{"ok": true}')
        kept.close()
        ids = [r["connection"] for r in server.admin("/requests")]
        self.assertEqual(len(ids), 3)
        self.assertEqual(len(set(ids)), 3, "connection ids repeat after a reset: %s" % ids)
        self.assertLessEqual(max(ids), server.admin("/stats")["connections"])

    def test_release_and_reset_leave_no_held_count_behind(self):
        server = self.server
        server.admin("/faults", {"path": "/echo", "hold": True, "count": 2})
        first = server.in_background("GET", "/echo")
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        server.admin("/release", {})
        self.assertAnsweredPromptly([first], expected=(200,))
        second = server.in_background("GET", "/echo")
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        server.admin("/reset", {})
        self.assertAnsweredPromptly([second])
        self.assertEqual(server.admin("/held"), {"held": 0})
        # The fault went with the reset: /echo answers at once.
        self.assertEqual(server.call("GET", "/echo", timeout=3)[0], 200)


# --- JQC ----------------------------------------------------------------------------------------

def multipart(fields, files):
    boundary = "----reset" + uuid.uuid4().hex
    chunks = []
    for name, value in fields.items():
        chunks.append(('--%s\r\nContent-Disposition: form-data; name="%s"\r\n\r\n%s\r\n' % (boundary, name, value)).encode())
    for name, filename, content_type, payload in files:
        chunks.append(('--%s\r\nContent-Disposition: form-data; name="%s"; filename="%s"\r\nContent-Type: %s\r\n\r\n'
                       % (boundary, name, filename, content_type)).encode() + payload + b"\r\n")
    chunks.append(("--%s--\r\n" % boundary).encode())
    return b"".join(chunks), "multipart/form-data; boundary=" + boundary


def inspection_body(local_id):
    return {"local_id": local_id, "template_id": 1, "facility_id": 1, "area_id": 101, "status": "completed",
            "form_data": {"2": 4, "3": 5, "4": "true", "5": "pass", "6": "Poor", "7": ""},
            "overall_score": 72.5, "notes": "Checked", "started_at": "2026-11-30T08:00:00",
            "completed_at": "2026-11-30T08:20:00"}


class JQCResetTests(ResetAssertions):
    ARGS = ("--time-zone", "America/New_York", "--microseconds", "--csrf-refusal", "/api/v1/auth/refresh")

    def setUp(self):
        self.server = Server("jqc_emulator.py", *self.ARGS)
        self.addCleanup(self.server.stop)

    def auth(self, username="inspector"):
        status, body = self.server.json("POST", "/api/v1/auth/login", {"username": username, "password": "secret123"})
        self.assertEqual(status, 200, body)
        return {"Authorization": "Bearer " + body["data"]["access_token"]}

    def first_answers(self):
        """The ids the first records get (and a few answers that depend on the state)."""
        server = self.server
        auth = self.auth()
        answers = {}
        status, body = server.json("POST", "/api/v1/inspections", inspection_body("probe-inspection"), headers=auth)
        answers["inspection"] = (status, body["data"]["inspection"]["id"])
        status, body = server.json("POST", "/api/v1/issues", {"local_id": "probe-issue", "facility_id": 1,
                                                              "severity": "low", "description": "probe"}, headers=auth)
        answers["issue"] = (status, body["data"]["issue"]["id"])
        answers["notification"] = server.admin("/notify", {"user": "inspector", "title": "probe"})["notification"]["id"]
        answers["user"] = server.admin("/users", {"username": "probe"})["user"]["id"]
        answers["hold"] = server.admin("/hold", {"path": "/nowhere"})["id"]
        answers["issues"] = [i["id"] for i in server.json("GET", "/api/v1/issues", headers=auth)[1]["data"]]
        answers["refresh"] = server.json("POST", "/api/v1/auth/refresh", {"refresh_token": "x"})
        answers["missing"] = server.call("GET", "/api/v1/nothing")[0]
        return answers

    def test_reset_gives_back_a_fresh_process(self):
        server = self.server
        extra = ("/__admin/mode", "/__admin/holds")
        fresh = server.snapshot(extra)
        fresh_answers = self.first_answers()

        auth = self.auth()
        supervisor = self.auth("supervisor")
        server.json("POST", "/api/v1/devices/register", {"device_id": "pad-1"}, headers=auth)
        server.json("PATCH", "/api/v1/issues/1/status", {"status": "resolved", "notes": "done"}, headers=auth)
        server.json("PATCH", "/api/v1/notifications/mark-read", {"ids": [1, 2]}, headers=auth)
        raw, content_type = multipart({"entity_type": "inspection", "local_id": "probe-inspection"},
                                      [("photo", "a.png", "image/png", PNG)])
        status, body = server.json("POST", "/api/v1/photos/upload", raw=raw,
                                   headers=dict(auth, **{"Content-Type": content_type}))
        self.assertEqual(status, 201, body)
        photo = "/" + body["data"]["path"]
        self.assertEqual(server.call("GET", photo)[0], 200)
        server.admin("/issues", {"facility_id": 2, "description": "extra", "assigned_to": "inspector"})
        server.admin("/issues/assign", {"issue_id": 2, "user": "inspector2"})
        server.admin("/assigned-issues", {"user": "inspector", "issue_ids": [4]})
        server.admin("/issues/3", method="DELETE")
        server.admin("/follow-up", {"inspection_id": 1, "follow_up_required": False})
        server.admin("/users", {"username": "inspector", "password": "changed", "role": "supervisor"})
        server.admin("/server-reset", {"reuse_ids": False})
        server.admin("/revoke-refresh", {})
        server.admin("/templates", [{"id": 9, "name": "Only", "form_schema": []}])
        server.admin("/areas", [{"id": 900, "facility_id": 1, "name": "Only"}])
        # One request waits at a JQC hold, one at emulator_base's `hold` fault: a login, which
        # would leave a refresh token in the new state if it ran after the reset.
        server.admin("/hold", {"path": "/api/v1/inspections", "method": "POST"})
        server.admin("/faults", {"path": "/api/v1/auth/login", "method": "POST", "hold": True})
        background = [server.in_background("POST", "/api/v1/inspections", body=inspection_body("held"), headers=supervisor),
                      server.in_background("POST", "/api/v1/auth/login",
                                           body={"username": "inspector2", "password": "secret123"})]
        self.assertTrue(wait_until(lambda: server.admin("/holds")["holds"][-1]["waiting"] == 1))
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        server.admin("/faults", {"path": "/api/v1/auth/me", "status": 500, "count": 3})
        server.admin("/latency", {"delay_ms": 300})
        server.admin("/hostile", {"mode": "truncated-json", "path": "/api/v1/templates"})
        server.admin("/clock", {"now": "2031-05-05T05:05:05Z"})
        server.admin("/expire-tokens", {})
        server.admin("/mode", {"time_zone": "Asia/Tokyo", "microseconds": False, "csrf_refusal": True,
                               "html_errors": True, "routes": "auth-only", "real_shapes": True})
        self.assertNotEqual(server.snapshot(extra), fresh)

        server.admin("/reset", {})
        self.assertAnsweredPromptly(background)
        self.assertSnapshotsEqual(server.snapshot(extra), fresh)
        self.assertEqual(server.call("GET", photo)[0], 404, "an uploaded photo outlived the reset")
        self.assertEqual(self.first_answers(), fresh_answers)

    def test_release_without_an_id_answers_base_hold_faults_too(self):
        server = self.server
        auth = self.auth()
        server.admin("/faults", {"path": "/api/v1/facilities", "hold": True})
        waiting = server.in_background("GET", "/api/v1/facilities", headers=auth)
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        server.admin("/release", {})
        self.assertAnsweredPromptly([waiting], expected=(200,))
        self.assertEqual(server.admin("/held"), {"held": 0})


# --- MCMS ---------------------------------------------------------------------------------------

class MCMSResetTests(ResetAssertions):
    ARGS = ("--onus", "40", "--olts", "2", "--seed", "5")

    def setUp(self):
        self.server = Server("mcms_emulator.py", *self.ARGS)
        self.addCleanup(self.server.stop)

    def login(self):
        status, headers, raw = self.server.call("POST", "/api/v1/users/authenticate/",
                                                {"data": {"email": "tech@example.net", "password": "pon-secret"}})
        self.assertEqual(status, 200, raw)
        cookies = dict(h.split(";", 1)[0].split("=", 1) for h in headers.get_all("Set-Cookie"))
        return {"Cookie": "; ".join("%s=%s" % kv for kv in cookies.items()),
                "X-CSRFToken": cookies["csrftoken"], "Referer": self.server.base + "/"}

    def extra(self, state):
        onus, olts = state["first_onus"], state["olt_ids"]
        return ("/__admin/activations", "/__admin/onu-ids", "/__admin/config/" + onus[0],
                "/__admin/config/" + onus[1], "/__admin/onu-state/" + onus[0], "/__admin/onu-state/" + onus[2],
                "/__admin/olt-state/" + olts[0], "/__admin/config/" + olts[0], "/__admin/alarms/" + onus[3],
                "/__admin/onu-state/" + onus[6], "/__admin/drift", "/__admin/alarm-schedule")

    def first_answers(self):
        server = self.server
        session = self.login()
        answers = {}
        for path in ("/api/v1/onus/states/?sort=%7B%22_id%22%3A1%7D&limit=10&skip=5&projection="
                     + urllib.parse.quote('{"ONU.FW Bank Ptr": 1, "OLT": 1}'),
                     "/api/v1/olts/states/", "/api/v1/onus/configs/?limit=5&skip=3", "/api/v1/onus/alarms/"):
            status, _, raw = server.call("GET", path, headers=session)
            answers[path] = (status, raw)
        answers["added"] = server.admin("/fleet", {"add": 1})["added"]
        return answers

    def test_reset_gives_back_a_fresh_process(self):
        server = self.server
        fresh = server.snapshot(self.extra)
        fresh_answers = self.first_answers()

        state = fresh["/__admin/state"][1]
        onus, olts = state["first_onus"], state["olt_ids"]
        session = self.login()
        server.admin("/activation", {"boot_delay": 60, "default": "never-back", "outcomes": {onus[0]: "fall-back"}})
        config = json.loads(server.call("GET", "/__admin/config/" + onus[0])[2])
        config["ONU"]["FW Bank Ptr"] = 1 - config["ONU"]["FW Bank Ptr"]
        config["ONU"]["Reset Count"] += 1
        status, _, raw = server.call("PUT", "/api/v1/onus/configs/%s/" % onus[0], {"data": config}, headers=session)
        self.assertEqual(status, 200, raw)
        self.assertEqual(server.admin("/activations")["pending"], [onus[0]])
        olt = json.loads(server.call("GET", "/__admin/config/" + olts[0])[2])
        olt["OLT"]["Reset Count"] += 1
        self.assertEqual(server.call("PUT", "/api/v1/olts/configs/%s/" % olts[0], {"data": olt}, headers=session)[0], 200)
        other = json.loads(server.call("GET", "/__admin/config/" + onus[1])[2])
        other["ONU"]["Name"] = "Changed by a test"
        server.call("PUT", "/__admin/config/" + onus[1], raw=json.dumps(other).encode())
        server.call("DELETE", "/__admin/onu-state/" + onus[2])
        server.call("PUT", "/__admin/alarms/" + onus[3], raw=b'[{"Name": "LOS", "Severity": "CRITICAL"}]')
        server.call("DELETE", "/__admin/alarms")
        server.admin("/paging", {"ignore_skip": True})
        server.admin("/fleet", {"add": 2, "remove": [onus[5]]})
        server.admin("/fleet", {"add": 1, "after": {"path": "/api/v1/olts/states/", "requests": 50}})
        server.admin("/faults", {"path": "/api/v1/onus/configs/", "hold": True})
        background = [server.in_background("GET", "/api/v1/onus/configs/", headers=session)]
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 1))
        server.admin("/faults", {"path": "/api/v1/olts/*", "status": 502, "count": 9})
        server.admin("/latency", {"delay_ms": 250})
        server.admin("/hostile", {"mode": "invalid-utf8"})
        server.admin("/clock", {"offset_seconds": -900})
        server.admin("/drift", {"onus": {onus[6]: {"rx_db_per_day": -0.5, "fec_per_hour": 900}},
                                "all": {"bip_per_hour": 12}})
        los = {"Name": "LOS", "Severity": "CRITICAL", "Message": "Loss of signal"}
        server.admin("/alarm-schedule", {"alarms": [{"device": onus[3], "alarm": los,
                                                     "raise_at": "2026-06-01T00:00:00"}]})
        server.admin("/clock", {"advance": 7 * 86400, "frozen": True})
        server.admin("/expire-sessions", {})
        self.assertNotEqual(server.snapshot(self.extra), fresh)

        server.admin("/reset", {})
        self.assertAnsweredPromptly(background)
        self.assertSnapshotsEqual(server.snapshot(self.extra), fresh)
        self.assertEqual(self.first_answers(), fresh_answers)

    def test_resets_do_not_generate_the_fleet_again(self):
        for _ in range(5):
            self.server.admin("/reset", {})
        # Each reset serves a copy of the fleet generated at the start.
        self.assertEqual(self.server.admin("/state")["fleets_generated"], 1)

    def test_a_reset_with_other_fleet_arguments_is_a_fresh_process_started_with_them(self):
        other = ("--onus", "12", "--olts", "3", "--seed", "9")
        fresh = Server("mcms_emulator.py", *other)
        self.addCleanup(fresh.stop)
        self.server.admin("/reset", {"arguments": list(other)})

        def shown(server):
            state = server.admin("/state")
            state.pop("fleets_generated")
            status, headers, raw = server.call("POST", "/api/v1/users/authenticate/",
                                               {"data": {"email": "tech@example.net", "password": "pon-secret"}})
            self.assertEqual(status, 200, raw)
            cookies = dict(h.split(";", 1)[0].split("=", 1) for h in headers.get_all("Set-Cookie"))
            session = {"Cookie": "; ".join("%s=%s" % kv for kv in cookies.items())}
            listing = server.call("GET", "/api/v1/onus/states/?limit=50", headers=session)
            return {key: state[key] for key in ("seed", "options", "counts", "first_onus", "olt_ids")}, listing[0], listing[2]

        self.assertEqual(shown(self.server), shown(fresh))
        self.assertEqual(self.server.admin("/state")["fleets_generated"], 2)

    def test_a_reset_refuses_arguments_it_cannot_change_and_changes_nothing(self):
        before = self.server.admin("/state")["options"]
        status, answer = self.server.json("POST", "/__admin/reset", {"arguments": [*self.ARGS, "--strict-ids"]})
        self.assertEqual(status, 400)
        self.assertIn("--strict-ids", answer["error"])
        self.assertIn("--onus", answer["error"])
        status, answer = self.server.json("POST", "/__admin/reset", {"arguments": ["--onus", "many"]})
        self.assertEqual(status, 400)
        self.assertIn("not understood", answer["error"])
        self.assertEqual(self.server.admin("/state")["options"], before)


# --- InterlinedList -----------------------------------------------------------------------------

class InterlinedListResetTests(ResetAssertions):
    ARGS = ("--login-limit", "3", "--retry-after", "30")
    EXTRA = ("/__admin/documents?userId=u_ada", "/__admin/documents?userId=u_bob")

    def setUp(self):
        self.server = Server("interlinedlist_emulator.py", *self.ARGS)
        self.addCleanup(self.server.stop)

    def token(self, email="ada@example.com", password="lovelace1"):
        status, body = self.server.json("POST", "/api/auth/sync-token", {"email": email, "password": password})
        self.assertEqual(status, 200, body)
        return {"Authorization": "Bearer " + body["token"]}

    def first_answers(self):
        server = self.server
        auth = self.token()
        answers = {}
        status, body = server.json("POST", "/api/messages", {"content": "probe"}, headers=auth)
        answers["message"] = (status, body["data"]["id"])
        status, body = server.json("POST", "/api/lists", {"title": "Probe"}, headers=auth)
        answers["list"] = (status, body["data"]["id"])
        status, body = server.json("POST", "/api/documents", {"title": "Probe"}, headers=auth)
        answers["document"] = (status, body["document"]["id"])
        answers["notification"] = server.admin("/notifications", {"userId": "u_ada", "title": "probe"})["notification"]["id"]
        answers["folder"] = server.admin("/document-op", {"op": "create-folder", "name": "Probe"})["folder"]["id"]
        status, body = server.json("GET", "/api/lists?limit=500", headers=auth)
        answers["lists"] = (status, [x["id"] for x in body["lists"]])
        return answers

    def test_reset_gives_back_a_fresh_process(self):
        server = self.server
        fresh = server.snapshot(self.EXTRA)
        fresh_answers = self.first_answers()

        auth = self.token()
        status, headers, _ = server.call("POST", "/api/auth/login", {"email": "bob@example.com", "password": "builder22"})
        self.assertEqual(status, 200)
        for _ in range(3):
            server.call("POST", "/api/auth/login", {"email": "ada@example.com", "password": "wrong"})
        self.assertEqual(server.call("POST", "/api/auth/login", {"email": "ada@example.com", "password": "lovelace1"})[0], 429)
        server.call("POST", "/api/lists", {"title": "Snake", "parent_id": "l002"}, headers=auth)
        server.call("GET", "/api/documents?folderId=df1", headers=auth)
        server.call("DELETE", "/api/messages/m001", headers=auth)
        server.call("POST", "/api/follow/u_erin", headers=auth)
        server.call("POST", "/api/notifications/mark-all-read", headers=auth)
        server.admin("/generate-lists", {"lists": 20, "folders": 5})
        server.admin("/generate-rows", {"rows": 10, "lists": ["l001"]})
        server.admin("/generate-documents", {"documents": 5, "folders": 2})
        server.admin("/touch-document", {"id": "d001", "content": "touched"})
        server.admin("/document-op", {"op": "delete", "id": "d002"})
        server.admin("/document-op", {"op": "rename-folder", "id": "df1", "name": "Renamed"})
        server.admin("/fixture", {"name": "cycle"})
        server.admin("/document-quirks", {"delayMs": 50, "failWrites": 2, "silentWrites": 1,
                                          "throttleSync": {"count": 2, "retryAfter": 5},
                                          "race": {"op": "edit", "id": "d004", "content": "raced"}})
        server.admin("/reset-limits", {})
        server.admin("/faults", [{"path": "/api/documents*", "hold": True}, {"path": "/api/auth/login", "hold": True}])
        # The held login would leave a session in the new state if it ran after the reset.
        background = [server.in_background("POST", "/api/documents", body={"title": "Held"}, headers=auth),
                      server.in_background("POST", "/api/auth/login",
                                           body={"email": "carol@example.com", "password": "compiler3"})]
        self.assertTrue(wait_until(lambda: server.admin("/held")["held"] == 2))
        server.admin("/faults", {"path": "/api/user", "status": 503, "count": 2})
        server.admin("/latency", {"delay_ms": 200})
        server.admin("/hostile", {"mode": "deep-json", "path": "/api/lists"})
        server.admin("/clock", {"offset_seconds": 86400})
        server.admin("/revoke", {"token": True, "cookie": True})
        self.assertNotEqual(server.snapshot(self.EXTRA), fresh)

        server.admin("/reset", {})
        self.assertAnsweredPromptly(background)
        self.assertSnapshotsEqual(server.snapshot(self.EXTRA), fresh)
        self.assertEqual(self.first_answers(), fresh_answers)


if __name__ == "__main__":
    unittest.main()
