"""Behaviour tests for the InterlinedList emulator: real process, real sockets on 127.0.0.1.

Run from the repository root:  python3 -m unittest Tests/Emulators/test_interlinedlist_emulator.py
"""

import hashlib
import json
import os
import re
import subprocess
import sys
import time
import unittest
import urllib.error
import urllib.request

EMULATOR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "interlinedlist_emulator.py")
ISO_MS_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


class Emulator:
    """Starts the emulator on a free port and talks to it with urllib."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([sys.executable, EMULATOR, "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline().strip()
        if not line.startswith("listening on "):
            self.proc.kill()
            raise RuntimeError("emulator did not start: %r %s" % (line, self.proc.stderr.read()))
        self.base = line[len("listening on "):]

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=5)
        self.proc.stdout.close()
        self.proc.stderr.close()

    def call(self, method, path, body=None, token=None, cookie=None, headers=None):
        data = json.dumps(body).encode("utf-8") if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if token:
            req.add_header("Authorization", "Bearer " + token)
        if cookie:
            req.add_header("Cookie", "interlinedlist-session=" + cookie)
        for name, value in (headers or {}).items():
            req.add_header(name, value)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                status, head, raw = resp.status, resp.headers, resp.read()
        except urllib.error.HTTPError as err:
            status, head, raw = err.code, err.headers, err.read()
        parsed = json.loads(raw.decode("utf-8")) if raw else None
        return status, head, parsed

    def state(self):
        return self.call("GET", "/__admin/state")[2]

    def sync_token(self, email="ada@example.com", password="lovelace1"):
        status, _, body = self.call("POST", "/api/auth/sync-token", {"email": email, "password": password})
        assert status == 200, body
        return body["token"]

    def session(self, email="ada@example.com", password="lovelace1"):
        status, head, body = self.call("POST", "/api/auth/login", {"email": email, "password": password})
        assert status == 200, body
        found = re.match(r"interlinedlist-session=([^;]+);", head["Set-Cookie"])
        return found.group(1)


class InterlinedListEmulatorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emu = Emulator()

    @classmethod
    def tearDownClass(cls):
        cls.emu.stop()

    def setUp(self):
        self.assertEqual(self.emu.call("POST", "/__admin/reset")[0], 200)

    # --- credentials ---------------------------------------------------------------
    def test_sync_token_is_64_hex_and_authenticates_api_user(self):
        status, _, body = self.emu.call("POST", "/api/auth/sync-token",
                                        {"email": "ada@example.com", "password": "lovelace1"})
        self.assertEqual(status, 200)
        self.assertRegex(body["token"], r"^[0-9a-f]{64}$")
        self.assertIn("message", body)
        status, _, body = self.emu.call("GET", "/api/user", token=body["token"])
        self.assertEqual(status, 200)
        self.assertEqual(body["user"]["email"], "ada@example.com")
        self.assertEqual(body["user"]["maxMessageLength"], 500)
        self.assertRegex(body["user"]["createdAt"], ISO_MS_Z)
        self.assertNotIn("password", body["user"])

    def test_login_sets_http_only_session_cookie_that_authenticates(self):
        status, head, body = self.emu.call("POST", "/api/auth/login",
                                           {"email": "ada@example.com", "password": "lovelace1"})
        self.assertEqual(status, 200)
        self.assertEqual(body["message"], "Login successful")
        self.assertEqual(body["user"]["id"], "u_ada")
        self.assertRegex(head["Set-Cookie"],
                         r"^interlinedlist-session=[0-9a-f]+; Path=/; HttpOnly; SameSite=Lax$")
        cookie = re.match(r"interlinedlist-session=([^;]+);", head["Set-Cookie"]).group(1)
        status, _, body = self.emu.call("GET", "/api/user", cookie=cookie)
        self.assertEqual((status, body["user"]["username"]), (200, "ada"))

    def test_wrong_password_is_401_and_missing_fields_400(self):
        status, _, body = self.emu.call("POST", "/api/auth/login", {"email": "ada@example.com", "password": "x"})
        self.assertEqual((status, body), (401, {"error": "Invalid email or password"}))
        status, _, body = self.emu.call("POST", "/api/auth/sync-token", {"email": "ada@example.com"})
        self.assertEqual(status, 400)
        self.assertIn("error", body)

    def test_cookie_only_routes_refuse_a_valid_bearer_token_while_api_user_accepts_it(self):
        token = self.emu.sync_token()
        for method, path in [("GET", "/api/organizations"), ("GET", "/api/user/organizations"),
                             ("GET", "/api/user/identities"), ("GET", "/api/organizations/org1/members"),
                             ("PATCH", "/api/messages/m001")]:
            status, _, body = self.emu.call(method, path, body={} if method == "PATCH" else None, token=token)
            self.assertEqual((status, body), (401, {"error": "Unauthorized"}), path)
        status, _, _ = self.emu.call("GET", "/api/user", token=token)
        self.assertEqual(status, 200)
        cookie = self.emu.session()
        status, _, body = self.emu.call("GET", "/api/organizations", cookie=cookie)
        self.assertEqual(status, 200)
        self.assertEqual({o["id"] for o in body["organizations"]}, {"org1", "org2", "org3"})
        self.assertEqual(body["pagination"]["total"], 3)
        status, _, body = self.emu.call("GET", "/api/user/organizations", cookie=cookie)
        self.assertEqual({(o["id"], o["role"]) for o in body["organizations"]}, {("org1", "owner"), ("org2", "admin")})
        log = self.emu.state()["credential_log"]
        self.assertIn({"path": "/api/organizations", "presented": ["bearer"], "used": None, "status": 401},
                      [{k: e.get(k) for k in ("path", "presented", "used", "status")} for e in log])
        self.assertIn({"path": "/api/organizations", "presented": ["cookie"], "used": "cookie", "status": 200},
                      [{k: e.get(k) for k in ("path", "presented", "used", "status")} for e in log])

    def test_api_user_is_401_only_without_any_valid_credential(self):
        self.assertEqual(self.emu.call("GET", "/api/user")[0], 401)
        self.assertEqual(self.emu.call("GET", "/api/user", token="0" * 64)[0], 401)
        cookie = self.emu.session()
        # A dead Bearer token next to a live cookie still authenticates.
        self.assertEqual(self.emu.call("GET", "/api/user", token="0" * 64, cookie=cookie)[0], 200)

    def test_admin_revoke_really_logs_out_each_credential(self):
        token, cookie = self.emu.sync_token(), self.emu.session()
        status, _, body = self.emu.call("POST", "/__admin/revoke", {"token": True})
        self.assertEqual((status, body["revokedTokens"], body["revokedSessions"]), (200, 1, 0))
        self.assertEqual(self.emu.call("GET", "/api/user", token=token)[0], 401)
        self.assertEqual(self.emu.call("GET", "/api/user", cookie=cookie)[0], 200)
        self.emu.call("POST", "/__admin/revoke", {"cookie": True})
        self.assertEqual(self.emu.call("GET", "/api/user", cookie=cookie)[0], 401)

    def test_logout_ends_the_session_but_not_the_sync_token(self):
        token, cookie = self.emu.sync_token(), self.emu.session()
        status, head, body = self.emu.call("POST", "/api/auth/logout", {}, cookie=cookie)
        self.assertEqual((status, body["message"]), (200, "Logged out successfully"))
        self.assertIn("Max-Age=0", head["Set-Cookie"])
        self.assertEqual(self.emu.call("GET", "/api/user", cookie=cookie)[0], 401)
        self.assertEqual(self.emu.call("GET", "/api/user", token=token)[0], 200)

    def test_login_rate_limit_answers_429_with_retry_after_and_admin_resets_it(self):
        for _ in range(5):
            status, _, _ = self.emu.call("POST", "/api/auth/login", {"email": "ada@example.com", "password": "no"})
            self.assertEqual(status, 401)
        status, head, body = self.emu.call("POST", "/api/auth/sync-token",
                                           {"email": "ada@example.com", "password": "lovelace1"})
        self.assertEqual((status, body), (429, {"error": "Too many login attempts"}))
        self.assertEqual(head["Retry-After"], "2")
        self.assertEqual(self.emu.state()["login_attempts"]["log"][-1]["outcome"], "rate_limited")
        self.assertEqual(self.emu.call("POST", "/__admin/reset-limits", {})[0], 200)
        self.assertEqual(self.emu.call("POST", "/api/auth/sync-token",
                                       {"email": "ada@example.com", "password": "lovelace1"})[0], 200)

    # --- feed ----------------------------------------------------------------------
    def test_feed_pages_newest_first_until_has_more_is_false(self):
        token = self.emu.sync_token()
        seen, offset, total = [], 0, None
        while True:
            status, _, body = self.emu.call("GET", "/api/messages?limit=25&offset=%d" % offset, token=token)
            self.assertEqual(status, 200)
            page = body["pagination"]
            total = page["total"]
            self.assertEqual((page["limit"], page["offset"]), (25, offset))
            self.assertEqual(page["hasMore"], offset + 25 < total)
            seen.extend(body["messages"])
            if not page["hasMore"]:
                break
            offset += 25
        self.assertEqual(len(seen), total)
        self.assertGreaterEqual(total, 60)
        self.assertEqual(len({m["id"] for m in seen}), total)
        stamps = [m["createdAt"] for m in seen]
        self.assertEqual(stamps, sorted(stamps, reverse=True))
        for m in seen:
            self.assertIsNone(m["parentId"])
            self.assertRegex(m["createdAt"], ISO_MS_Z)
            self.assertEqual(set(m["user"]), {"id", "username", "displayName", "avatar"})
            for key in ("tags", "imageUrls", "videoUrls", "publiclyVisible", "dugByMe"):
                self.assertIn(key, m)
        self.assertTrue(any(m["dugByMe"] for m in seen))

    def test_feed_filters_by_tag_and_only_mine_and_anonymous_sees_public_only(self):
        token = self.emu.sync_token()
        _, _, body = self.emu.call("GET", "/api/messages?tag=swift&limit=200", token=token)
        self.assertTrue(body["messages"])
        self.assertTrue(all("swift" in m["tags"] for m in body["messages"]))
        _, _, body = self.emu.call("GET", "/api/messages?onlyMine=true&limit=200", token=token)
        self.assertTrue(body["messages"])
        self.assertTrue(all(m["user"]["id"] == "u_ada" for m in body["messages"]))
        _, _, body = self.emu.call("GET", "/api/messages?limit=200")
        self.assertTrue(all(m["publiclyVisible"] for m in body["messages"]))

    def test_posting_respects_max_message_length_and_email_verification(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/messages",
                                        {"content": "Hello #fieldops", "tags": ["cli"], "publiclyVisible": True},
                                        token=token)
        self.assertEqual(status, 201)
        created = body["data"]
        self.assertEqual(set(created["tags"]), {"cli", "fieldops"})
        _, _, feed = self.emu.call("GET", "/api/messages?limit=1", token=token)
        self.assertEqual(feed["messages"][0]["id"], created["id"])
        status, _, body = self.emu.call("POST", "/api/messages", {"content": "x" * 501}, token=token)
        self.assertEqual((status, body["error"]), (400, "Message exceeds maximum length of 500 characters"))
        self.assertEqual(self.emu.call("POST", "/api/messages", {"content": "x" * 500}, token=token)[0], 201)
        bob = self.emu.sync_token("bob@example.com", "builder22")
        status, _, body = self.emu.call("POST", "/api/messages", {"content": "hi"}, token=bob)
        self.assertEqual(status, 403)
        self.assertTrue(body["error"].startswith("Email not verified"))

    def test_get_and_delete_message(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("GET", "/api/messages/m001")
        self.assertEqual((status, body["id"]), (200, "m001"))
        self.assertEqual(self.emu.call("DELETE", "/api/messages/m002", token=token)[0], 403)
        status, _, body = self.emu.call("DELETE", "/api/messages/m001", token=token)
        self.assertEqual((status, body), (200, {"message": "Message deleted successfully"}))
        self.assertEqual(self.emu.call("GET", "/api/messages/m001")[2], {"error": "Message not found"})

    # --- camelCase -----------------------------------------------------------------
    def test_snake_case_keys_are_ignored_but_recorded(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/lists",
                                        {"title": "Snake", "parent_id": "l002", "is_public": True}, token=token)
        self.assertEqual(status, 201)
        self.assertIsNone(body["data"]["parentId"])
        self.assertFalse(body["data"]["isPublic"])
        recorded = self.emu.state()["snake_case_keys"]
        self.assertEqual({(r["path"], r["key"]) for r in recorded},
                         {("/api/lists", "parent_id"), ("/api/lists", "is_public")})
        self.emu.call("POST", "/__admin/reset")
        token = self.emu.sync_token()
        self.emu.call("POST", "/api/lists", {"title": "Camel", "parentId": "l002", "isPublic": True}, token=token)
        self.emu.call("POST", "/api/lists/l001/data", {"data": {"item": "Tea", "free_form_key": 1}}, token=token)
        self.assertEqual(self.emu.state()["snake_case_keys"], [])

    # --- documents -----------------------------------------------------------------
    def test_folder_id_on_root_document_routes_is_ignored_and_recorded(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/documents",
                                        {"title": "Lost", "content": "x", "folderId": "df1"}, token=token)
        self.assertEqual(status, 201)
        lost = body["document"]
        self.assertIsNone(lost["folderId"])
        self.assertEqual(lost["relativePath"], "lost.md")
        _, _, root = self.emu.call("GET", "/api/documents?folderId=df1", token=token)
        self.assertIn(lost["id"], [d["id"] for d in root["documents"]])
        self.assertTrue(all(d["folderId"] is None for d in root["documents"]))
        ignored = self.emu.state()["ignored_folder_ids"]
        self.assertEqual([(i["method"], i["via"], i["folderId"]) for i in ignored],
                         [("POST", "body", "df1"), ("GET", "query", "df1")])
        self.assertEqual(ignored[0]["documentId"], lost["id"])

    def test_document_created_through_the_folder_path_lands_in_the_folder(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/documents/folders/df1/documents",
                                        {"title": "Plan", "content": "# Plan", "relativePath": "plan.md",
                                         "isPublic": False}, token=token)
        self.assertEqual(status, 201)
        doc = body["document"]
        self.assertEqual(doc["folderId"], "df1")
        _, _, inside = self.emu.call("GET", "/api/documents/folders/df1/documents", token=token)
        self.assertIn(doc["id"], [d["id"] for d in inside["documents"]])
        _, _, root = self.emu.call("GET", "/api/documents", token=token)
        self.assertNotIn(doc["id"], [d["id"] for d in root["documents"]])
        _, _, folders = self.emu.call("GET", "/api/documents/folders", token=token)
        work = next(f for f in folders["folders"] if f["id"] == "df1")
        self.assertIn({"id": doc["id"], "title": "Plan", "relativePath": "plan.md"}, work["documents"])
        self.assertEqual(self.emu.state()["ignored_folder_ids"], [])
        self.assertEqual(self.emu.call("POST", "/api/documents/folders/nope/documents", {"title": "x"},
                                       token=token)[0], 404)

    def test_moving_a_document_to_root_with_null_or_empty_string(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("PATCH", "/api/documents/d003", {"folderId": None}, token=token)
        self.assertEqual((status, body["document"]["folderId"]), (200, None))
        _, _, root = self.emu.call("GET", "/api/documents", token=token)
        self.assertIn("d003", [d["id"] for d in root["documents"]])
        status, _, body = self.emu.call("PUT", "/api/documents/d004", {"folderId": ""}, token=token)
        self.assertEqual((status, body["document"]["folderId"]), (200, None))
        status, _, body = self.emu.call("PATCH", "/api/documents/d001", {"folderId": "df2"}, token=token)
        self.assertEqual(body["document"]["folderId"], "df2")
        status, _, body = self.emu.call("PATCH", "/api/documents/d001", {"folderId": "missing"}, token=token)
        self.assertEqual((status, body["error"]), (403, "Folder not found or access denied"))
        docs = {d["id"]: d["folderId"] for d in self.emu.state()["documents"]}
        self.assertEqual((docs["d003"], docs["d004"], docs["d001"]), (None, None, "df2"))

    def test_document_delta_sync_returns_only_changes_after_last_sync_at(self):
        token = self.emu.sync_token()
        status, _, full = self.emu.call("GET", "/api/documents/sync", token=token)
        self.assertEqual(status, 200)
        self.assertEqual({d["id"] for d in full["documents"]}, {"d001", "d002", "d003", "d004", "d005"})
        self.assertRegex(full["lastSyncAt"], ISO_MS_Z)
        ops = [{"op": "create", "type": "folder", "path": "Work/Inbox"},
               {"op": "create", "type": "document", "path": "Work/Inbox/cli.md",
                "data": {"id": "doc_cli_1", "folderId": "df1", "title": "CLI", "content": "# CLI",
                         "relativePath": "cli.md", "isPublic": False}},
               {"op": "delete", "type": "document", "path": "todo.md", "data": {"id": "d002"}}]
        status, _, body = self.emu.call("POST", "/api/documents/sync", {"operations": ops}, token=token)
        self.assertEqual(status, 200)
        self.assertRegex(body["lastSyncAt"], ISO_MS_Z)
        _, _, delta = self.emu.call("GET", "/api/documents/sync?lastSyncAt=" + full["lastSyncAt"], token=token)
        self.assertEqual([d["id"] for d in delta["documents"]], ["doc_cli_1"])
        self.assertEqual([(f["name"], f["parentId"]) for f in delta["folders"]], [("Inbox", "df1")])
        self.assertNotIn("d002", [d["id"] for d in self.emu.state()["documents"]])

    # --- documents: unique keys, quirk switches, another device ---------------------
    def admin_documents(self, user="u_ada"):
        status, _, body = self.emu.call("GET", "/__admin/documents?userId=" + user)
        self.assertEqual(status, 200)
        return {d["id"]: d for d in body["documents"]}, {f["id"]: f for f in body["folders"]}

    def quirks(self, body):
        status, _, answer = self.emu.call("POST", "/__admin/document-quirks", body)
        self.assertEqual((status, answer["ok"]), (200, True), answer)
        return answer["quirks"]

    def test_document_paths_are_unique_in_a_folder_counting_deleted_ones_but_not_at_root(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/documents/folders/df1/documents", {"title": "Plan"}, token=token)
        self.assertEqual(status, 201)
        plan = body["document"]["id"]
        clash = self.emu.call("POST", "/api/documents/folders/df1/documents", {"title": "Plan"}, token=token)
        self.assertEqual((clash[0], clash[2]), (500, {"error": "Internal server error"}))
        self.assertEqual(self.emu.call("DELETE", "/api/documents/" + plan, token=token)[0], 200)
        again = self.emu.call("POST", "/api/documents/folders/df1/documents",
                              {"title": "Plan B", "relativePath": "plan.md"}, token=token)
        self.assertEqual(again[:3:2], (500, {"error": "Internal server error"}))  # the deleted row holds the key
        for _ in range(2):  # NULL folderIds are distinct: the root takes any number of readme.md
            self.assertEqual(self.emu.call("POST", "/api/documents", {"title": "Readme"}, token=token)[0], 201)
        docs, _ = self.admin_documents()
        self.assertEqual(sorted(d["relativePath"] for d in docs.values() if d["folderId"] is None),
                         ["readme.md", "readme.md", "readme.md", "todo.md"])
        self.assertEqual([(d["relativePath"], d["deleted"]) for d in docs.values() if d["folderId"] == "df1"],
                         [("meeting-notes.md", False), ("plan.md", True)])
        # A move onto a taken (folderId, relativePath) fails the same way and changes nothing.
        self.assertEqual(self.emu.call("POST", "/api/documents/folders/df2/documents", {"title": "Readme"},
                                       token=token)[0], 201)
        status, _, body = self.emu.call("PATCH", "/api/documents/d001", {"folderId": "df2", "title": "X"}, token=token)
        self.assertEqual((status, body), (500, {"error": "Internal server error"}))
        status, _, body = self.emu.call("GET", "/api/documents/d001", token=token)
        self.assertEqual((body["document"]["folderId"], body["document"]["title"]), (None, "Readme"))
        self.assertEqual(self.emu.call("PUT", "/api/documents/d001", {"folderId": "df1"}, token=token)[0], 200)
        # Leaving a folder frees the key; moving within the same folder is no clash.
        self.assertEqual(self.emu.call("PATCH", "/api/documents/d001", {"folderId": "df1"}, token=token)[0], 200)
        self.assertEqual(self.emu.call("PATCH", "/api/documents/d001", {"folderId": None}, token=token)[0], 200)
        self.assertEqual(self.emu.call("POST", "/api/documents/folders/df1/documents", {"title": "Readme"},
                                       token=token)[0], 201)

    def test_folder_delete_keeps_its_rows_deleted_and_their_names_and_paths_taken(self):
        token = self.emu.sync_token()
        self.assertEqual(self.emu.call("DELETE", "/api/documents/folders/df2", token=token)[0], 200)
        _, _, listing = self.emu.call("GET", "/api/documents/folders", token=token)
        self.assertEqual(sorted(f["id"] for f in listing["folders"]), ["df1", "df3"])
        docs, folders = self.admin_documents()
        self.assertTrue(folders["df2"]["deleted"] and docs["d004"]["deleted"])
        self.assertRegex(docs["d004"]["deletedAt"], ISO_MS_Z)
        self.assertFalse(docs["d003"]["deleted"])
        status, _, body = self.emu.call("POST", "/api/documents/folders", {"name": "Projects", "parentId": "df1"},
                                        token=token)
        self.assertEqual((status, body), (500, {"error": "Internal server error"}))
        status, _, body = self.emu.call("POST", "/api/documents/folders", {"name": "Work", "parentId": None},
                                        token=token)
        self.assertEqual(status, 201)  # a duplicate at the root is allowed
        status, _, body = self.emu.call("POST", "/api/documents/folders", {"name": "Sites", "parentId": "df1"},
                                        token=token)
        sites = body["folder"]["id"]
        status, _, body = self.emu.call("PUT", "/api/documents/folders/" + sites, {"name": "Projects"}, token=token)
        self.assertEqual(status, 409)
        # The sync route: a folder create onto the deleted namesake is dropped; a document into the deleted
        # folder passes the foreign key but not the unique key for spec.md.
        ops = [{"op": "create", "type": "folder", "path": "Work/Projects", "data": {"id": "f_new"}},
               {"op": "create", "type": "document", "data": {"id": "x_spec", "folderId": "df2",
                                                             "relativePath": "spec.md"}},
               {"op": "create", "type": "document", "data": {"id": "x_other", "folderId": "df2",
                                                             "relativePath": "other.md"}}]
        self.assertEqual(self.emu.call("POST", "/api/documents/sync", {"operations": ops}, token=token)[0], 200)
        docs, folders = self.admin_documents()
        self.assertNotIn("f_new", folders)
        self.assertNotIn("x_spec", docs)
        self.assertEqual(docs["x_other"]["folderId"], "df2")

    def test_sync_post_silently_drops_document_ops_that_clash_or_name_no_folder(self):
        token = self.emu.sync_token()
        self.emu.call("POST", "/api/documents/folders/df1/documents", {"title": "Readme"}, token=token)
        ops = [{"op": "create", "type": "document", "data": {"id": "x1", "folderId": "df1",
                                                             "relativePath": "meeting-notes.md"}},
               {"op": "create", "type": "document", "data": {"id": "x2", "folderId": "nope",
                                                             "relativePath": "x2.md"}},
               {"op": "create", "type": "document", "data": {"id": "x3", "folderId": None,
                                                             "relativePath": "readme.md"}},
               {"op": "update", "type": "document", "data": {"id": "d001", "relativePath": "readme.md",
                                                             "folderId": "df1", "title": "Moved"}},
               {"op": "update", "type": "document", "data": {"id": "d002", "relativePath": "todo.md",
                                                             "folderId": "df1", "title": "Todo 2"}}]
        status, _, body = self.emu.call("POST", "/api/documents/sync", {"operations": ops}, token=token)
        self.assertEqual((status, list(body)), (200, ["lastSyncAt"]))
        docs, _ = self.admin_documents()
        self.assertNotIn("x1", docs)
        self.assertNotIn("x2", docs)
        self.assertIsNone(docs["x3"]["folderId"])
        self.assertEqual((docs["d001"]["folderId"], docs["d001"]["title"]), (None, "Readme"))  # whole op dropped
        self.assertEqual((docs["d002"]["folderId"], docs["d002"]["title"]), ("df1", "Todo 2"))

    def test_race_quirk_hides_a_write_from_the_answer_and_from_the_next_delta(self):
        token = self.emu.sync_token()
        _, _, full = self.emu.call("GET", "/api/documents/sync", token=token)
        first = full["lastSyncAt"]
        armed = self.quirks({"race": {"id": "d001", "content": "# Raced\n"}})
        self.assertEqual(armed, {"race": {"op": "edit", "id": "d001", "content": "# Raced\n"}})
        _, _, delta = self.emu.call("GET", "/api/documents/sync?lastSyncAt=" + first, token=token)
        self.assertEqual(delta["documents"], [])
        _, _, doc = self.emu.call("GET", "/api/documents/d001", token=token)
        self.assertEqual(doc["document"]["content"], "# Raced\n")
        self.assertLess(doc["document"]["updatedAt"], delta["lastSyncAt"])
        self.assertGreater(doc["document"]["updatedAt"], first)
        _, _, after = self.emu.call("GET", "/api/documents/sync?lastSyncAt=" + delta["lastSyncAt"], token=token)
        self.assertEqual(after["documents"], [])  # lost for a client that trusts the cursor
        _, _, margin = self.emu.call("GET", "/api/documents/sync?lastSyncAt=" + first, token=token)
        self.assertEqual([d["id"] for d in margin["documents"]], ["d001"])  # found again with a safety margin
        self.assertEqual(self.emu.state()["document_quirks"], {})
        # A full answer carries the row as it was before the racing write.
        self.quirks({"race": {"op": "rename", "id": "d002", "title": "Raced title"}})
        _, _, full = self.emu.call("GET", "/api/documents/sync", token=token)
        self.assertEqual(next(d["title"] for d in full["documents"] if d["id"] == "d002"), "Todo")
        _, _, doc = self.emu.call("GET", "/api/documents/d002", token=token)
        self.assertEqual((doc["document"]["title"], doc["document"]["relativePath"]), ("Raced title", "todo.md"))
        status, _, _ = self.emu.call("POST", "/__admin/document-quirks", {"race": {"id": "nope", "content": "x"}})
        self.assertEqual(status, 404)

    def test_silent_writes_answer_success_without_changing_state(self):
        token = self.emu.sync_token()
        self.assertEqual(self.quirks({"silentWrites": 3}), {"silentWrites": 3})
        self.assertEqual(self.emu.call("PATCH", "/api/documents/nope", {"content": "x"}, token=token)[0], 404)
        status, _, body = self.emu.call("PATCH", "/api/documents/d001", {"content": "lost edit"}, token=token)
        self.assertEqual((status, body["document"]["content"]), (200, "lost edit"))
        self.assertEqual(body["document"]["contentHash"], hashlib.sha256(b"lost edit").hexdigest())
        _, _, stored = self.emu.call("GET", "/api/documents/d001", token=token)
        self.assertEqual(stored["document"]["content"], "# Readme\n")
        ghosts = []
        for path in ("/api/documents", "/api/documents/folders/df1/documents"):
            status, _, body = self.emu.call("POST", path, {"title": "Ghost", "content": "boo"}, token=token)
            self.assertEqual((status, body["message"], body["document"]["title"]),
                             (201, "Document created successfully", "Ghost"))
            ghosts.append(body["document"]["id"])
        self.assertEqual(body["document"]["folderId"], "df1")
        self.assertEqual(len(set(ghosts)), 2)
        for ghost in ghosts:
            self.assertEqual(self.emu.call("GET", "/api/documents/" + ghost, token=token)[0], 404)
        self.assertEqual(self.emu.state()["document_quirks"], {})
        self.assertEqual(self.emu.call("PATCH", "/api/documents/d001", {"content": "kept"}, token=token)[0], 200)
        _, _, stored = self.emu.call("GET", "/api/documents/d001", token=token)
        self.assertEqual(stored["document"]["content"], "kept")
        self.assertNotIn(ghosts[0], self.admin_documents()[0])

    def test_fail_writes_and_throttled_sync_and_quirk_reset(self):
        token = self.emu.sync_token()
        self.quirks({"failWrites": 2})
        status, _, body = self.emu.call("PATCH", "/api/documents/d001", {"content": "x"}, token=token)
        self.assertEqual((status, body), (500, {"error": "Internal server error"}))
        status, _, body = self.emu.call("POST", "/api/documents/folders/df1/documents", {"title": "F"}, token=token)
        self.assertEqual((status, body), (500, {"error": "Internal server error"}))
        docs, _ = self.admin_documents()
        self.assertEqual(len(docs), 5)
        self.assertEqual(docs["d001"]["content"], "# Readme\n")
        self.assertEqual(self.emu.call("PATCH", "/api/documents/d001", {"content": "x"}, token=token)[0], 200)
        self.assertEqual(self.quirks({"throttleSync": {"count": 2, "retryAfter": 3}}),
                         {"throttleSync": {"count": 2, "retryAfter": 3}})
        for _ in range(2):
            status, head, body = self.emu.call("GET", "/api/documents/sync", token=token)
            self.assertEqual((status, head["Retry-After"], body), (429, "3", {"error": "Too many requests"}))
        self.assertEqual(self.emu.call("GET", "/api/documents/sync", token=token)[0], 200)
        self.quirks({"failWrites": 4, "silentWrites": 1, "delayMs": 5})
        self.assertEqual(self.quirks({"failWrites": 0}), {"silentWrites": 1, "delayMs": 5})
        self.assertEqual(self.quirks({"reset": True}), {})
        self.assertEqual(self.emu.call("POST", "/__admin/document-quirks", {"bogus": 1})[0], 400)
        self.assertEqual(self.emu.call("POST", "/__admin/document-quirks", {"failWrites": "2"})[0], 400)

    def test_delay_ms_slows_the_document_routes_only(self):
        token = self.emu.sync_token()
        self.quirks({"delayMs": 300})
        started = time.monotonic()
        self.assertEqual(self.emu.call("GET", "/api/documents", token=token)[0], 200)
        self.assertGreaterEqual(time.monotonic() - started, 0.3)
        # A minute for the document routes: another route still answers within a client's
        # 10 s timeout (it would fail with none if the delay reached it).
        self.quirks({"delayMs": 60000})
        self.assertEqual(self.emu.call("GET", "/api/user", token=token)[0], 200)
        self.quirks({"reset": True})

    def test_document_op_acts_as_another_device(self):
        token = self.emu.sync_token()
        _, _, full = self.emu.call("GET", "/api/documents/sync", token=token)
        op = lambda body: self.emu.call("POST", "/__admin/document-op", body)  # noqa: E731
        status, _, body = op({"op": "create", "title": "Field Log", "content": "# Log\n", "folderId": "df1"})
        self.assertEqual((status, body["ok"]), (200, True))
        log = body["document"]
        self.assertEqual((log["folderId"], log["relativePath"], log["userId"], log["deleted"]),
                         ("df1", "field-log.md", "u_ada", False))
        self.assertEqual(op({"op": "create", "title": "Field Log", "folderId": "df1"})[0], 409)
        status, _, body = op({"op": "rename", "id": log["id"], "title": "Field Log 2"})
        self.assertEqual((body["document"]["title"], body["document"]["relativePath"]), ("Field Log 2", "field-log.md"))
        self.assertGreater(body["document"]["updatedAt"], log["updatedAt"])
        status, _, body = op({"op": "edit", "id": "d003", "content": "# Edited\n"})
        self.assertEqual(body["document"]["contentHash"], hashlib.sha256(b"# Edited\n").hexdigest())
        self.assertEqual(op({"op": "move", "id": log["id"], "folderId": None})[2]["document"]["folderId"], None)
        other = op({"op": "create", "title": "Field Log", "folderId": "df2"})[2]["document"]["id"]
        self.assertEqual(op({"op": "move", "id": log["id"], "folderId": "df2"})[0], 409)
        self.assertEqual(op({"op": "move", "id": log["id"], "folderId": "nope"})[0], 404)
        self.assertTrue(op({"op": "delete", "id": "d002"})[2]["document"]["deleted"])
        self.assertEqual(self.emu.call("GET", "/api/documents/d002", token=token)[0], 404)
        self.assertEqual(op({"op": "delete", "id": "d002"})[0], 404)
        _, _, delta = self.emu.call("GET", "/api/documents/sync?lastSyncAt=" + full["lastSyncAt"], token=token)
        self.assertEqual(sorted(d["id"] for d in delta["documents"]), sorted(["d003", log["id"], other]))
        status, _, body = op({"op": "create-folder", "name": "Sites", "parentId": "df1"})
        sites = body["folder"]
        self.assertEqual((sites["parentId"], sites["userId"], sites["deleted"]), ("df1", "u_ada", False))
        self.assertEqual(op({"op": "create-folder", "name": "Sites", "parentId": "df1"})[0], 409)
        self.assertEqual(op({"op": "rename-folder", "id": sites["id"], "name": "Projects"})[0], 409)
        self.assertEqual(op({"op": "rename-folder", "id": sites["id"], "name": "Sites B"})[2]["folder"]["name"],
                         "Sites B")
        inside = op({"op": "create", "title": "Inside", "folderId": sites["id"]})[2]["document"]["id"]
        self.assertTrue(op({"op": "delete-folder", "id": "df1"})[2]["folder"]["deleted"])
        docs, folders = self.admin_documents()
        self.assertTrue(all(folders[f]["deleted"] for f in ("df1", "df2", sites["id"])))
        self.assertTrue(all(docs[d]["deleted"] for d in ("d003", "d004", inside)))
        self.assertFalse(folders["df3"]["deleted"] or docs["d005"]["deleted"])
        self.assertEqual(set(self.admin_documents("u_bob")[0]), {"d006"})
        self.assertEqual(self.emu.call("GET", "/__admin/documents?userId=nobody")[0], 404)
        self.assertEqual(op({"op": "explode"})[0], 400)

    def test_generated_documents_have_the_requested_size_and_root_share(self):
        status, _, body = self.emu.call("POST", "/__admin/generate-documents",
                                        {"documents": 40, "folders": 4, "bytes": 2000, "rootShare": 0.25})
        self.assertEqual((status, body["documents"]), (200, 45))
        self.assertEqual(self.emu.call("POST", "/__admin/generate-documents", {"documents": 6, "folders": 2})[0], 200)
        docs, folders = self.admin_documents()
        generated = [d for d in docs.values() if d["title"].startswith("Generated")]
        first = generated[:40]
        self.assertEqual(sum(1 for d in first if d["folderId"] is None), 10)
        for doc in first:
            size = len(doc["content"].encode("utf-8"))
            self.assertTrue(2000 <= size < 2100, size)
            self.assertTrue(all(len(line) <= 80 for line in doc["content"].split("\n")))
        self.assertEqual(len({d["content"] for d in generated}), len(generated))
        self.assertEqual(len({(d["folderId"], d["title"]) for d in generated}), len(generated))
        self.assertEqual(len({f["name"] for f in folders.values() if f["name"].startswith("Generated")}), 6)

    def test_full_sync_of_2000_documents_of_10_kb_answers_every_one(self):
        status, _, _ = self.emu.call("POST", "/__admin/generate-documents",
                                     {"documents": 2000, "folders": 100, "bytes": 10000})
        self.assertEqual(status, 200)
        status, _, body = self.emu.call("GET", "/api/documents/sync", token=self.emu.sync_token())
        self.assertEqual((status, len(body["documents"])), (200, 2005))

    # --- PATCH-only routes ---------------------------------------------------------
    def test_patch_only_routes_answer_405_to_other_methods(self):
        token = self.emu.sync_token()
        status, head, body = self.emu.call("POST", "/api/user/update", {"displayName": "X"}, token=token)
        self.assertEqual((status, head["Allow"], body), (405, "PATCH", {"error": "Method not allowed"}))
        status, _, body = self.emu.call("PATCH", "/api/user/update", {"displayName": "Countess"}, token=token)
        self.assertEqual((status, body["user"]["displayName"]), (200, "Countess"))
        self.assertEqual(self.emu.call("PUT", "/api/notifications/n002/read", {}, token=token)[0], 405)
        _, _, tray = self.emu.call("GET", "/api/notifications?scope=tray", token=token)
        self.assertEqual(tray["unreadCount"], 2)
        status, _, body = self.emu.call("PATCH", "/api/notifications/n002/read", {}, token=token)
        self.assertEqual((status, body), (200, {"ok": True}))
        _, _, tray = self.emu.call("GET", "/api/notifications?scope=tray", token=token)
        self.assertEqual((tray["unreadCount"], [n["id"] for n in tray["items"]]), (1, ["n003"]))
        _, _, body = self.emu.call("POST", "/api/notifications/mark-all-read", {}, token=token)
        self.assertEqual(body, {"ok": True, "updated": 1})

    # --- lists, folders, follows -----------------------------------------------------
    def test_list_fixtures_mix_null_and_empty_string_parents(self):
        token = self.emu.sync_token()
        _, _, body = self.emu.call("GET", "/api/lists?limit=100", token=token)
        parents = [lst["parentId"] for lst in body["lists"]]
        self.assertIn(None, parents)
        self.assertIn("", parents)
        books = next(lst for lst in body["lists"] if lst["id"] == "l002")
        self.assertEqual({c["id"] for c in books["children"]}, {"l003", "l004"})
        _, _, folders = self.emu.call("GET", "/api/folders", token=token)
        self.assertEqual({f["parentId"] for f in folders["folders"]}, {None, "", "lf2"})
        status, _, body = self.emu.call("GET", "/api/lists/l001", token=token)
        self.assertEqual([p["propertyKey"] for p in body["data"]["properties"]], ["item", "qty", "done"])

    def test_list_rows_validate_with_details_and_lists_refuse_cycles(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/lists/l001/data", {"data": {"qty": "two"}}, token=token)
        self.assertEqual((status, body["error"]), (400, "Validation failed"))
        self.assertEqual(body["details"], [{"field": "item", "message": "Item is required"},
                                           {"field": "qty", "message": "Qty must be a valid number"}])
        status, _, body = self.emu.call("POST", "/api/lists/l001/data", {"data": {"item": "Tea", "qty": 1}},
                                        token=token)
        self.assertEqual(status, 201)
        row = body["data"]
        _, _, rows = self.emu.call("GET", "/api/lists/l001/data", token=token)
        self.assertEqual(rows["rows"][0]["id"], row["id"])
        self.assertEqual(rows["pagination"]["total"], 4)
        status, _, body = self.emu.call("PUT", "/api/lists/l002", {"parentId": "l003"}, token=token)
        self.assertEqual((status, body["error"]), (400, "Setting this parent would create a circular reference"))

    def test_list_schema_is_a_dsl_object_and_strings_are_refused(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/lists", {"title": "T", "schema": "title: T\n---\na: text"},
                                        token=token)
        self.assertEqual((status, body["error"]), (400, "Invalid schema: DSL must be an object"))
        bad = {"name": "T", "fields": [{"key": "s", "type": "select", "label": "S"}]}
        status, _, body = self.emu.call("POST", "/api/lists", {"title": "T", "schema": bad}, token=token)
        self.assertEqual(body["error"], "Invalid schema: Field 's' (type: select) must have an 'options' array")
        good = {"name": "ignored", "fields": [{"key": "n", "type": "number", "label": "N", "required": True},
                                             {"key": "p", "type": "priority", "label": "P", "defaultValue": "low"}]}
        status, _, body = self.emu.call("POST", "/api/lists", {"title": "Kept", "schema": good, "folderId": "lf1"},
                                        token=token)
        self.assertEqual((status, body["data"]["title"], body["data"]["folderId"]), (201, "Kept", None))
        props = body["data"]["properties"]
        self.assertEqual(props[1]["defaultValue"], '"low"')
        self.assertEqual(props[1]["validationRules"]["options"], ["low", "medium", "high", "urgent"])
        _, _, schema = self.emu.call("GET", "/api/lists/%s/schema" % body["data"]["id"], token=token)
        self.assertEqual((schema["data"]["name"], schema["data"]["fields"][1]["defaultValue"]), ("Kept", "low"))

    def test_rows_filter_by_any_parameter_ignore_sort_and_bulk_is_all_or_nothing(self):
        token = self.emu.sync_token()
        _, _, body = self.emu.call("GET", "/api/lists/l001/data?item=gg", token=token)
        self.assertEqual([r["rowData"]["item"] for r in body["rows"]], ["Eggs"])
        _, _, body = self.emu.call("GET", "/api/lists/l001/data?cachebuster=1", token=token)
        self.assertEqual(body["rows"], [])
        _, _, body = self.emu.call("GET", "/api/lists/l001/data?sort=qty", token=token)
        self.assertEqual([r["id"] for r in body["rows"]], ["r001", "r002", "r003"])
        rows = [{"item": "x%d" % i, "qty": i} for i in range(3)] + [{"qty": 1}]
        status, _, body = self.emu.call("POST", "/api/lists/l001/data", {"bulk": True, "data": rows}, token=token)
        self.assertEqual((status, body["details"]), (400, [{"field": "item", "message": "Item is required"}]))
        self.assertEqual(self.emu.state()["rows"], 3)
        status, _, body = self.emu.call("POST", "/api/lists/l001/data",
                                        {"bulk": True, "data": [{"item": "a"}] * 1001}, token=token)
        self.assertEqual(status, 500)
        status, _, body = self.emu.call("POST", "/api/lists/l001/data", {"bulk": True, "data": rows[:3]}, token=token)
        self.assertEqual((status, body["count"], "data" in body), (201, 3, False))
        status, _, _ = self.emu.call("PUT", "/api/lists/l001/data/r999", {"data": {"item": "a"}}, token=token)
        self.assertEqual(status, 500)
        status, _, _ = self.emu.call("PUT", "/api/lists/l001/data/r001", {"data": {"item": "Oat milk"}}, token=token)
        _, _, body = self.emu.call("GET", "/api/lists/l001/data/r001", token=token)
        self.assertEqual(body["data"]["rowData"], {"item": "Oat milk"})
        for _ in range(2):
            status, _, _ = self.emu.call("DELETE", "/api/lists/l001/data/r001", token=token)
            self.assertEqual(status, 200)
        self.assertEqual(self.emu.call("GET", "/api/lists/l001/data/r001", token=token)[0], 404)

    def test_schema_properties_put_refuses_removed_columns_with_data_unless_forced(self):
        token = self.emu.sync_token()
        _, _, body = self.emu.call("GET", "/api/lists/l001", token=token)
        item = next(p for p in body["data"]["properties"] if p["propertyKey"] == "item")
        keep = [{"id": item["id"], "propertyKey": "item", "propertyName": "Item", "propertyType": "text"}]
        status, _, body = self.emu.call("PUT", "/api/lists/l001/schema", {"properties": keep}, token=token)
        self.assertEqual((status, body["propertiesWithData"]), (409, ["qty", "done"]))
        status, _, body = self.emu.call("PUT", "/api/lists/l001/schema?force=true", {"properties": keep}, token=token)
        self.assertEqual((status, [p["propertyKey"] for p in body["properties"]]), (200, ["item"]))
        self.assertEqual(self.emu.state()["row_data"]["l001"][0], {"item": "Milk"})
        status, _, _ = self.emu.call("PUT", "/api/lists/l011/schema", {"properties": keep}, token=token)
        self.assertEqual(status, 403)

    def test_list_delete_is_hard_and_folder_delete_moves_lists_to_root(self):
        token = self.emu.sync_token()
        self.assertEqual(self.emu.call("DELETE", "/api/lists/l001", token=token)[0], 200)
        self.assertEqual(self.emu.state()["rows"], 0)
        self.assertEqual(self.emu.call("GET", "/api/lists/l001", token=token)[0], 404)
        self.assertEqual(self.emu.call("DELETE", "/api/folders/lf2", token=token)[0], 200)
        lists = {x["id"]: x for x in self.emu.state()["lists"]}
        self.assertEqual(lists["l009"]["folderId"], None)
        _, _, folders = self.emu.call("GET", "/api/folders", token=token)
        self.assertEqual([f["id"] for f in folders["folders"]], ["lf1"])
        status, _, _ = self.emu.call("POST", "/api/folders", {"name": "X", "parentId": ""}, token=token)
        self.assertEqual(status, 404)
        status, _, _ = self.emu.call("POST", "/api/folders", {"name": "Work", "parentId": None}, token=token)
        self.assertEqual(status, 409)

    def test_usernames_resolve_only_through_public_routes_and_replies_ignore_bearer(self):
        token = self.emu.sync_token()
        status, _, body = self.emu.call("GET", "/api/users/carol/lists")
        self.assertEqual((status, [x["userId"] for x in body["lists"]]), (200, ["u_carol"]))
        self.assertEqual(self.emu.call("GET", "/api/users/nobody/lists")[0], 404)
        _, _, body = self.emu.call("GET", "/api/user/dave/messages", token=token)
        self.assertEqual({m["user"]["id"] for m in body["messages"]}, {"u_dave"})
        _, _, body = self.emu.call("GET", "/api/messages/m080/replies", token=token)
        self.assertEqual(([r["id"] for r in body["replies"]], body["replies"][0]["dugByMe"]), (["m081", "m082"], False))
        status, _, _ = self.emu.call("POST", "/api/follow/u_carol", token=token)
        self.assertEqual(status, 201)  # 201 even though ada already follows carol
        self.assertEqual(self.emu.call("DELETE", "/api/notifications/n002", token=token)[0], 204)

    def test_cycle_fixture_and_generated_lists_for_the_benchmark(self):
        token = self.emu.sync_token()
        self.assertEqual(self.emu.call("POST", "/__admin/fixture", {"name": "cycle"})[0], 200)
        status, _, body = self.emu.call("POST", "/__admin/generate-lists", {"lists": 5000, "folders": 500})
        self.assertEqual(status, 200)
        self.assertEqual((body["lists"], body["folders"]), (10 + 3 + 5000, 3 + 3 + 500))
        _, _, page = self.emu.call("GET", "/api/lists?limit=5000", token=token)
        self.assertEqual((len(page["lists"]), page["pagination"]["limit"], page["pagination"]["hasMore"]),
                         (1000, 1000, True))
        self.assertEqual(page["pagination"]["total"], 5013)
        lists = {x["id"]: x for x in self.emu.state()["lists"]}
        self.assertEqual((lists["lc1"]["parentId"], lists["lc2"]["parentId"]), ("lc2", "lc1"))
        self.assertEqual(lists["lc3"]["parentId"], "l_missing")
        _, _, orphan = self.emu.call("GET", "/api/lists/lc3", token=token)
        self.assertIsNone(orphan["data"]["parent"])

    def test_following_a_private_account_is_a_pending_request_until_approved(self):
        ada = self.emu.sync_token()
        status, _, body = self.emu.call("POST", "/api/follow/u_erin", token=ada)
        self.assertEqual((status, body["follow"]["status"]), (201, "pending"))
        _, _, body = self.emu.call("GET", "/api/follow/u_erin/status", token=ada)
        self.assertEqual(body, {"status": "pending", "isFollowing": False, "isPending": True})
        erin = self.emu.sync_token("erin@example.com", "encrypt55")
        _, _, body = self.emu.call("GET", "/api/follow/requests", token=erin)
        self.assertEqual([r["id"] for r in body["requests"]], ["u_ada"])
        status, _, body = self.emu.call("POST", "/api/follow/u_ada/approve", token=erin)
        self.assertEqual((status, body["follow"]["status"]), (200, "approved"))
        status, _, _ = self.emu.call("GET", "/api/follow/u_erin/counts")
        self.assertEqual(status, 401)  # auth is required, whatever the OpenAPI says
        _, _, body = self.emu.call("GET", "/api/follow/u_erin/counts", token=ada)
        self.assertEqual(body, {"followers": 2, "following": 0, "pendingRequests": 0})
        _, _, body = self.emu.call("GET", "/api/follow/u_erin/followers", token=ada)
        self.assertEqual({f["id"] for f in body["followers"]}, {"u_ada", "u_carol"})
        status, _, body = self.emu.call("DELETE", "/api/follow/u_erin", token=ada)
        self.assertEqual((status, body["message"]), (200, "Unfollowed successfully"))

    def test_unknown_routes_and_ids_answer_error_objects(self):
        token = self.emu.sync_token()
        self.assertEqual(self.emu.call("GET", "/api/nope", token=token)[:3:2], (404, {"error": "Not found"}))
        self.assertEqual(self.emu.call("GET", "/api/lists/zzz", token=token)[:3:2], (404, {"error": "List not found"}))
        self.assertEqual(self.emu.call("POST", "/api/lists", {}, token=token)[:3:2], (400, {"error": "Title is required"}))


class LoginWindowTests(unittest.TestCase):
    """With a short window, a client that honours Retry-After gets through on its retry."""

    def test_retry_after_the_advertised_delay_succeeds(self):
        emu = Emulator("--login-limit", "2", "--retry-after", "1")
        try:
            for _ in range(2):
                self.assertEqual(emu.call("POST", "/api/auth/sync-token",
                                          {"email": "ada@example.com", "password": "lovelace1"})[0], 200)
            status, head, _ = emu.call("POST", "/api/auth/login", {"email": "ada@example.com", "password": "lovelace1"})
            self.assertEqual((status, head["Retry-After"]), (429, "1"))
            time.sleep(float(head["Retry-After"]) + 0.1)
            self.assertEqual(emu.call("POST", "/api/auth/login",
                                      {"email": "ada@example.com", "password": "lovelace1"})[0], 200)
        finally:
            emu.stop()


if __name__ == "__main__":
    unittest.main()
