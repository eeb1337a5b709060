"""End-to-end tests of the JQC emulator and the score rule (python3 standard library only).

Run from the repository root:  python3 -m unittest Tests/Emulators/test_jqc_emulator.py
Each test class starts the emulator as a real subprocess on a free loopback port and talks to
it with urllib; every test begins from the seeded fixtures (POST /__admin/reset).
"""

import base64
import datetime
import hashlib
import hmac
import email.utils
import http.client
import json
import os
import re
import subprocess
import sys
import threading
import time
import unittest
import urllib.error
import urllib.request
import uuid
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import jqc_score  # noqa: E402
from emulator_process import EmulatorProcess  # noqa: E402

JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(range(200)) + b"\xff\xd9"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


class Emulator(EmulatorProcess):
    """One jqc_emulator.py subprocess; `call` speaks JSON to it."""

    def __init__(self, *args):
        super().__init__("jqc_emulator.py", *args)

    def call(self, method, path, body=None, token=None, headers=None, data=None, raw=False):
        """(status, decoded JSON or raw bytes, response headers); raw=True: always the bytes."""
        request_headers = dict(headers or {})
        if body is not None:
            data = json.dumps(body).encode()
            request_headers["Content-Type"] = "application/json"
        if token:
            request_headers["Authorization"] = "Bearer " + token
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=request_headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, raw_body, response_headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw_body, response_headers = error.code, error.read(), error.headers
        if not raw and (response_headers.get("Content-Type") or "").startswith("application/json"):
            return status, json.loads(raw_body), response_headers
        return status, raw_body, response_headers

    def login(self, username="inspector", password="secret123"):
        status, body, _ = self.call("POST", "/api/v1/auth/login", {"username": username, "password": password})
        assert status == 200, body
        return body["data"]

    def token(self, username="inspector"):
        return self.login(username)["access_token"]

    def state(self):
        return self.call("GET", "/__admin/state")[1]

    def admin(self, path, body=None, method="POST"):
        return self.call(method, "/__admin" + path, body if body is not None else {})


def multipart(fields, files):
    """A multipart/form-data body: fields {name: text}, files [(name, filename, type, bytes)]."""
    boundary = "----fieldops" + uuid.uuid4().hex
    chunks = []
    for name, value in fields.items():
        chunks.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
                       % (boundary, name, value)).encode())
    for name, filename, content_type, payload in files:
        chunks.append(("--%s\r\nContent-Disposition: form-data; name=\"%s\"; filename=\"%s\"\r\n"
                       "Content-Type: %s\r\n\r\n" % (boundary, name, filename, content_type)).encode())
        chunks.append(payload + b"\r\n")
    chunks.append(("--%s--\r\n" % boundary).encode())
    return b"".join(chunks), "multipart/form-data; boundary=" + boundary


def inspection_body(local_id=None, **overrides):
    body = {"local_id": local_id or str(uuid.uuid4()), "template_id": 1, "facility_id": 1,
            "area_id": 101, "status": "completed",
            "form_data": {"2": 4, "3": 5, "4": "true", "5": "pass", "6": "Poor", "7": ""},
            "overall_score": 72.5, "notes": "Checked", "started_at": "2026-11-30T08:00:00",
            "completed_at": "2026-11-30T08:20:00"}
    body.update(overrides)
    return body


def jwt_claims(token):
    payload = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


class EmulatorTestCase(unittest.TestCase):
    options = ("--max-upload-bytes", "4096")

    @classmethod
    def setUpClass(cls):
        cls.emulator = Emulator(*cls.options)

    @classmethod
    def tearDownClass(cls):
        cls.emulator.stop()

    def setUp(self):
        self.emu = self.emulator
        self.emu.admin("/reset")


class AuthTests(EmulatorTestCase):
    def test_login_returns_a_signed_token_pair_and_the_user(self):
        data = self.emu.login()
        self.assertEqual(data["token_type"], "Bearer")
        self.assertEqual(data["expires_in"], 3600)
        self.assertEqual(len(data["refresh_token"]), 64)
        self.assertEqual(data["user"], {"id": 1, "username": "inspector", "email": "inspector@jqc.example",
                                        "role": "inspector", "full_name": "Ines Inspector",
                                        "created_at": "2025-01-15T09:00:00"})
        claims = jwt_claims(data["access_token"])
        self.assertEqual((claims["sub"], claims["role"]), ("1", "inspector"))
        self.assertEqual(claims["exp"] - claims["iat"], 3600)
        signing_input, _, signature = data["access_token"].rpartition(".")
        expected = hmac.new(b"jqc-emulator-secret", signing_input.encode(), hashlib.sha256).digest()
        self.assertEqual(base64.urlsafe_b64encode(expected).rstrip(b"=").decode(), signature)

    def test_login_refusals_carry_the_contract_messages(self):
        status, body, _ = self.emu.call("POST", "/api/v1/auth/login", {"username": "inspector"})
        self.assertEqual((status, body["error"]), (400, "username and password are required"))
        status, body, _ = self.emu.call("POST", "/api/v1/auth/login", {"username": "inspector", "password": "nope"})
        self.assertEqual((status, body), (401, {"ok": False, "data": None, "error": "Invalid credentials"}))
        status, body, _ = self.emu.call("POST", "/api/v1/auth/login", {"username": "disabled", "password": "secret123"})
        self.assertEqual((status, body["error"]), (401, "Invalid credentials"))

    def test_missing_and_bad_tokens_get_distinct_401_messages(self):
        status, body, _ = self.emu.call("GET", "/api/v1/auth/me")
        self.assertEqual((status, body["error"]), (401, "Authentication required"))
        status, body, _ = self.emu.call("GET", "/api/v1/auth/me", token="not.a.jwt")
        self.assertEqual((status, body["error"]), (401, "Access token is invalid or expired"))
        token = self.emu.token()
        forged = token[:-4] + ("AAAA" if not token.endswith("AAAA") else "BBBB")
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=forged)[0], 401)
        status, body, _ = self.emu.call("GET", "/api/v1/auth/me", token=token)
        self.assertEqual((status, body["data"]["user"]["username"]), (200, "inspector"))

    def test_refresh_rotates_and_the_old_refresh_token_stops_working(self):
        first = self.emu.login()
        status, body, _ = self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": first["refresh_token"]})
        self.assertEqual(status, 200)
        second = body["data"]
        self.assertNotIn("user", second)
        self.assertNotEqual(second["refresh_token"], first["refresh_token"])
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=second["access_token"])[0], 200)
        status, body, _ = self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": first["refresh_token"]})
        self.assertEqual(status, 401)
        valid = [t["token"] for t in self.emu.state()["refresh_tokens"]]
        self.assertEqual(valid, [second["refresh_token"]])

    def test_logout_revokes_the_refresh_token(self):
        data = self.emu.login()
        status, body, _ = self.emu.call("POST", "/api/v1/auth/logout", {"refresh_token": data["refresh_token"]},
                                        token=data["access_token"])
        self.assertEqual((status, body["data"]), (200, {"message": "Logged out successfully"}))
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh",
                                       {"refresh_token": data["refresh_token"]})[0], 401)
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 0)

    def test_admin_expire_tokens_kills_access_tokens_but_refresh_still_works(self):
        data = self.emu.login()
        status, body, _ = self.emu.admin("/expire-tokens")
        self.assertEqual((status, body["expired"]), (200, 1))
        status, body, _ = self.emu.call("GET", "/api/v1/facilities", token=data["access_token"])
        self.assertEqual((status, body["error"]), (401, "Access token is invalid or expired"))
        fresh = self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})[1]["data"]
        self.assertEqual(self.emu.call("GET", "/api/v1/facilities", token=fresh["access_token"])[0], 200)

    def test_admin_revoke_refresh_makes_refresh_fail(self):
        data = self.emu.login()
        self.assertEqual(self.emu.admin("/revoke-refresh")[1]["revoked"], 1)
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh",
                                       {"refresh_token": data["refresh_token"]})[0], 401)

    def test_disabling_a_user_invalidates_their_tokens(self):
        data = self.emu.login()
        self.assertEqual(self.emu.admin("/users", {"username": "inspector", "active": False})[0], 200)
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=data["access_token"])[0], 401)
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh",
                                       {"refresh_token": data["refresh_token"]})[0], 401)
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/login",
                                       {"username": "inspector", "password": "secret123"})[0], 401)

    def test_unknown_paths_and_methods_answer_in_the_envelope(self):
        status, body, _ = self.emu.call("GET", "/api/v1/nothing-here")
        self.assertEqual((status, body), (404, {"ok": False, "data": None, "error": "Resource not found"}))
        status, body, headers = self.emu.call("DELETE", "/api/v1/issues", token=self.emu.token())
        self.assertEqual((status, body["error"]), (405, "Method not allowed"))
        self.assertIn("GET", headers["Allow"])


class ShortTokenTests(EmulatorTestCase):
    options = ("--token-ttl", "1")

    def test_access_tokens_expire_after_the_configured_ttl(self):
        data = self.emu.login()
        self.assertEqual(data["expires_in"], 1)
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=data["access_token"])[0], 200)
        time.sleep(1.1)
        status, body, _ = self.emu.call("GET", "/api/v1/auth/me", token=data["access_token"])
        self.assertEqual((status, body["error"]), (401, "Access token is invalid or expired"))


class ReferenceDataTests(EmulatorTestCase):
    def test_reference_data_is_seeded_with_every_field_type(self):
        token = self.emu.token()
        facilities = self.emu.call("GET", "/api/v1/facilities", token=token)[1]["data"]
        self.assertEqual([f["id"] for f in facilities], [1, 2, 3, 4, 5])
        self.assertEqual(facilities[0]["project_name"], "Metro Transit Contract")
        areas = self.emu.call("GET", "/api/v1/areas", token=token)[1]["data"]
        self.assertEqual({a["facility_id"] for a in areas}, {1, 2, 3, 4, 5})
        templates = {t["id"]: t for t in self.emu.call("GET", "/api/v1/templates", token=token)[1]["data"]}
        self.assertEqual(len(templates[3]["form_schema"]), 60)
        types = {f["type"] for t in templates.values() for f in t["form_schema"]}
        self.assertEqual(types, {"text", "email", "textarea", "number", "date", "checkbox", "checkbox_group",
                                 "radio", "select", "rating", "pass_fail", "signature", "image", "table",
                                 "section", "label", "button_submit", "button_print", "button_email"})
        id_kinds = {type(f["id"]) for t in templates.values() for f in t["form_schema"]}
        self.assertEqual(id_kinds, {int, str})
        for template in templates.values():
            for field in template["form_schema"]:
                self.assertLessEqual(field["col"] + field["colSpan"] - 1, 12, field)

    def test_malformed_admin_bodies_get_a_400_not_a_dropped_socket(self):
        status, body, _ = self.emu.admin("/issues/assign", {"issue_id": [1], "user": "inspector"})
        self.assertEqual((status, body["ok"]), (400, False))

    def test_admin_replaces_reference_sets(self):
        self.emu.admin("/facilities", [{"id": 9, "name": "Pop-up Site"}])
        facilities = self.emu.call("GET", "/api/v1/facilities", token=self.emu.token())[1]["data"]
        self.assertEqual(facilities, [{"id": 9, "name": "Pop-up Site", "address": None, "project_id": None,
                                       "project_name": None}])
        self.assertEqual(self.emu.admin("/templates", {"templates": "nope"})[0], 400)


class InspectionTests(EmulatorTestCase):
    def test_posting_twice_with_one_local_id_creates_exactly_one_record(self):
        token = self.emu.token()
        body = inspection_body()
        status, created, _ = self.emu.call("POST", "/api/v1/inspections", body, token=token)
        self.assertEqual(status, 201)
        inspection = created["data"]["inspection"]
        self.assertEqual((inspection["local_id"], inspection["inspector_id"]), (body["local_id"], 1))
        self.assertGreater(inspection["id"], 82)
        status, again, _ = self.emu.call("POST", "/api/v1/inspections", body, token=token)
        self.assertEqual((status, again["data"]["inspection"]["id"]), (200, inspection["id"]))
        state = self.emu.state()
        self.assertEqual(state["post_counts"]["inspections"][body["local_id"]], 2)
        self.assertEqual(state["created_counts"]["inspections"], 1)
        self.assertEqual(state["inspections_total"], 83)
        record = state["inspections"][body["local_id"]]
        self.assertEqual(record["overall_score"], 72.5)
        # rating 4 -> 0.8, rating 5 -> 1, checkbox true, pass_fail pass, radio Poor: 3.8 / 5
        self.assertEqual(record["server_score"], 76.0)
        self.assertFalse(record["scores_match"])
        self.assertEqual(record["unknown_keys"], [])

    def test_state_lists_form_keys_that_no_schema_field_owns(self):
        body = inspection_body(form_data={"Optional(2)": 4, "3": 5})
        self.assertEqual(self.emu.call("POST", "/api/v1/inspections", body, token=self.emu.token())[0], 201)
        record = self.emu.state()["inspections"][body["local_id"]]
        self.assertEqual(record["unknown_keys"], ["Optional(2)"])
        # only rating "3" counts among the known keys: 5/5 plus the absent checkbox and radio
        self.assertEqual(record["server_score"], 33.33)

    def test_validation_refuses_missing_or_unknown_references(self):
        token = self.emu.token()
        cases = [
            ({"template_id": None}, "template_id is required"),
            ({"facility_id": 99}, "Unknown facility_id: 99"),
            ({"template_id": "1"}, "template_id must be an integer"),
            ({"area_id": 104}, "area_id 104 does not belong to facility 1"),
            ({"parent_inspection_id": 5000}, "Unknown parent_inspection_id: 5000"),
            ({"started_at": "30/11/2026"}, "started_at must be a UTC date yyyy-MM-ddTHH:mm:ss"),
        ]
        for overrides, message in cases:
            status, body, _ = self.emu.call("POST", "/api/v1/inspections", inspection_body(**overrides), token=token)
            self.assertEqual((status, body["error"]), (422, message), overrides)
        self.assertEqual(self.emu.state()["created_counts"]["inspections"], 0)

    def test_local_photo_paths_in_form_data_are_rejected(self):
        token = self.emu.token()
        body = inspection_body(form_data={"2": 4, "7": "local://Photos/abc.jpg"})
        status, reply, _ = self.emu.call("POST", "/api/v1/inspections", body, token=token)
        self.assertEqual(status, 422)
        self.assertIn("local://", reply["error"])
        nested = inspection_body(template_id=2, area_id=None,
                                 form_data={"f_1712_o66": [["Soap", "local://x.jpg", "no"]]})
        self.assertEqual(self.emu.call("POST", "/api/v1/inspections", nested, token=token)[0], 422)
        self.assertEqual(self.emu.state()["inspections"], {})

    def test_reinspection_clears_the_parents_follow_up_flag(self):
        token = self.emu.token()
        parent = self.emu.call("GET", "/api/v1/inspections/73", token=token)[1]["data"]["inspection"]
        self.assertTrue(parent["follow_up_required"])
        body = inspection_body(parent_inspection_id=73, template_id=parent["template_id"], area_id=None,
                               facility_id=parent["facility_id"])
        self.assertEqual(self.emu.call("POST", "/api/v1/inspections", body, token=token)[0], 201)
        parent = self.emu.call("GET", "/api/v1/inspections/73", token=token)[1]["data"]["inspection"]
        self.assertFalse(parent["follow_up_required"])
        self.assertNotIn(73, self.emu.state()["follow_up_required_ids"])

    def test_history_pages_newest_first_and_filters_by_status(self):
        token = self.emu.token()
        page = self.emu.call("GET", "/api/v1/inspections?status=completed&limit=30&offset=0", token=token)[1]["data"]
        self.assertEqual((page["total"], page["limit"], page["offset"]), (75, 30, 0))
        self.assertEqual([i["id"] for i in page["items"]], list(range(75, 45, -1)))
        last = self.emu.call("GET", "/api/v1/inspections?status=completed&limit=30&offset=60", token=token)[1]["data"]
        self.assertEqual([i["id"] for i in last["items"]], list(range(15, 0, -1)))
        self.assertEqual(self.emu.call("GET", "/api/v1/inspections", token=token)[1]["data"]["total"], 77)
        follow_ups = [i["id"] for i in page["items"] if i["follow_up_required"]]
        self.assertEqual(follow_ups, [73, 66, 58])
        self.assertEqual(self.emu.call("GET", "/api/v1/inspections?limit=x", token=token)[0], 400)
        supervisor = self.emu.token("supervisor")
        self.assertEqual(self.emu.call("GET", "/api/v1/inspections", token=supervisor)[1]["data"]["total"], 82)

    def test_another_inspectors_inspection_is_forbidden_and_unknown_is_404(self):
        token = self.emu.token()
        status, body, _ = self.emu.call("GET", "/api/v1/inspections/78", token=token)
        self.assertEqual((status, body["error"]), (403, "Insufficient permissions"))
        self.assertEqual(self.emu.call("GET", "/api/v1/inspections/9999", token=token)[0], 404)

    def test_drop_after_handler_commits_and_a_retry_finds_the_record(self):
        token = self.emu.token()
        self.emu.admin("/faults", {"path": "/api/v1/inspections", "method": "POST", "drop_after_handler": True})
        body = inspection_body()
        with self.assertRaises((http.client.HTTPException, ConnectionError, urllib.error.URLError)):
            self.emu.call("POST", "/api/v1/inspections", body, token=token)
        server_id = self.emu.state()["inspections"][body["local_id"]]["id"]
        status, again, _ = self.emu.call("POST", "/api/v1/inspections", body, token=token)
        self.assertEqual((status, again["data"]["inspection"]["id"]), (200, server_id))
        self.assertEqual(self.emu.state()["created_counts"]["inspections"], 1)


    def test_injected_faults_answer_in_the_envelope_unless_a_body_is_given(self):
        token = self.emu.token()
        self.emu.admin("/faults", [{"path": "/api/v1/facilities", "status": 503, "count": 1},
                                   {"path": "/api/v1/areas", "status": 502, "body": "<html>Bad gateway</html>",
                                    "content_type": "text/html"}])
        status, body, _ = self.emu.call("GET", "/api/v1/facilities", token=token)
        self.assertEqual((status, body), (503, {"ok": False, "data": None, "error": "Injected fault: HTTP 503"}))
        status, body, headers = self.emu.call("GET", "/api/v1/areas", token=token)
        self.assertEqual((status, body, headers["Content-Type"]), (502, b"<html>Bad gateway</html>", "text/html"))
        self.assertEqual(self.emu.call("GET", "/api/v1/facilities", token=token)[0], 200)


class IssueTests(EmulatorTestCase):
    def test_seeded_issues_are_those_assigned_to_or_reported_by_the_user(self):
        inspector = self.emu.call("GET", "/api/v1/issues", token=self.emu.token())[1]["data"]
        self.assertEqual([i["id"] for i in inspector], [2, 1, 3])
        self.assertEqual(inspector[1]["photo_path"], "uploads/photos/seed-issue-1.png")
        other = self.emu.call("GET", "/api/v1/issues", token=self.emu.token("inspector2"))[1]["data"]
        self.assertEqual([i["id"] for i in other], [5, 4])

    def test_issue_post_is_idempotent_and_status_patch_resolves(self):
        token = self.emu.token()
        body = {"local_id": str(uuid.uuid4()), "inspection_id": 75, "facility_id": 1, "area_id": 101,
                "severity": "high", "description": "Leaking tap"}
        status, created, _ = self.emu.call("POST", "/api/v1/issues", body, token=token)
        self.assertEqual(status, 201)
        issue = created["data"]["issue"]
        self.assertEqual((issue["reported_by"], issue["status"], issue["result_photos"]), (1, "open", []))
        status, again, _ = self.emu.call("POST", "/api/v1/issues", body, token=token)
        self.assertEqual((status, again["data"]["issue"]["id"]), (200, issue["id"]))
        self.assertEqual(self.emu.state()["post_counts"]["issues"][body["local_id"]], 2)
        status, patched, _ = self.emu.call("PATCH", "/api/v1/issues/%d/status" % issue["id"],
                                           {"status": "resolved", "notes": "Washer replaced"}, token=token)
        self.assertEqual(status, 200)
        self.assertEqual(patched["data"]["issue"]["result_notes"], "Washer replaced")
        self.assertIsNotNone(patched["data"]["issue"]["resolved_at"])
        self.assertEqual(self.emu.call("GET", "/api/v1/issues/%d" % issue["id"],
                                       token=token)[1]["data"]["issue"]["status"], "resolved")

    def test_issue_validation_and_permissions(self):
        token = self.emu.token()
        base = {"local_id": "x-1", "facility_id": 1, "severity": "urgent", "description": "d"}
        self.assertEqual(self.emu.call("POST", "/api/v1/issues", base, token=token)[1]["error"],
                         "severity must be one of low, medium, high, critical")
        local_photo = dict(base, severity="low", photo_path="local://p.jpg")
        self.assertEqual(self.emu.call("POST", "/api/v1/issues", local_photo, token=token)[0], 422)
        self.assertEqual(self.emu.call("GET", "/api/v1/issues/4", token=token)[0], 403)
        self.assertEqual(self.emu.call("PATCH", "/api/v1/issues/1/status", {"status": "done"}, token=token)[0], 422)

    def test_admin_reshapes_the_assigned_list_between_syncs(self):
        token = self.emu.token()
        status, body, _ = self.emu.admin("/assigned-issues", {"user": "inspector", "issue_ids": []})
        self.assertEqual((status, body["unassigned"]), (200, [1, 2, 3]))
        self.assertEqual(self.emu.call("GET", "/api/v1/issues", token=token)[1]["data"], [])
        created = self.emu.admin("/issues", {"facility_id": 2, "description": "Graffiti in stairwell",
                                             "severity": "low", "assigned_to": "inspector"})[1]["issue"]
        self.emu.admin("/issues/assign", {"issue_id": 4, "user": "inspector"})
        listed = self.emu.call("GET", "/api/v1/issues", token=token)[1]["data"]
        self.assertEqual(sorted(i["id"] for i in listed), [4, created["id"]])
        self.emu.admin("/issues/assign", {"issue_id": 4, "user": None})
        self.assertEqual(self.emu.admin("/issues/%d" % created["id"], method="DELETE")[0], 200)
        self.assertEqual(self.emu.call("GET", "/api/v1/issues", token=token)[1]["data"], [])


class PhotoTests(EmulatorTestCase):
    def upload(self, token, payload=JPEG, content_type="image/jpeg", filename="a.jpg", local_id="L1",
               entity_type="inspection"):
        body, header = multipart({"entity_type": entity_type, "local_id": local_id},
                                 [("photo", filename, content_type, payload)])
        return self.emu.call("POST", "/api/v1/photos/upload", token=token, data=body,
                             headers={"Content-Type": header})

    def test_upload_stores_bytes_and_a_retry_returns_the_same_path(self):
        token = self.emu.token()
        status, body, _ = self.upload(token)
        self.assertEqual(status, 201)
        path = body["data"]["path"]
        self.assertTrue(path.startswith("uploads/photos/") and path.endswith(".jpg"), path)
        status, served, headers = self.emu.call("GET", "/" + path)
        self.assertEqual((status, served, headers["Content-Type"]), (200, JPEG, "image/jpeg"))
        status, again, _ = self.upload(token)
        self.assertEqual((status, again["data"]["path"]), (200, path))
        photo = self.emu.state()["photos"][path]
        self.assertEqual((photo["size"], photo["sha256"]), (len(JPEG), hashlib.sha256(JPEG).hexdigest()))
        self.assertEqual(self.emu.state()["post_counts"]["photos"]["inspection/L1/a.jpg"], 2)
        self.assertEqual(self.upload(token, payload=PNG, content_type="image/png", filename="b.png")[0], 201)

    def test_a_dropped_upload_is_stored_and_the_retry_gets_the_same_path(self):
        token = self.emu.token()
        self.emu.admin("/faults", {"path": "/api/v1/photos/upload", "drop_after_handler": True})
        with self.assertRaises((http.client.HTTPException, ConnectionError, urllib.error.URLError)):
            self.upload(token, local_id="L9", filename="dropped.jpg")
        stored = [p for p in self.emu.state()["photos"].values() if p["local_id"] == "L9"]
        self.assertEqual(len(stored), 1)
        status, body, _ = self.upload(token, local_id="L9", filename="dropped.jpg")
        self.assertEqual((status, body["data"]["path"]), (200, stored[0]["path"]))

    def test_upload_refuses_wrong_types_bad_fields_and_oversize(self):
        token = self.emu.token()
        self.assertEqual(self.upload(token, payload=b"hello", content_type="text/plain")[0], 422)
        self.assertEqual(self.upload(token, payload=PNG, content_type="image/jpeg")[0], 422)
        self.assertEqual(self.upload(token, entity_type="area")[0], 422)
        status, body, _ = self.upload(token, payload=JPEG + b"\x00" * 4096)
        self.assertEqual((status, body["error"]), (413, "Upload exceeds the 4096 bytes limit"))
        status, body, _ = self.emu.call("POST", "/api/v1/photos/upload", {"photo": "x"}, token=token)
        self.assertEqual(status, 400)
        self.assertEqual(self.emu.state()["created_counts"]["photos"], 0)


class NotificationTests(EmulatorTestCase):
    def test_unread_since_and_mark_read(self):
        token = self.emu.token()
        unread = self.emu.call("GET", "/api/v1/notifications", token=token)[1]["data"]
        self.assertEqual([n["id"] for n in unread], [1, 2])
        created = self.emu.admin("/notify", {"user": "inspector", "type": "issue_assigned", "title": "New",
                                             "body": "Issue #9", "issue_id": 9})[1]["notification"]
        since = self.emu.call("GET", "/api/v1/notifications?since=2026-11-02T00:00:00", token=token)[1]["data"]
        self.assertEqual([n["id"] for n in since], [2, created["id"]])
        self.assertEqual(self.emu.call("GET", "/api/v1/notifications?since=2026-11-02T10:30:00Z",
                                       token=token)[1]["data"][0]["id"], 2)
        self.assertEqual(self.emu.call("GET", "/api/v1/notifications?since=yesterday", token=token)[0], 400)
        status, body, _ = self.emu.call("PATCH", "/api/v1/notifications/mark-read", {"ids": [1, 2, 4]}, token=token)
        self.assertEqual((status, body["data"]), (200, {"updated": 2}))
        unread = self.emu.call("GET", "/api/v1/notifications", token=token)[1]["data"]
        self.assertEqual([n["id"] for n in unread], [created["id"]])
        read_flags = {n["id"]: n["is_read"] for n in self.emu.state()["notifications"]}
        self.assertEqual((read_flags[1], read_flags[4]), (True, False))


def field(fid, ftype, **extra):
    return dict({"id": fid, "type": ftype, "label": str(fid), "col": 1, "row": 1, "colSpan": 12, "rowSpan": 1},
                **extra)


class ScoreTests(unittest.TestCase):
    def test_contract_rules(self):
        schema = [field(5, "rating"), field("f_1", "checkbox"), field("f_2", "radio"),
                  field(7, "pass_fail"), field(8, "text")]
        score = jqc_score.compute_score
        self.assertEqual(score(schema, {"5": 4, "f_1": "true", "f_2": "YES", "7": "fail"}), 70.0)
        self.assertEqual(score(schema, {"5": 0, "f_1": True, "f_2": "Good", "7": ""}), 100.0)
        # absent checkbox and radio count as failed answers, as on the server
        self.assertEqual(score(schema, {"5": 5}), 33.33)
        self.assertEqual(score(schema, {"5": "4", "f_1": "false", "f_2": "no", "7": "pass"}), 33.33)
        self.assertIsNone(score([field(1, "rating"), field(2, "pass_fail")], {"1": 0, "2": ""}))
        self.assertIsNone(score([field(1, "text")], {"1": "pass"}))
        self.assertEqual(score([field(1, "rating"), field(2, "rating"), field(3, "rating")],
                               {"1": 1, "2": 1, "3": 2}), 26.67)
        # the key is the string form of an integer id, never the integer itself
        self.assertEqual(score([field(5, "pass_fail")], {"5": "Compliant"}), 100.0)
        self.assertEqual(score([field(True, "checkbox"), field(None, "radio")], {"True": "true"}), None)

    def test_cli_reads_cases_from_stdin(self):
        cases = [{"schema": [field(1, "rating")], "data": {"1": 3}},
                 {"schema": [field(1, "rating")], "data": {}}]
        result = subprocess.run([sys.executable, os.path.join(HERE, "jqc_score.py")], input=json.dumps(cases),
                                capture_output=True, text=True, check=True)
        self.assertEqual(json.loads(result.stdout), [60.0, None])


class ClockTests(EmulatorTestCase):
    """The Date header can run ahead of or behind the real clock, as an off server's does."""

    def server_skew(self):
        _, _, headers = self.emu.call("GET", "/api/v1/facilities")
        return email.utils.parsedate_to_datetime(headers["Date"]).timestamp() - time.time()

    def test_date_header_follows_the_real_clock_by_default(self):
        self.assertLess(abs(self.server_skew()), 2)

    def test_admin_clock_shifts_the_date_header_and_zero_undoes_it(self):
        self.emu.call("POST", "/__admin/clock", {"offset_seconds": 300})
        self.assertAlmostEqual(self.server_skew(), 300, delta=2)
        self.emu.call("POST", "/__admin/clock", {"offset_seconds": -300})
        self.assertAlmostEqual(self.server_skew(), -300, delta=2)
        self.emu.call("POST", "/__admin/clock", {"offset_seconds": 0})
        self.assertLess(abs(self.server_skew()), 2)

    def date_header(self):
        _, _, headers = self.emu.call("GET", "/api/v1/facilities")
        return email.utils.parsedate_to_datetime(headers["Date"]).replace(tzinfo=None)

    def test_what_the_server_stamps_runs_on_its_own_clock(self):
        token = self.emu.token()
        for offset in (-600, 600):
            self.emu.call("POST", "/__admin/clock", {"offset_seconds": offset})
            server_now = self.date_header()
            note = self.emu.admin("/notify", {"user": "inspector", "title": "Off by %d" % offset})[1]["notification"]
            stamped = datetime.datetime.strptime(note["created_at"], "%Y-%m-%dT%H:%M:%S")
            self.assertLess(abs((stamped - server_now).total_seconds()), 3, offset)
            # `since` is compared in the server's time: a minute before its Date finds the notice,
            # this machine's own time (ten minutes off) does not when the server is behind.
            since = (server_now - datetime.timedelta(seconds=60)).strftime("%Y-%m-%dT%H:%M:%S")
            found = self.emu.call("GET", "/api/v1/notifications?since=" + since, token=token)[1]["data"]
            self.assertIn(note["id"], [n["id"] for n in found])
            local = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
            by_local = [n["id"] for n in self.emu.call("GET", "/api/v1/notifications?since=" + local, token=token)[1]["data"]]
            self.assertEqual(note["id"] in by_local, offset > 0)
            issue = self.emu.admin("/issues", {"facility_id": 1, "assigned_to": "inspector"})[1]["issue"]
            reported = datetime.datetime.strptime(issue["reported_at"], "%Y-%m-%dT%H:%M:%S")
            self.assertLess(abs((reported - server_now).total_seconds()), 3)

    def test_notify_age_seconds_stamps_a_notice_in_the_servers_past(self):
        self.emu.call("POST", "/__admin/clock", {"offset_seconds": -600})
        server_now = self.date_header()
        note = self.emu.admin("/notify", {"user": "inspector", "title": "Late", "age_seconds": 30})[1]["notification"]
        stamped = datetime.datetime.strptime(note["created_at"], "%Y-%m-%dT%H:%M:%S")
        self.assertAlmostEqual((server_now - stamped).total_seconds(), 30, delta=3)


class ServerResetTests(EmulatorTestCase):
    """/__admin/server-reset: the server forgets what clients sent and may hand out ids again."""

    def test_reset_forgets_client_records_and_reuses_their_ids(self):
        token = self.emu.token()
        first = self.emu.call("POST", "/api/v1/inspections", inspection_body("first"), token=token)[1]["data"]["inspection"]
        issue = self.emu.call("POST", "/api/v1/issues", {"local_id": "issue-a", "facility_id": 1, "severity": "low",
                                                         "description": "Scuff"}, token=token)[1]["data"]["issue"]
        note = self.emu.admin("/notify", {"user": "inspector", "title": "Before"})[1]["notification"]
        status, body, _ = self.emu.admin("/server-reset")
        self.assertEqual(status, 200)
        self.assertEqual(body["forgotten"], {"inspections": 1, "issues": 1, "photos": 0, "notifications": 1})
        # Still logged in; the same ids go to new records, and the old local_id is unknown again.
        second = self.emu.call("POST", "/api/v1/inspections", inspection_body("second"), token=token)
        self.assertEqual((second[0], second[1]["data"]["inspection"]["id"]), (201, first["id"]))
        again = self.emu.call("POST", "/api/v1/inspections", inspection_body("first"), token=token)
        self.assertEqual((again[0], again[1]["data"]["inspection"]["id"]), (201, first["id"] + 1))
        other = self.emu.call("POST", "/api/v1/issues", {"local_id": "issue-b", "facility_id": 1, "severity": "low",
                                                         "description": "Other"}, token=token)[1]["data"]["issue"]
        self.assertEqual(other["id"], issue["id"])
        self.assertEqual(self.emu.admin("/notify", {"user": "inspector", "title": "After"})[1]["notification"]["id"], note["id"])

    def test_reset_without_reuse_carries_the_ids_on(self):
        token = self.emu.token()
        first = self.emu.call("POST", "/api/v1/inspections", inspection_body(), token=token)[1]["data"]["inspection"]
        forgotten = self.emu.admin("/server-reset", {"reuse_ids": False})[1]["forgotten"]
        self.assertEqual(forgotten["inspections"], 1)
        second = self.emu.call("POST", "/api/v1/inspections", inspection_body(), token=token)[1]["data"]["inspection"]
        self.assertEqual(second["id"], first["id"] + 1)
        self.assertNotIn(first["id"], [i["id"] for i in self.emu.state()["inspections"].values()])


class HoldTests(EmulatorTestCase):
    """/__admin/hold keeps a request in flight until the test releases it."""

    def test_a_held_request_waits_before_its_handler_until_released(self):
        token = self.emu.token()
        hold = self.emu.admin("/hold", {"path": "/api/v1/inspections", "method": "POST"})[1]["id"]
        result = {}

        def post():
            result["answer"] = self.emu.call("POST", "/api/v1/inspections", inspection_body("held"), token=token)

        thread = threading.Thread(target=post)
        thread.start()
        for _ in range(200):
            holds = self.emu.call("GET", "/__admin/holds")[1]["holds"]
            if holds[0]["waiting"] == 1:
                break
            time.sleep(0.01)
        self.assertEqual(holds[0]["waiting"], 1)
        # Other requests, admin ones included, are served meanwhile; the held one did nothing yet.
        self.assertEqual(self.emu.call("GET", "/api/v1/facilities", token=token)[0], 200)
        self.assertNotIn("held", self.emu.state()["inspections"])
        self.assertEqual(self.emu.admin("/release", {"id": hold})[1]["released"], 1)
        thread.join(10)
        self.assertEqual(result["answer"][0], 201)
        self.assertIn("held", self.emu.state()["inspections"])
        self.assertEqual(self.emu.call("GET", "/__admin/holds")[1]["holds"][0]["passed"], 1)
        # A released hold holds nothing more.
        self.assertEqual(self.emu.call("POST", "/api/v1/inspections", inspection_body("next"), token=token)[0], 201)


# --- server modes: the public server "as run" (contract's last section) ---------------------

DEFAULT_MODES = {"time_zone": "UTC", "microseconds": False, "csrf_refusal": [], "html_errors": False,
                 "routes": "all", "real_shapes": False}
STAMP_SECONDS = re.compile(r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\Z")
STAMP_MICROSECONDS = re.compile(r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\Z")
CSRF_BODY = b'{"ok": false, "data": null, "error": "The CSRF token is missing."}'
FLASK_404 = (b"<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n"
             b"<p>The requested URL was not found on the server. If you entered the URL manually please check "
             b"your spelling and try again.</p>\n")
FLASK_405 = (b"<!doctype html>\n<html lang=en>\n<title>405 Method Not Allowed</title>\n<h1>Method Not Allowed</h1>\n"
             b"<p>The method is not allowed for the requested URL.</p>\n")
REAL_USER_KEYS = {"id", "username", "email", "role", "created_at"}


def wall_now(zone, utc=None):
    """Naive wall-clock time in `zone` (zoneinfo, the system tz database) at `utc` (default now)."""
    instant = utc or datetime.datetime.now(datetime.timezone.utc)
    return instant.astimezone(ZoneInfo(zone)).replace(tzinfo=None)


def stamp(text):
    return datetime.datetime.fromisoformat(text)


class ModeTestCase(EmulatorTestCase):
    def mode(self, **changes):
        status, body, _ = self.emu.admin("/mode", changes)
        self.assertEqual((status, body["ok"]), (200, True), body)
        return body["mode"]

    def date_header(self, headers):
        self.assertTrue(headers["Date"].endswith(" GMT"), headers["Date"])
        return email.utils.parsedate_to_datetime(headers["Date"])

    def notify(self, **extra):
        body = dict({"user": "inspector", "type": "issue_assigned", "title": "Sjøgata 5: “tett sluk” 🚰",
                     "body": "Ålesundsvegen – 東京-teamet ringte"}, **extra)
        return self.emu.admin("/notify", body)[1]["notification"]

    def refused(self, path, body, token=None):
        """Asserts the public server's CSRF refusal of a POST: 400 and exactly its body."""
        status, raw, headers = self.emu.call("POST", path, body, token=token, raw=True)
        self.assertEqual((status, raw, headers["Content-Type"]), (400, CSRF_BODY, "application/json"), path)


class ModeEndpointTests(ModeTestCase):
    def test_get_mode_answers_every_mode_and_state_shows_it(self):
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1], {"ok": True, "mode": DEFAULT_MODES})
        self.assertEqual(self.emu.state()["mode"], DEFAULT_MODES)

    def test_only_the_keys_given_change(self):
        self.assertEqual(self.mode(html_errors=True), dict(DEFAULT_MODES, html_errors=True))
        self.assertEqual(self.mode(routes="auth-only", csrf_refusal=True),
                         dict(DEFAULT_MODES, html_errors=True, routes="auth-only", csrf_refusal=["*"]))
        self.assertEqual(self.mode(csrf_refusal=["/api/v1/auth/refresh", "/api/v1/devices/*"])["csrf_refusal"],
                         ["/api/v1/auth/refresh", "/api/v1/devices/*"])
        self.assertEqual(self.mode(csrf_refusal=False)["csrf_refusal"], [])
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1]["mode"],
                         dict(DEFAULT_MODES, html_errors=True, routes="auth-only"))

    def test_bad_values_are_refused_and_change_nothing(self):
        for body in ({"time_zone": "Mars/Olympus"}, {"time_zone": "../etc/passwd"}, {"time_zone": 5},
                     {"routes": "some"}, {"microseconds": "yes"}, {"real_shapes": 1}, {"csrf_refusal": [1]},
                     {"colour": "blå"}, {"html_errors": True, "time_zone": "Europe/Ålesund"}):
            status, answer, _ = self.emu.admin("/mode", body)
            self.assertEqual((status, answer["ok"]), (400, False), body)
            self.assertEqual(answer["mode"], DEFAULT_MODES, body)
        self.assertIn("unknown time zone", self.emu.admin("/mode", {"time_zone": "Mars/Olympus"})[1]["error"])
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1]["mode"], DEFAULT_MODES)

    def test_reset_puts_every_mode_and_the_clock_back(self):
        self.mode(time_zone="Asia/Kolkata", microseconds=True, csrf_refusal=True, html_errors=True,
                  routes="auth-only", real_shapes=True)
        self.emu.admin("/clock", {"now": "2026-11-01T05:30:00Z"})
        self.assertEqual(self.emu.admin("/reset")[0], 200)
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1]["mode"], DEFAULT_MODES)
        _, _, headers = self.emu.call("GET", "/api/v1/facilities")
        now = datetime.datetime.now(datetime.timezone.utc)
        self.assertLess(abs((self.date_header(headers) - now).total_seconds()), 3)
        self.assertNotIn(6, [i["id"] for i in self.emu.state()["issues"]])
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/login",
                                       {"username": "inspector", "password": "secret123"})[0], 200)


class TimeZoneTests(ModeTestCase):
    ZONES = ("America/New_York", "Asia/Kolkata", "Pacific/Kiritimati")

    def test_stamps_are_the_zones_naive_wall_time_and_the_date_header_stays_utc(self):
        token = self.emu.token()
        for zone in self.ZONES:
            self.assertEqual(self.mode(time_zone=zone)["time_zone"], zone)
            note = self.notify()
            _, listed, headers = self.emu.call("GET", "/api/v1/notifications", token=token)
            date = self.date_header(headers)
            real_now = datetime.datetime.now(datetime.timezone.utc)
            self.assertLess(abs((date - real_now).total_seconds()), 3, zone)
            self.assertRegex(note["created_at"], STAMP_SECONDS)
            self.assertLess(abs((stamp(note["created_at"]) - wall_now(zone)).total_seconds()), 3, zone)
            self.assertLess(abs((stamp(note["created_at"]) - wall_now(zone, date)).total_seconds()), 3, zone)
            offset = ZoneInfo(zone).utcoffset(real_now.replace(tzinfo=None))
            self.assertLess(abs((stamp(note["created_at"]) - date.replace(tzinfo=None) - offset).total_seconds()), 3)
            self.assertIn(note["created_at"], [n["created_at"] for n in listed["data"] if n["id"] == note["id"]])
            # Everything else the server stamps follows the zone too.
            issue = self.emu.admin("/issues", {"facility_id": 1, "area_id": 102, "assigned_to": "inspector",
                                               "description": "Knust flis i “Ålesundsvegen”-inngangen"})[1]["issue"]
            resolved = self.emu.call("PATCH", "/api/v1/issues/%d/status" % issue["id"], {"status": "resolved"},
                                     token=token)[1]["data"]["issue"]
            body = inspection_body()
            del body["started_at"], body["completed_at"]
            inspection = self.emu.call("POST", "/api/v1/inspections", body, token=token)[1]["data"]["inspection"]
            user = self.emu.admin("/users", {"username": "kari.nordmann.%s" % zone.split("/")[1].lower()})[1]["user"]
            for value in (issue["reported_at"], resolved["resolved_at"], inspection["inspection_date"],
                          inspection["completed_at"], user["created_at"]):
                self.assertRegex(value, STAMP_SECONDS)
                self.assertLess(abs((stamp(value) - wall_now(zone)).total_seconds()), 3, (zone, value))

    def test_since_is_compared_with_the_stamps_as_naive_wall_times(self):
        token = self.emu.token()
        self.mode(time_zone="America/New_York")
        note = self.notify()
        created = stamp(note["created_at"])

        def found(since):
            data = self.emu.call("GET", "/api/v1/notifications?since=" + since.strftime("%Y-%m-%dT%H:%M:%S"),
                                 token=token)[1]["data"]
            return note["id"] in [n["id"] for n in data]

        self.assertTrue(found(created - datetime.timedelta(seconds=60)))
        # A cursor from a UTC clock is hours ahead of New York's wall time: the notice is missed,
        # as on the real server (the client must take `since` from stamps the server sent).
        utc_cursor = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) - datetime.timedelta(seconds=60)
        self.assertFalse(found(utc_cursor))

    def test_absolute_clock_across_the_us_fall_back_repeats_wall_times(self):
        token = self.emu.token()
        self.mode(time_zone="America/New_York")
        notes = {}
        for label, instant, wall in (("EDT 01:30", "2026-11-01T05:30:00Z", "2026-11-01T01:30:0"),
                                     ("EST 01:00", "2026-11-01T06:00:00Z", "2026-11-01T01:00:0"),
                                     ("EST 01:30", "2026-11-01T01:30:00-05:00", "2026-11-01T01:30:0")):
            status, answer, _ = self.emu.admin("/clock", {"now": instant})
            self.assertEqual((status, answer["ok"]), (200, True))
            self.assertTrue(answer["wall_now"].startswith(wall), answer)
            expected_utc = datetime.datetime.fromisoformat(instant.replace("Z", "+00:00"))
            self.assertAlmostEqual(answer["offset_seconds"],
                                   (expected_utc - datetime.datetime.now(datetime.timezone.utc)).total_seconds(), delta=3)
            notes[label] = self.notify(title=label)
            self.assertTrue(notes[label]["created_at"].startswith(wall), notes[label])
            _, _, headers = self.emu.call("GET", "/api/v1/facilities", token=token)
            self.assertLess(abs((self.date_header(headers) - expected_utc).total_seconds()), 3)
            issue = self.emu.admin("/issues", {"facility_id": 2, "area_id": 104})[1]["issue"]
            self.assertTrue(issue["reported_at"].startswith(wall), issue)
        # The wall clock went backwards: the later EST 01:00 notice sorts before the EDT 01:30 one,
        # and a since of 01:15 finds both 01:30 notices but not the one made in between.
        self.assertLess(stamp(notes["EST 01:00"]["created_at"]), stamp(notes["EDT 01:30"]["created_at"]))
        since = self.emu.call("GET", "/api/v1/notifications?since=2026-11-01T01:15:00", token=token)[1]["data"]
        ids = [n["id"] for n in since]
        self.assertIn(notes["EDT 01:30"]["id"], ids)
        self.assertIn(notes["EST 01:30"]["id"], ids)
        self.assertNotIn(notes["EST 01:00"]["id"], ids)
        # offset_seconds still works, and a bad instant is refused.
        self.assertEqual(self.emu.admin("/clock", {"now": "sist tirsdag"})[0], 400)
        self.emu.admin("/clock", {"offset_seconds": 0})
        _, _, headers = self.emu.call("GET", "/api/v1/facilities")
        self.assertLess(abs((self.date_header(headers) - datetime.datetime.now(datetime.timezone.utc)).total_seconds()), 3)

    def test_an_unknown_zone_flag_stops_the_emulator_at_start(self):
        result = subprocess.run([sys.executable, os.path.join(HERE, "jqc_emulator.py"), "--port", "0",
                                 "--time-zone", "Mars/Olympus"], capture_output=True, text=True, timeout=15)
        self.assertEqual(result.returncode, 2)
        self.assertIn("unknown time zone 'Mars/Olympus'", result.stderr)
        self.assertNotIn("listening", result.stdout)


class MicrosecondTests(ModeTestCase):
    def test_stamps_carry_microseconds_only_in_the_mode(self):
        token = self.emu.token()
        self.assertRegex(self.notify()["created_at"], STAMP_SECONDS)
        self.assertEqual(self.mode(microseconds=True)["microseconds"], True)
        stamps = [self.notify()["created_at"] for _ in range(3)]
        issue = self.emu.admin("/issues", {"facility_id": 1, "area_id": 101})[1]["issue"]
        stamps.append(issue["reported_at"])
        # isoformat drops a zero fraction, as the real server's does: one in a million.
        self.assertTrue(any(STAMP_MICROSECONDS.match(s) for s in stamps), stamps)
        for value in stamps:
            self.assertRegex(value, r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?\Z")
            self.assertLess(abs((stamp(value) - wall_now("UTC")).total_seconds()), 3)
        listed = self.emu.call("GET", "/api/v1/notifications", token=token)[1]["data"]
        self.assertEqual([n["created_at"] for n in listed][-3:], stamps[:3])
        self.mode(microseconds=False)
        self.assertRegex(self.notify()["created_at"], STAMP_SECONDS)

    def test_real_shapes_imply_microseconds(self):
        mode = self.mode(real_shapes=True)
        self.assertEqual((mode["real_shapes"], mode["microseconds"]), (True, False))
        stamps = [self.notify()["created_at"] for _ in range(3)]
        self.assertTrue(any(STAMP_MICROSECONDS.match(s) for s in stamps), stamps)


class CsrfRefusalTests(ModeTestCase):
    def test_every_post_is_refused_with_the_exact_body_and_nothing_changes(self):
        data = self.emu.login()
        before = self.emu.state()
        self.assertEqual(self.mode(csrf_refusal=True)["csrf_refusal"], ["*"])
        self.refused("/api/v1/auth/login", {"username": "inspector", "password": "secret123",
                                            "device_id": "ipad-sjøgata-5"})
        self.refused("/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})
        self.refused("/api/v1/auth/logout", {"refresh_token": data["refresh_token"]}, token=data["access_token"])
        self.refused("/api/v1/auth/logout", {"refresh_token": data["refresh_token"]})   # before the token check
        self.refused("/api/v1/inspections", inspection_body("csrf-1"), token=data["access_token"])
        self.refused("/api/v1/devices/register", {"device_id": "ipad-1"}, token=data["access_token"])
        after = self.emu.state()
        for key in ("refresh_tokens", "refresh_tokens_valid", "access_tokens_valid", "post_counts",
                    "created_counts", "devices", "issues"):
            self.assertEqual(after[key], before[key], key)
        # GETs and other methods pass, unknown paths stay 404.
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=data["access_token"])[0], 200)
        self.assertEqual(self.emu.call("PATCH", "/api/v1/issues/1/status", {"status": "in_progress"},
                                       token=data["access_token"])[0], 200)
        self.assertEqual(self.emu.call("POST", "/api/v1/nothing-here", {})[0], 404)
        self.mode(csrf_refusal=False)
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})[0], 200)

    def test_patterns_choose_the_posts_refused(self):
        self.mode(csrf_refusal=["/api/v1/auth/refresh"])
        data = self.emu.login()
        self.refused("/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})
        status, body, _ = self.emu.call("POST", "/api/v1/auth/logout", {"refresh_token": data["refresh_token"]},
                                        token=data["access_token"])
        self.assertEqual((status, body["data"]), (200, {"message": "Logged out successfully"}))
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 0)
        self.mode(csrf_refusal=["/api/v1/auth/*"])
        self.refused("/api/v1/auth/login", {"username": "inspector", "password": "secret123"})
        self.assertEqual(self.emu.call("POST", "/api/v1/issues", {"local_id": "csrf-ok", "facility_id": 1,
                                                                  "severity": "low", "description": "Sjøgata 5"},
                                       token=data["access_token"])[0], 201)


class HtmlErrorAndRouteTests(ModeTestCase):
    def test_unknown_routes_and_wrong_methods_answer_flasks_html_pages(self):
        token = self.emu.token()
        self.mode(html_errors=True)
        status, raw, headers = self.emu.call("GET", "/api/v1/nothing-here", token=token)
        self.assertEqual((status, raw, headers["Content-Type"]), (404, FLASK_404, "text/html; charset=utf-8"))
        status, raw, headers = self.emu.call("DELETE", "/api/v1/issues", token=token)
        self.assertEqual((status, raw, headers["Content-Type"]), (405, FLASK_405, "text/html; charset=utf-8"))
        self.assertEqual(headers["Allow"], "GET, HEAD, OPTIONS, POST")
        status, raw, headers = self.emu.call("GET", "/api/v1/auth/login")
        self.assertEqual((status, raw, headers["Allow"]), (405, FLASK_405, "OPTIONS, POST"))
        # A handler's own 404 (a route that exists) still answers in the envelope.
        status, body, _ = self.emu.call("GET", "/api/v1/issues/9999", token=token)
        self.assertEqual((status, body["error"]), (404, "Resource not found"))
        self.mode(html_errors=False)
        status, body, _ = self.emu.call("GET", "/api/v1/nothing-here")
        self.assertEqual((status, body), (404, {"ok": False, "data": None, "error": "Resource not found"}))

    def test_auth_only_routes_are_the_public_server_today(self):
        data = self.emu.login()
        token = data["access_token"]
        self.assertEqual(self.mode(routes="auth-only")["routes"], "auth-only")
        status, body, _ = self.emu.call("GET", "/api/v1/facilities", token=token)
        self.assertEqual((status, body["error"]), (404, "Resource not found"))
        self.mode(html_errors=True)
        for method, path in (("GET", "/api/v1/facilities"), ("GET", "/api/v1/issues"),
                             ("PATCH", "/api/v1/issues/1/status"), ("POST", "/api/v1/inspections"),
                             ("GET", "/api/v1/notifications")):
            status, raw, headers = self.emu.call(method, path, {} if method != "GET" else None, token=token)
            self.assertEqual((status, raw, headers["Content-Type"]), (404, FLASK_404, "text/html; charset=utf-8"),
                             path)
        self.assertEqual(self.emu.call("GET", "/api/v1/auth/me", token=token)[0], 200)
        refreshed = self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})
        self.assertEqual(refreshed[0], 200)
        device = {"device_id": "ipad-sjøgata-5", "device_name": "Ålesundsvegen “felt” iPad 📱", "push_token": "东京-42"}
        self.assertEqual(self.emu.call("POST", "/api/v1/devices/register", device)[0], 401)
        status, body, _ = self.emu.call("POST", "/api/v1/devices/register", device, token=token)
        self.assertEqual((status, body), (200, {"ok": True, "data": {"registered": True}, "error": None}))
        registered = self.emu.state()["devices"]
        self.assertEqual(len(registered), 1)
        self.assertEqual({k: registered[0][k] for k in device}, device)
        self.assertEqual(registered[0]["user_id"], 1)
        self.assertEqual(self.emu.call("GET", "/uploads/photos/seed-issue-1.png")[0], 200)
        status, _, _ = self.emu.call("POST", "/api/v1/auth/logout",
                                     {"refresh_token": refreshed[1]["data"]["refresh_token"]}, token=token)
        self.assertEqual(status, 200)


class RealShapeTests(ModeTestCase):
    def test_default_shapes_are_the_contracts(self):
        data = self.emu.login()
        self.assertIn("full_name", data["user"])
        issue = self.emu.call("GET", "/api/v1/issues/1", token=data["access_token"])[1]["data"]["issue"]
        self.assertTrue({"facility_id", "local_id", "reported_by"} <= set(issue))
        self.assertNotIn("verified_by", issue)
        notes = self.emu.call("GET", "/api/v1/notifications", token=data["access_token"])[1]["data"]
        self.assertTrue(all("type" in n for n in notes))

    def test_user_issue_and_notification_take_the_real_models_shapes(self):
        self.mode(real_shapes=True)
        data = self.emu.login()
        token = data["access_token"]
        self.assertEqual(set(data["user"]), REAL_USER_KEYS)
        self.assertEqual(set(self.emu.call("GET", "/api/v1/auth/me", token=token)[1]["data"]["user"]), REAL_USER_KEYS)
        director = self.emu.login("director")["user"]
        self.assertEqual((director["id"], director["role"]), (5, "director"))
        issues = {i["id"]: i for i in self.emu.call("GET", "/api/v1/issues", token=token)[1]["data"]}
        self.assertEqual(sorted(issues), [1, 2, 3, 6])
        for issue in issues.values():
            self.assertFalse({"facility_id", "local_id", "reported_by"} & set(issue), issue)
            self.assertTrue({"verified_by", "verified_at", "verification_note", "area_id"} <= set(issue), issue)
            self.assertIsNotNone(issue["area_id"])
        pending = issues[6]
        self.assertEqual((pending["status"], pending["assigned_to"], pending["verified_by"]),
                         ("pending_verification", 1, None))
        self.assertIn("Sjøgata 5", pending["description"])
        self.assertEqual((issues[3]["verified_by"], issues[3]["verified_at"]), (5, "2026-08-23T08:10:00"))
        single = self.emu.call("GET", "/api/v1/issues/6", token=token)[1]["data"]["issue"]
        self.assertEqual(single, pending)
        self.notify()
        notes = self.emu.call("GET", "/api/v1/notifications", token=token)[1]["data"]
        self.assertTrue(notes)
        for note in notes:
            self.assertEqual(set(note), {"id", "title", "body", "link", "is_read", "created_at", "issue_id",
                                         "inspection_id"})

    def test_pending_verification_and_the_required_area(self):
        token = self.emu.token()
        status, body, _ = self.emu.call("PATCH", "/api/v1/issues/1/status", {"status": "pending_verification"},
                                        token=token)
        self.assertEqual((status, body["error"]), (422, "status must be one of open, in_progress, resolved"))
        self.mode(real_shapes=True)
        status, body, _ = self.emu.call("PATCH", "/api/v1/issues/1/status",
                                        {"status": "pending_verification", "notes": "Tørket – “ferdig” ✅"}, token=token)
        self.assertEqual((status, body["data"]["issue"]["status"]), (200, "pending_verification"))
        self.assertEqual(body["data"]["issue"]["result_notes"], "Tørket – “ferdig” ✅")
        issue = {"local_id": "real-1", "facility_id": 1, "severity": "low", "description": "Søppel ved 東京-skiltet"}
        status, body, _ = self.emu.call("POST", "/api/v1/issues", issue, token=token)
        self.assertEqual((status, body["error"]), (422, "area_id is required"))
        status, body, _ = self.emu.call("POST", "/api/v1/issues", dict(issue, area_id=104), token=token)
        self.assertEqual((status, body["error"]), (422, "area_id 104 does not belong to facility 1"))
        status, body, _ = self.emu.call("POST", "/api/v1/issues", dict(issue, area_id=102), token=token)
        self.assertEqual(status, 201)
        self.assertNotIn("local_id", body["data"]["issue"])
        status, again, _ = self.emu.call("POST", "/api/v1/issues", dict(issue, area_id=102), token=token)
        self.assertEqual((status, again["data"]["issue"]), (200, body["data"]["issue"]))

    def test_every_seed_issue_has_an_area_of_its_facility(self):
        self.mode(real_shapes=True)
        token = self.emu.token()
        areas = {a["id"]: a["facility_id"] for a in self.emu.call("GET", "/api/v1/areas", token=token)[1]["data"]}
        issues = self.emu.state()["issues"]
        self.assertEqual([i["id"] for i in issues], [1, 2, 3, 4, 5, 6])
        for issue in issues:
            self.assertEqual(areas.get(issue["area_id"]), issue["facility_id"], issue)

    def test_the_director_sees_every_inspection(self):
        director = self.emu.token("director")
        self.assertEqual(self.emu.call("GET", "/api/v1/inspections", token=director)[1]["data"]["total"], 82)

    def test_switching_real_shapes_at_run_time(self):
        token = self.emu.token()
        self.assertNotIn(6, [i["id"] for i in self.emu.state()["issues"]])
        self.mode(real_shapes=True)
        self.assertIn(6, [i["id"] for i in self.emu.state()["issues"]])
        self.assertEqual(self.emu.call("POST", "/api/v1/issues", {"local_id": "after", "facility_id": 1, "area_id": 101,
                                                                  "severity": "low", "description": "Ny"},
                                       token=token)[1]["data"]["issue"]["id"], 7)
        self.mode(real_shapes=False)
        issue = self.emu.call("GET", "/api/v1/issues/6", token=token)[1]["data"]["issue"]
        self.assertEqual((issue["facility_id"], issue["reported_by"]), (1, 5))
        verified = self.emu.call("GET", "/api/v1/issues/3", token=token)[1]["data"]["issue"]
        self.assertNotIn("verified_by", verified)   # the contract's keys again


class DeviceTests(ModeTestCase):
    def login_with(self, **device):
        return self.emu.call("POST", "/api/v1/auth/login", dict({"username": "inspector", "password": "secret123"},
                                                                 **device))

    def test_login_records_the_device_with_its_refresh_token(self):
        device = {"device_id": "ipad-Sjøgata-5-東京", "device_name": "Åses iPad “felt” 📱"}
        with_device = self.login_with(**device)[1]["data"]
        plain = self.emu.login()
        tokens = {t["token"]: t for t in self.emu.state()["refresh_tokens"]}
        self.assertEqual({k: tokens[with_device["refresh_token"]][k] for k in device}, device)
        self.assertEqual((tokens[plain["refresh_token"]]["device_id"], tokens[plain["refresh_token"]]["device_name"]),
                         (None, None))
        rotated = self.emu.call("POST", "/api/v1/auth/refresh",
                                {"refresh_token": with_device["refresh_token"]})[1]["data"]["refresh_token"]
        tokens = {t["token"]: t for t in self.emu.state()["refresh_tokens"]}
        self.assertEqual({k: tokens[rotated][k] for k in device}, device)

    def test_too_long_device_fields_are_refused(self):
        status, body, _ = self.login_with(device_id="x" * 65)
        self.assertEqual((status, body), (400, {"ok": False, "data": None,
                                                "error": "device_id must be at most 64 characters"}))
        status, body, _ = self.login_with(device_name="å" * 101)
        self.assertEqual((status, body["error"]), (400, "device_name must be at most 100 characters"))
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 0)
        self.assertEqual(self.login_with(device_id="ø" * 64, device_name="🧽" * 100)[0], 200)
        token = self.emu.token()
        status, body, _ = self.emu.call("POST", "/api/v1/devices/register", {"device_id": "d" * 65}, token=token)
        self.assertEqual((status, body["error"]), (400, "device_id must be at most 64 characters"))
        status, body, _ = self.emu.call("POST", "/api/v1/devices/register", {"device_name": "Sjøgata"}, token=token)
        self.assertEqual((status, body["error"]), (400, "device_id is required"))
        self.assertEqual(self.emu.state()["devices"], [])


class LogoutTests(ModeTestCase):
    def test_logout_needs_an_access_token_and_revokes_the_refresh_token_in_its_body(self):
        first, second = self.emu.login(), self.emu.login()
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 2)
        status, body, _ = self.emu.call("POST", "/api/v1/auth/logout", {"refresh_token": first["refresh_token"]})
        self.assertEqual((status, body["error"]), (401, "Authentication required"))
        status, _, _ = self.emu.call("POST", "/api/v1/auth/logout", {"refresh_token": first["refresh_token"]},
                                     token="not.a.jwt")
        self.assertEqual(status, 401)
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 2)
        status, _, _ = self.emu.call("POST", "/api/v1/auth/logout", {"refresh_token": first["refresh_token"]},
                                     token=first["access_token"])
        self.assertEqual(status, 200)
        state = self.emu.state()
        self.assertEqual(state["refresh_tokens_valid"], 1)
        self.assertEqual([t["token"] for t in state["refresh_tokens"]], [second["refresh_token"]])
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": first["refresh_token"]})[0], 401)
        self.assertEqual(self.emu.call("POST", "/api/v1/auth/refresh", {"refresh_token": second["refresh_token"]})[0], 200)
        self.assertEqual(self.emu.state()["refresh_tokens_valid"], 1)


class FlagModeTests(ModeTestCase):
    """Modes set on the command line: the public server as run, and where reset goes back to."""
    options = ("--time-zone", "Asia/Kolkata", "--real-shapes", "--csrf-refusal", "/api/v1/auth/refresh,/api/v1/devices/*",
               "--html-errors", "--routes", "auth-only")
    FLAGGED = {"time_zone": "Asia/Kolkata", "microseconds": False,
               "csrf_refusal": ["/api/v1/auth/refresh", "/api/v1/devices/*"], "html_errors": True,
               "routes": "auth-only", "real_shapes": True}

    def test_flags_set_the_modes(self):
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1]["mode"], self.FLAGGED)
        data = self.emu.login()
        self.assertEqual(set(data["user"]), REAL_USER_KEYS)
        self.refused("/api/v1/auth/refresh", {"refresh_token": data["refresh_token"]})
        self.refused("/api/v1/devices/register", {"device_id": "ipad-1"}, token=data["access_token"])
        status, raw, _ = self.emu.call("GET", "/api/v1/facilities", token=data["access_token"])
        self.assertEqual((status, raw), (404, FLASK_404))

    def test_seed_stamps_relative_to_now_follow_the_zone(self):
        pending = next(i for i in self.emu.state()["issues"] if i["id"] == 6)
        expected = wall_now("Asia/Kolkata") - datetime.timedelta(days=2)
        self.assertRegex(pending["reported_at"], r"\A\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{6})?\Z")
        self.assertLess(abs((stamp(pending["reported_at"]) - expected).total_seconds()), 5)

    def test_reset_goes_back_to_the_flags(self):
        self.assertEqual(self.mode(**DEFAULT_MODES), DEFAULT_MODES)
        self.assertEqual(self.emu.call("GET", "/api/v1/facilities", token=self.emu.token())[0], 200)
        self.emu.admin("/reset")
        self.assertEqual(self.emu.call("GET", "/__admin/mode")[1]["mode"], self.FLAGGED)
        self.assertIn(6, [i["id"] for i in self.emu.state()["issues"]])
        self.assertEqual(self.emu.call("GET", "/api/v1/facilities", token=self.emu.token())[0], 404)


if __name__ == "__main__":
    unittest.main()
