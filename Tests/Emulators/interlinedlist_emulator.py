#!/usr/bin/env python3
"""InterlinedList (IL) emulator for the fieldops tests (python3 standard library only).

Serves the routes of contracts/interlinedlist.md (shapes from interlinedlist-openapi.json) under
/api on 127.0.0.1, with seeded fixtures and the quirks a client must get right:

  * two credentials: the sync token (Bearer, never expires) and the session cookie
    `interlinedlist-session`; cookie-only routes answer 401 to a Bearer-only request;
  * login/sync-token rate limit: more than --login-limit attempts inside --login-window seconds
    answers 429 {"error": "Too many login attempts"} with `Retry-After: --retry-after`;
  * bodies are camelCase: snake_case keys are ignored (as the real server does) but recorded in
    state `snake_case_keys` so a test can assert none were sent;
  * documents are folder-scoped by PATH: a `folderId` given to GET/POST /api/documents is
    ignored (the document lands at the root) and recorded in `ignored_folder_ids`;
  * documents are unique on (folderId, relativePath) and document folders on (userId, parentId,
    name), soft-deleted rows included, NULL (root) parents distinct: a clash inside a folder answers
    a bare 500 on REST (409 on the folder PUT) and drops the op silently in POST /api/documents/sync;
    deletes are soft (deleted rows stay, holding their key), relativePath never changes;
  * PATCH-only routes (/api/user/update, /api/notifications/{id}/read) answer 405 otherwise;
  * `parentId` / `folderId` fixtures mix null and "" (and, with --fixture cycle, contain a
    parent cycle and a dangling parent).

Seeded users (id, email / password):
  u_ada   ada@example.com   / lovelace1  verified, subscriber, maxMessageLength 500
  u_bob   bob@example.com   / builder22  email NOT verified (posting -> 403), free, pending follow of ada
  u_carol carol@example.com / compiler3  verified, free
  u_dave  dave@example.com  / debugger4  verified, free
  u_erin  erin@example.com  / encrypt55  private account (following her is a pending request)
Fixture ids: messages m001..m080 top level (m080 newest), replies m081..m086; lists l001..l012
(l001 has a schema and rows r001..r003); list folders lf1..lf3; document folders df1..df3; documents
d001..d006 (d001/d002 at ada's root, d003 in df1, d004 in df2, d005 in df3, d006 bob's); organizations
org1 (public, ada owner), org2 (private, ada admin), org3 (public, bob owner); notifications n001 (read),
n002, n003 (unread) for ada; identity li1 for ada.

Admin endpoints (besides the ones of emulator_base):
  POST /__admin/revoke          {"token": true|"<token>", "cookie": true|"<session id>",
                                 "userId": "u_ada"?}  invalidate credentials (all, or the one named,
                                 optionally only that user's) -> {"ok", "revokedTokens", "revokedSessions"}
  POST /__admin/reset-limits    forget all login attempts -> {"ok": true}
  POST /__admin/generate-lists  {"lists": 5000, "folders": 500, "userId": "u_ada", "seed": 1}
                                 -> {"ok", "lists": <user's total>, "folders": <user's total>}
  POST /__admin/fixture         {"name": "cycle"} add the cycle/dangling-parent lists and folders
  POST /__admin/notifications   {"userId", "title", "body"?, "type"?} add an unread notification
  POST /__admin/touch-document  {"id", "content"} change a document as another device would
  POST /__admin/generate-rows   {"rows": 100000, "lists": ["l001"]|null (every list of userId), "userId"}
                                 rows spread over the lists, valid for each list's schema -> {"ok", "rows"}
  POST /__admin/generate-documents {"documents": 1000, "folders": 100, "userId", "bytes": 10000?,
                                 "rootShare": 0.25?}  folders at the root; bytes: ~that much distinct
                                 markdown per document; rootShare: that fraction at the root (default
                                 every third); names and titles numbered across calls -> {"ok", "documents"}
  POST /__admin/document-quirks {"reset": true?, "race": {op...}, "silentWrites": N, "failWrites": N,
                                 "throttleSync": {"count": K, "retryAfter": S}, "delayMs": M}
                                 merged into the switches (null or 0 disarms one) -> {"ok", "quirks"}
                                 race: a document-op (op defaults to "edit") run once by the next
                                   GET /api/documents/sync after its queries, before its lastSyncAt;
                                 failWrites / silentWrites: the next N document writes that pass the
                                   route's own 4xx checks (PATCH/PUT /api/documents/{id}, POST
                                   /api/documents, POST /api/documents/folders/{id}/documents) answer
                                   500, or the success they would have had, without changing state
                                   (a silent POST's id never exists); failWrites is taken first;
                                 throttleSync: the next K GET /api/documents/sync answer 429
                                   {"error": "Too many requests"} with Retry-After: S;
                                 delayMs: every /api/documents* request waits M ms before its answer
  POST /__admin/document-op     another device's write -> {"ok", "document"|"folder": row as in
                                 GET /__admin/documents}; 404 unknown/deleted target, 400 bad field,
                                 409 unique-key clash:
                                 {"op": "edit", "id", "content"} | {"op": "rename", "id", "title"} |
                                 {"op": "move", "id", "folderId": id|null} | {"op": "delete", "id"} |
                                 {"op": "create", "title"?, "content"?, "folderId"?, "relativePath"?,
                                  "isPublic"?, "userId"? (u_ada)} | {"op": "create-folder", "name",
                                 "parentId"?, "userId"?} | {"op": "rename-folder", "id", "name"} |
                                 {"op": "delete-folder", "id"} (cascades as the REST DELETE)
  GET  /__admin/documents?userId=u_ada  every document (doc view + "deleted", "deletedAt") and every
                                 folder (+ userId, createdAt, updatedAt, deleted, deletedAt) of the
                                 user, deleted ones included
  GET  /__admin/state           see InterlinedListApp.state()

Run: python3 Tests/Emulators/interlinedlist_emulator.py --port 0 [--login-limit 5]
     [--login-window SECONDS] [--retry-after 2] [--fixture cycle]
"""

import copy
import hashlib
import os
import random
import re
import secrets
import sys
import time
from datetime import datetime, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from emulator_base import App, Fault, Response, serve  # noqa: E402
from interlinedlist_schema import (SchemaError, check_property_edit, empty, parse_dsl,  # noqa: E402
                                   to_dsl, validate_dsl, validate_form)

SESSION_COOKIE = "interlinedlist-session"
BASE_TIME_MS = 1767225600000  # 2026-01-01T00:00:00.000Z: seeded objects count from here
LIST_PAGE_CAP = 1000          # the real server caps list/row pages at 1000

# Keys whose values are free-form user data, so underscores inside them are not camelCase slips.
FREEFORM_KEYS = {"metadata", "settings", "rowData"}

USER_UPDATE_FIELDS = {
    "displayName": str, "bio": str, "avatar": str, "theme": str, "maxMessageLength": int,
    "defaultPubliclyVisible": bool, "messagesPerPage": int, "viewingPreference": str,
    "showPreviews": bool, "showAdvancedPostSettings": bool, "latitude": (int, float),
    "longitude": (int, float), "isPrivateAccount": bool, "githubDefaultRepo": str,
    "notificationTrayLimit": int, "openaiApiKey": (str, type(None)),
    "anthropicApiKey": (str, type(None)),
}


class ApiError(Exception):
    """An error answer: {"error": message} (+ details) with an HTTP status."""

    def __init__(self, status, message, details=None, headers=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.details = details
        self.headers = headers or {}


class UniqueViolation(ApiError):
    """A unique-key clash (Prisma P2002) that the server does not catch: a bare 500."""

    def __init__(self):
        super().__init__(500, "Internal server error")


# Generated markdown is cut from a fixed pool of ~70-character lines (some non-ASCII, so a client's
# UTF-8 handling is exercised); each document walks the pool with its own start and stride.
FILLER_WORDS = ("survey crew pump valve ridge culvert gauge reading logbook site trench cable meter "
                "sample borehole shift handover inspection torque flange seal depth north south "
                "café naïve façade Ångström résumé über — ✓").split()


def filler_lines(count=251, width=70, seed=7):
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        words = []
        while sum(len(w) + 1 for w in words) < width - 8:
            words.append(rng.choice(FILLER_WORDS))
        line = " ".join(words)
        lines.append("- " + line if rng.random() < 0.2 else line[0].upper() + line[1:] + ".")
    return lines


FILLER = filler_lines()  # 251 lines: a prime, so every stride visits every line
FILLER_BYTES = [len(line.encode("utf-8")) + 1 for line in FILLER]


def generated_markdown(number, size):
    """About `size` bytes (UTF-8) of markdown, distinct for each `number`, in lines of ~70 characters."""
    lines = ["# Generated %d" % number, "", "Site notes for generated document %d." % number, ""]
    total = sum(len(line.encode("utf-8")) + 1 for line in lines)
    count = len(FILLER)
    at, step = (number * 7919) % count, 1 + number % (count - 1)
    written = 0
    while total < size:
        if written and written % 12 == 0:
            heading = "## Section %d" % (written // 12 + 1)
            lines += ["", heading, ""]
            total += len(heading) + 3
        lines.append(FILLER[at])
        total += FILLER_BYTES[at]
        at = (at + step) % count
        written += 1
    return "\n".join(lines) + "\n"


def content_hash(content):
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def iso(ms):
    """Epoch milliseconds as ISO 8601 with milliseconds and Z, the way the service writes dates."""
    stamp = datetime.fromtimestamp(ms / 1000.0, tz=timezone.utc)
    return stamp.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (ms % 1000)


def parse_iso(text):
    try:
        stamp = datetime.strptime(text.replace("Z", "+0000"), "%Y-%m-%dT%H:%M:%S.%f%z")
    except (ValueError, AttributeError):
        try:
            stamp = datetime.strptime(text.replace("Z", "+0000"), "%Y-%m-%dT%H:%M:%S%z")
        except (ValueError, AttributeError):
            return None
    return int(stamp.timestamp() * 1000)


def blank(value):
    """Both null and "" mean "no parent / root" in this service."""
    return value is None or value == ""


def normalize_tag(tag):
    return str(tag).strip().lstrip("#").lower()


class Route:
    def __init__(self, method, pattern, handler, auth):
        self.method = method
        self.regex = re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", pattern) + "$")
        self.pattern = pattern
        self.handler = handler
        self.auth = auth  # "none" | "optional" | "any" (Bearer or cookie) | "cookie"


class Ctx:
    """What a handler gets: the request, the path parameters, the caller."""

    def __init__(self, req, params, user):
        self.req = req
        self.params = params
        self.user = user


class InterlinedListApp(App):
    name = "interlinedlist"

    @staticmethod
    def add_arguments(parser):
        parser.add_argument("--login-limit", type=int, default=5,
                            help="login/sync-token attempts allowed per window (0 = no limit)")
        parser.add_argument("--login-window", type=float, default=None,
                            help="rate-limit window in seconds (default: the Retry-After value)")
        parser.add_argument("--retry-after", type=int, default=2,
                            help="Retry-After seconds sent with a 429")
        parser.add_argument("--fixture", action="append", choices=["cycle"], default=[],
                            help="extra fixtures: cycle = list/folder parent cycle + dangling parent")

    def __init__(self, options):
        self.routes = self.build_routes()
        super().__init__(options)

    # ------------------------------------------------------------------ routing
    def build_routes(self):
        r = []

        def add(method, pattern, handler, auth="any"):
            r.append(Route(method, pattern, handler, auth))

        add("POST", "/api/auth/sync-token", self.auth_sync_token, "none")
        add("POST", "/api/auth/login", self.auth_login, "none")
        add("POST", "/api/auth/logout", self.auth_logout, "optional")
        add("GET", "/api/user", self.user_get)
        add("PATCH", "/api/user/update", self.user_update)
        add("GET", "/api/user/identities", self.user_identities, "cookie")
        add("GET", "/api/user/organizations", self.user_orgs, "cookie")
        add("POST", "/api/user/organizations", self.user_orgs_join, "cookie")
        add("GET", "/api/messages", self.messages_feed, "optional")
        add("POST", "/api/messages", self.messages_create)
        add("GET", "/api/messages/search", self.messages_search)
        add("GET", "/api/messages/scheduled", self.messages_scheduled)
        add("GET", "/api/messages/{id}", self.message_get, "optional")
        add("GET", "/api/messages/{id}/replies", self.message_replies, "cookie-optional")
        add("PATCH", "/api/messages/{id}", self.message_patch, "cookie")
        add("DELETE", "/api/messages/{id}", self.message_delete)
        add("POST", "/api/messages/{id}/dig", self.message_dig, "cookie")
        add("DELETE", "/api/messages/{id}/dig", self.message_undig, "cookie")
        add("GET", "/api/lists", self.lists_get)
        add("POST", "/api/lists", self.lists_create)
        add("GET", "/api/lists/search", self.lists_search)
        add("GET", "/api/lists/{id}", self.list_get)
        add("PUT", "/api/lists/{id}", self.list_put)
        add("DELETE", "/api/lists/{id}", self.list_delete)
        add("GET", "/api/lists/{id}/schema", self.schema_get)
        add("PUT", "/api/lists/{id}/schema", self.schema_put)
        add("GET", "/api/lists/{id}/data", self.rows_get)
        add("POST", "/api/lists/{id}/data", self.rows_create)
        add("GET", "/api/lists/{id}/data/{rowId}", self.row_get)
        add("PUT", "/api/lists/{id}/data/{rowId}", self.row_put)
        add("DELETE", "/api/lists/{id}/data/{rowId}", self.row_delete)
        add("GET", "/api/folders", self.lfolders_get)
        add("POST", "/api/folders", self.lfolders_create)
        add("PUT", "/api/folders/{id}", self.lfolder_put)
        add("DELETE", "/api/folders/{id}", self.lfolder_delete)
        add("GET", "/api/documents", self.docs_root)
        add("POST", "/api/documents", self.docs_create_root)
        add("GET", "/api/documents/folders", self.dfolders_get)
        add("POST", "/api/documents/folders", self.dfolders_create)
        add("GET", "/api/documents/folders/{id}", self.dfolder_get)
        add("PUT", "/api/documents/folders/{id}", self.dfolder_put)
        add("DELETE", "/api/documents/folders/{id}", self.dfolder_delete)
        add("GET", "/api/documents/folders/{id}/documents", self.dfolder_docs)
        add("POST", "/api/documents/folders/{id}/documents", self.dfolder_docs_create)
        add("GET", "/api/documents/search", self.docs_search)
        add("GET", "/api/documents/sync", self.docs_sync_get)
        add("POST", "/api/documents/sync", self.docs_sync_post)
        add("GET", "/api/documents/{id}", self.doc_get, "optional")
        add("PUT", "/api/documents/{id}", self.doc_update)
        add("PATCH", "/api/documents/{id}", self.doc_update)
        add("DELETE", "/api/documents/{id}", self.doc_delete)
        add("GET", "/api/follow/requests", self.follow_requests)
        add("POST", "/api/follow/{userId}", self.follow)
        add("DELETE", "/api/follow/{userId}", self.unfollow)
        add("GET", "/api/follow/{userId}/status", self.follow_status)
        add("GET", "/api/follow/{userId}/followers", self.followers)
        add("GET", "/api/follow/{userId}/following", self.following)
        add("GET", "/api/follow/{userId}/counts", self.follow_counts)
        add("GET", "/api/users/{username}/lists", self.public_lists, "none")
        add("GET", "/api/users/{username}/documents", self.public_documents, "none")
        add("GET", "/api/user/{username}/messages", self.user_wall, "cookie-optional")
        add("GET", "/api/lists/{id}/watchers/users", self.watcher_candidates)
        add("POST", "/api/follow/{userId}/approve", self.follow_approve)
        add("POST", "/api/follow/{userId}/reject", self.follow_reject)
        add("DELETE", "/api/follow/{userId}/remove", self.follow_remove)
        add("GET", "/api/organizations", self.orgs_get, "cookie")
        add("POST", "/api/organizations", self.orgs_create, "cookie")
        add("GET", "/api/organizations/{id}", self.org_get, "cookie")
        add("PUT", "/api/organizations/{id}", self.org_put, "cookie")
        add("DELETE", "/api/organizations/{id}", self.org_delete, "cookie")
        add("GET", "/api/organizations/{id}/members", self.members_get, "cookie")
        add("POST", "/api/organizations/{id}/members", self.members_add, "cookie")
        add("PUT", "/api/organizations/{id}/members/{userId}", self.member_put, "cookie")
        add("DELETE", "/api/organizations/{id}/members/{userId}", self.member_delete, "cookie")
        add("GET", "/api/notifications", self.notifications_get)
        add("POST", "/api/notifications/mark-all-read", self.notifications_mark_all)
        add("PATCH", "/api/notifications/{id}/read", self.notification_read)
        add("DELETE", "/api/notifications/{id}", self.notification_delete)
        return r

    def route(self, req):
        self.record_snake_case(req)
        matched = []
        for route in self.routes:
            found = route.regex.match(req.path)
            if found:
                matched.append((route, found.groupdict()))
        if not matched:
            return self.error(ApiError(404, "Not found"))
        chosen = next(((rt, p) for rt, p in matched if rt.method == req.method), None)
        if chosen is None:
            allowed = ", ".join(sorted({rt.method for rt, _ in matched}))
            return self.error(ApiError(405, "Method not allowed", headers={"Allow": allowed}))
        route, params = chosen
        entry = {"method": req.method, "path": req.path, "auth": route.auth}
        self.credential_log.append(entry)
        try:
            user = self.authenticate(req, route.auth, entry)
            resp = route.handler(Ctx(req, params, user))
        except ApiError as err:
            resp = self.error(err)
        entry["status"] = resp.status
        return resp

    def authenticate(self, req, auth, entry):
        """Resolves the caller for the route's credential rule and records what was presented."""
        token = req.bearer()
        session = req.cookies().get(SESSION_COOKIE)
        presented = []
        if token is not None:
            presented.append("bearer")
        if session is not None:
            presented.append("cookie")
        entry["presented"] = presented
        token_user = self.tokens.get(token) if token else None
        cookie_user = self.sessions.get(session) if session else None
        used, user_id = None, None
        if auth in ("cookie", "cookie-optional"):
            if cookie_user:
                used, user_id = "cookie", cookie_user
        elif auth in ("any", "optional"):
            if cookie_user:
                used, user_id = "cookie", cookie_user
            elif token_user:
                used, user_id = "bearer", token_user
        entry["used"] = used
        entry["userId"] = user_id
        if auth in ("any", "cookie") and user_id is None:
            raise ApiError(401, "Unauthorized")
        return self.users.get(user_id) if user_id else None

    def record_snake_case(self, req):
        body = req.json()
        if body is None:
            return
        skip_data = re.match(r"^/api/lists/[^/]+/data(/[^/]+)?$", req.path) is not None

        def walk(value, where, top):
            if isinstance(value, dict):
                for key, inner in value.items():
                    at = where + "." + key if where else key
                    if "_" in key:
                        self.snake_case_keys.append(
                            {"method": req.method, "path": req.path, "key": key, "at": at})
                    if key in FREEFORM_KEYS or (top and skip_data and key == "data"):
                        continue
                    walk(inner, at, False)
            elif isinstance(value, list):
                for index, inner in enumerate(value):
                    walk(inner, "%s[%d]" % (where, index), False)

        walk(body, "", True)

    @staticmethod
    def error(err):
        body = {"error": err.message}
        if err.details is not None:
            body["details"] = err.details
        return Response(err.status, body, headers=dict(err.headers))

    @staticmethod
    def body(ctx):
        if not ctx.req.body:
            return {}
        parsed = ctx.req.json()
        if not isinstance(parsed, dict):
            raise ApiError(400, "Invalid JSON body")
        return parsed

    @staticmethod
    def page(ctx, default_limit, cap=None):
        try:
            limit = int(ctx.req.arg("limit", default_limit))
            offset = int(ctx.req.arg("offset", 0))
        except ValueError:
            raise ApiError(400, "limit and offset must be integers")
        if limit < 0 or offset < 0:
            raise ApiError(400, "limit and offset must not be negative")
        if cap is not None:
            limit = min(limit, cap)
        return limit, offset

    @staticmethod
    def paginate(items, limit, offset):
        total = len(items)
        return items[offset:offset + limit], {
            "total": total, "limit": limit, "offset": offset, "hasMore": offset + limit < total}

    # ------------------------------------------------------------------ fixtures
    def now(self):
        """Wall-clock milliseconds, strictly increasing so "newest first" is never a tie."""
        stamp = max(int(time.time() * 1000), self.last_ms + 1)
        self.last_ms = stamp
        return stamp

    def next_id(self, prefix):
        self.counters[prefix] = self.counters.get(prefix, 0) + 1
        return "%s%03d" % (prefix, self.counters[prefix])

    def reset(self):
        self.users, self.tokens, self.sessions = {}, {}, {}
        self.messages, self.digs = {}, set()
        self.lists, self.rows, self.list_folders, self.properties = {}, {}, {}, {}
        self.bulk_requests = []
        self.doc_folders, self.documents = {}, {}
        # (folderId, relativePath) -> document id, live or deleted, for documents inside a folder:
        # the server's unique key, kept as a dict so a clash check is O(1) with 2,000+ documents.
        self.doc_paths = {}
        self.doc_quirks = {}  # switches set by POST /__admin/document-quirks
        self.follows, self.orgs, self.memberships = [], {}, []
        self.identities, self.notifications = [], {}
        self.snake_case_keys, self.ignored_folder_ids = [], []
        self.login_attempts, self.login_log = [], []
        self.credential_log = []
        self.counters = {}
        self.last_ms = BASE_TIME_MS
        self.seed()
        for name in getattr(self.options, "fixture", []) or []:
            self.add_fixture(name)

    def add_user(self, uid, email, password, username, display, verified=True,
                 customer="free", max_len=666, private=False):
        self.users[uid] = {
            "id": uid, "email": email, "password": password, "username": username,
            "displayName": display, "avatar": None, "bio": None, "theme": None,
            "emailVerified": verified, "pendingEmail": None, "maxMessageLength": max_len,
            "defaultPubliclyVisible": True, "messagesPerPage": 20,
            "viewingPreference": "all_messages", "showPreviews": True,
            "showAdvancedPostSettings": False, "latitude": None, "longitude": None,
            "isPrivateAccount": private, "cleared": True, "githubDefaultRepo": None,
            "openaiApiKey": None, "anthropicApiKey": None, "customerStatus": customer,
            "notificationTrayLimit": 20, "createdAt": BASE_TIME_MS - 86400000,
            "isAdministrator": False,
        }

    def seed(self):
        self.add_user("u_ada", "ada@example.com", "lovelace1", "ada", "Ada Lovelace",
                      customer="subscriber", max_len=500)
        self.add_user("u_bob", "bob@example.com", "builder22", "bob", "Bob Builder", verified=False)
        self.add_user("u_carol", "carol@example.com", "compiler3", "carol", "Carol Compiler")
        self.add_user("u_dave", "dave@example.com", "debugger4", "dave", "Dave Debugger")
        self.add_user("u_erin", "erin@example.com", "encrypt55", "erin", "Erin Private", private=True)

        for follower, following, status in [("u_ada", "u_carol", "approved"),
                                            ("u_carol", "u_ada", "approved"),
                                            ("u_dave", "u_ada", "approved"),
                                            ("u_ada", "u_dave", "approved"),
                                            ("u_bob", "u_ada", "pending"),
                                            ("u_carol", "u_erin", "approved")]:
            self.add_follow(follower, following, status, BASE_TIME_MS - 3600000)

        authors = ["u_ada", "u_carol", "u_dave", "u_bob", "u_erin", "u_carol", "u_ada", "u_dave"]
        tags = [["swift"], ["lists"], ["cli", "swift"], [], ["fieldwork"], ["ops"], ["lists", "cli"], []]
        for i in range(80):
            author = authors[i % len(authors)]
            public = author != "u_erin" and not (author == "u_carol" and i % 3 == 0)
            mid = self.next_id("m")
            self.messages[mid] = self.make_message(
                mid, author, "Seeded message %d from %s" % (i + 1, author[2:]),
                public, tags[i % len(tags)], None, BASE_TIME_MS + i * 37 * 60000)
        for i, parent in enumerate(["m080", "m080", "m079", "m074", "m050", "m002"]):
            mid = self.next_id("m")
            self.messages[mid] = self.make_message(
                mid, ["u_carol", "u_dave", "u_ada"][i % 3], "Reply %d" % (i + 1), True, [], parent,
                self.messages[parent]["createdAt"] + 60000 * (i + 1))
        self.digs.update({("u_ada", "m080"), ("u_ada", "m078"), ("u_carol", "m079")})
        self.last_ms = BASE_TIME_MS + 80 * 37 * 60000

        t = BASE_TIME_MS
        for fid, name, parent in [("lf1", "Work", None), ("lf2", "Home", ""), ("lf3", "Errands", "lf2")]:
            self.list_folders[fid] = {"id": fid, "name": name, "parentId": parent, "userId": "u_ada",
                                      "createdAt": t, "updatedAt": t}
        self.counters["lf"] = 3
        grocery_schema = {"name": "Groceries", "fields": [
            {"key": "item", "type": "text", "label": "Item", "required": True},
            {"key": "qty", "type": "number", "label": "Qty", "validation": {"min": 0}},
            {"key": "done", "type": "boolean", "label": "Done"}]}
        fieldops_schema = {"name": "fieldops", "fields": [
            {"key": "task", "type": "text", "label": "Task", "required": True},
            {"key": "status", "type": "select", "label": "Status", "options": ["todo", "doing", "done"]}]}
        seeded_lists = [
            ("l001", "u_ada", "Groceries", None, "lf3", grocery_schema, False),
            ("l002", "u_ada", "Books", "", None, None, True),
            ("l003", "u_ada", "Science fiction", "l002", "", None, True),
            ("l004", "u_ada", "Non-fiction", "l002", None, None, False),
            ("l005", "u_ada", "Projects", None, "lf1", None, False),
            ("l006", "u_ada", "fieldops", "l005", "lf1", fieldops_schema, False),
            ("l007", "u_ada", "Travel", "", "", None, False),
            ("l008", "u_ada", "Packing", "l007", None, None, False),
            ("l009", "u_ada", "Recipes", None, "lf2", None, True),
            ("l010", "u_ada", "Desserts", "l009", "", None, True),
            ("l011", "u_carol", "Carol's compilers", None, None, None, True),
            ("l012", "u_bob", "Bob's tools", "", None, None, False),
        ]
        for i, (lid, owner, title, parent, folder, schema, public) in enumerate(seeded_lists):
            self.lists[lid] = self.make_list(lid, owner, title, None, public, parent, folder, schema,
                                             t + i * 60000)
        self.counters["l"] = len(seeded_lists)
        for i, data in enumerate([{"item": "Milk", "qty": 2, "done": False},
                                  {"item": "Bread", "qty": 1, "done": True},
                                  {"item": "Eggs", "qty": 12, "done": False}]):
            rid = self.next_id("r")
            self.rows[rid] = {"id": rid, "listId": "l001", "rowData": data, "rowNumber": None,
                              "createdAt": t + i * 1000, "updatedAt": t + i * 1000, "deleted": False}

        for fid, name, parent in [("df1", "Work", None), ("df2", "Projects", "df1"), ("df3", "Archive", "")]:
            self.doc_folders[fid] = {"id": fid, "name": name, "parentId": parent, "userId": "u_ada",
                                     "createdAt": t, "updatedAt": t}
        self.counters["df"] = 3
        for owner, title, folder, public in [("u_ada", "Readme", None, False), ("u_ada", "Todo", None, False),
                                             ("u_ada", "Meeting Notes", "df1", False),
                                             ("u_ada", "Spec", "df2", False),
                                             ("u_ada", "Old Spec", "df3", True),
                                             ("u_bob", "Bob Notes", None, False)]:
            self.create_document(owner, folder, {"title": title, "content": "# %s\n" % title,
                                                 "isPublic": public}, t)

        self.orgs = {
            "org1": self.make_org("org1", "Lovelace Labs", "Engines and notes", True, t),
            "org2": self.make_org("org2", "Analytical Engines", "Private workshop", False, t),
            "org3": self.make_org("org3", "Builders Guild", "We build", True, t),
        }
        self.counters["org"] = 3
        for org, uid, role in [("org1", "u_ada", "owner"), ("org1", "u_carol", "member"),
                               ("org2", "u_dave", "owner"), ("org2", "u_ada", "admin"),
                               ("org3", "u_bob", "owner")]:
            self.memberships.append({"organizationId": org, "userId": uid, "role": role,
                                     "active": True, "joinedAt": t})
        self.identities.append({"id": "li1", "userId": "u_ada", "provider": "mastodon:mastodon.social",
                                "providerUsername": "ada@mastodon.social",
                                "profileUrl": "https://mastodon.social/@ada", "avatarUrl": None,
                                "connectedAt": t, "lastVerifiedAt": None})
        for i, (title, kind, read) in enumerate([("Welcome to InterlinedList", "system", True),
                                                 ("Bob asked to follow you", "follow_request", False),
                                                 ("Carol dug your message", "dig", False)]):
            self.add_notification("u_ada", title, kind, read_at=t + 1000 if read else None,
                                  created=t + i * 60000)

    def add_fixture(self, name):
        if name != "cycle":
            raise ApiError(400, "unknown fixture %r" % name)
        t = self.now()
        for lid, title, parent in [("lc1", "Cycle A", "lc2"), ("lc2", "Cycle B", "lc1"),
                                   ("lc3", "Orphan", "l_missing")]:
            self.lists[lid] = self.make_list(lid, "u_ada", title, None, False, parent, None, None, t)
        for fid, name_, parent in [("lfc1", "Loop A", "lfc2"), ("lfc2", "Loop B", "lfc1"),
                                   ("lfc3", "Orphan folder", "lf_missing")]:
            self.list_folders[fid] = {"id": fid, "name": name_, "parentId": parent, "userId": "u_ada",
                                      "createdAt": t, "updatedAt": t}
        for fid, name_, parent in [("dfc1", "Doc loop A", "dfc2"), ("dfc2", "Doc loop B", "dfc1"),
                                   ("dfc3", "Doc orphan", "df_missing")]:
            self.doc_folders[fid] = {"id": fid, "name": name_, "parentId": parent, "userId": "u_ada",
                                     "createdAt": t, "updatedAt": t}

    # ------------------------------------------------------------------ object builders
    def make_message(self, mid, uid, content, public, tags, parent, created, scheduled=None):
        return {"id": mid, "userId": uid, "content": content, "publiclyVisible": public,
                "imageUrls": [], "videoUrls": [], "tags": [normalize_tag(x) for x in tags],
                "crossPostUrls": [], "scheduledAt": scheduled, "pushedMessageId": None,
                "pushCount": 0, "parentId": parent, "linkMetadata": None,
                "createdAt": created, "updatedAt": created}

    def make_list(self, lid, uid, title, description, public, parent, folder, schema, created):
        lst = {"id": lid, "userId": uid, "title": title, "description": description,
               "isPublic": public, "parentId": parent, "folderId": folder, "messageId": None,
               "metadata": None, "source": "local", "githubRepo": None,
               "createdAt": created, "updatedAt": created, "deleted": False}
        if schema is not None:
            self.set_schema(lst, schema)
        return lst

    @staticmethod
    def make_org(oid, name, description, public, created):
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        return {"id": oid, "name": name, "slug": slug, "description": description, "avatar": None,
                "isPublic": public, "createdAt": created, "updatedAt": created}

    def add_follow(self, follower, following, status, created):
        follow = {"id": self.next_id("fol"), "followerId": follower, "followingId": following,
                  "status": status, "createdAt": created, "updatedAt": created}
        self.follows.append(follow)
        return follow

    def add_notification(self, uid, title, kind, body="", read_at=None, metadata=None, created=None):
        nid = self.next_id("n")
        self.notifications[nid] = {"id": nid, "userId": uid, "title": title, "body": body,
                                   "actionUrl": "/notifications", "type": kind,
                                   "metadata": metadata or {},
                                   "createdAt": created if created is not None else self.now(),
                                   "readAt": read_at}
        return self.notifications[nid]

    @staticmethod
    def document_path(body):
        """relativePath of a REST-created document: the given one or the title, with .md appended."""
        title, relative = body.get("title"), body.get("relativePath")
        if not isinstance(relative, str) or not relative:
            relative = (re.sub(r"\s+", "-", title).lower() + ".md") if isinstance(title, str) and title \
                else "untitled.md"
        if not relative.endswith(".md"):
            relative += ".md"
        return relative

    def build_document(self, uid, folder, body, created=None):
        """A new document row (with a fresh id), not stored."""
        title = body.get("title")
        relative = self.document_path(body)
        content = body.get("content") if isinstance(body.get("content"), str) else ""
        stamp = created if created is not None else self.now()
        return {
            "id": self.next_id("d"), "userId": uid, "folderId": folder,
            "title": title.strip() if isinstance(title, str) and title.strip() else relative[:-3],
            "content": content, "relativePath": relative, "isPublic": body.get("isPublic") is True,
            "contentHash": content_hash(content),
            "createdAt": stamp, "updatedAt": stamp, "deleted": False}

    def create_document(self, uid, folder, body, created=None):
        if self.path_taken(folder, self.document_path(body)):
            raise UniqueViolation()
        return self.store_document(self.build_document(uid, folder, body, created))

    @staticmethod
    def path_key(folder, relative):
        # NULL folderIds are distinct in Postgres, so documents at the root never clash.
        return None if blank(folder) else (folder, relative)

    def path_taken(self, folder, relative, doc_id=None):
        # ⚠ quirk: (folderId, relativePath) is unique counting soft-deleted documents too.
        key = self.path_key(folder, relative)
        holder = self.doc_paths.get(key) if key else None
        return holder is not None and holder != doc_id

    def store_document(self, doc):
        self.documents[doc["id"]] = doc
        key = self.path_key(doc["folderId"], doc["relativePath"])
        if key:
            self.doc_paths[key] = doc["id"]
        return doc

    def move_document(self, doc, folder):
        """Changes folderId and the unique-key index with it (the caller checked path_taken)."""
        old = self.path_key(doc["folderId"], doc["relativePath"])
        if old and self.doc_paths.get(old) == doc["id"]:
            del self.doc_paths[old]
        doc["folderId"] = folder
        new = self.path_key(folder, doc["relativePath"])
        if new:
            self.doc_paths[new] = doc["id"]

    @staticmethod
    def set_content(doc, content):
        doc["content"] = content
        doc["contentHash"] = content_hash(content)

    @staticmethod
    def soft_delete(row, stamp):
        # Rows stay in their dicts: a deleted document or folder still holds its unique key.
        row["deleted"] = True
        row["deletedAt"] = stamp
        row["updatedAt"] = stamp

    def new_dfolder(self, uid, name, parent, stamp=None, fid=None):
        fid = fid or self.next_id("df")
        stamp = stamp if stamp is not None else self.now()
        self.doc_folders[fid] = {"id": fid, "name": name, "parentId": parent, "userId": uid,
                                 "createdAt": stamp, "updatedAt": stamp}
        return self.doc_folders[fid]

    def dfolder_name_taken(self, uid, parent, name, except_id=None):
        # ⚠ quirk: (userId, parentId, name) is unique counting soft-deleted folders; NULL parents are distinct.
        if blank(parent):
            return False
        return any(f["userId"] == uid and f["parentId"] == parent and f["name"] == name and f["id"] != except_id
                   for f in self.doc_folders.values())

    def live_dfolders(self, uid):
        return [f for f in self.doc_folders.values() if f["userId"] == uid and not f.get("deleted")]

    # ------------------------------------------------------------------ views
    def public_user(self, uid):
        user = self.users.get(uid)
        if user is None:
            return None
        return {"id": user["id"], "username": user["username"], "displayName": user["displayName"],
                "avatar": user["avatar"]}

    def profile(self, user):
        out = {k: v for k, v in user.items() if k != "password"}
        out["createdAt"] = iso(user["createdAt"])
        return out

    def message_view(self, msg, viewer):
        out = {k: v for k, v in msg.items()}
        out["createdAt"] = iso(msg["createdAt"])
        out["updatedAt"] = iso(msg["updatedAt"])
        out["scheduledAt"] = iso(msg["scheduledAt"]) if msg["scheduledAt"] is not None else None
        out["user"] = self.public_user(msg["userId"])
        out["dugByMe"] = bool(viewer and (viewer["id"], msg["id"]) in self.digs)
        return out

    def list_view(self, lst, children_index=None, with_properties=False):
        parent = self.lists.get(lst["parentId"]) if not blank(lst["parentId"]) else None
        if parent is not None and parent["deleted"]:
            parent = None
        if children_index is None:
            children = [c for c in self.lists.values() if not c["deleted"] and c["parentId"] == lst["id"]]
        else:
            children = children_index.get(lst["id"], [])
        out = {k: lst[k] for k in ("id", "userId", "title", "description", "isPublic", "parentId",
                                   "folderId", "messageId", "metadata", "source")}
        out["parent"] = {"id": parent["id"], "title": parent["title"]} if parent else None
        out["children"] = [{"id": c["id"], "title": c["title"]} for c in children]
        out["createdAt"] = iso(lst["createdAt"])
        out["updatedAt"] = iso(lst["updatedAt"])
        if with_properties:
            out["properties"] = sorted(self.properties_of(lst), key=lambda p: p["displayOrder"])
            del out["children"]  # GET /api/lists/{id} has no children key
        return out

    @staticmethod
    def row_view(row):
        return {"id": row["id"], "listId": row["listId"], "rowData": row["rowData"], "rowNumber": None,
                "createdAt": iso(row["createdAt"]), "updatedAt": iso(row["updatedAt"]),
                "deletedAt": iso(row["deletedAt"]) if row.get("deletedAt") else None}

    @staticmethod
    def folder_view(folder):
        return {"id": folder["id"], "name": folder["name"], "parentId": folder["parentId"]}

    @staticmethod
    def doc_view(doc):
        out = {k: doc[k] for k in ("id", "userId", "folderId", "title", "content", "relativePath",
                                   "isPublic", "contentHash")}
        out["createdAt"] = iso(doc["createdAt"])
        out["updatedAt"] = iso(doc["updatedAt"])
        return out

    def org_view(self, org, viewer=None):
        members = [m for m in self.memberships if m["organizationId"] == org["id"]]
        out = dict(org)
        out["createdAt"] = iso(org["createdAt"])
        out["updatedAt"] = iso(org["updatedAt"])
        out["memberCount"] = len(members)
        if viewer is not None:
            mine = next((m for m in members if m["userId"] == viewer["id"]), None)
            out["role"] = mine["role"] if mine else None
        return out

    def notification_view(self, note):
        out = {k: v for k, v in note.items() if k != "userId"}
        out["createdAt"] = iso(note["createdAt"])
        out["readAt"] = iso(note["readAt"]) if note["readAt"] is not None else None
        return out

    # ------------------------------------------------------------------ auth
    def check_login_rate(self, endpoint, email):
        window = self.options.login_window
        if window is None:
            window = float(self.options.retry_after)
        now = time.monotonic()
        self.login_attempts = [t for t in self.login_attempts if now - t < window]
        limit = self.options.login_limit
        if limit > 0 and len(self.login_attempts) >= limit:
            self.login_log.append({"endpoint": endpoint, "email": email, "outcome": "rate_limited"})
            raise ApiError(429, "Too many login attempts",
                           headers={"Retry-After": str(self.options.retry_after)})
        self.login_attempts.append(now)

    def check_password(self, ctx, endpoint):
        body = self.body(ctx)
        email, password = body.get("email"), body.get("password")
        self.check_login_rate(endpoint, email)
        if not email or not password:
            self.login_log.append({"endpoint": endpoint, "email": email, "outcome": "bad_request"})
            raise ApiError(400, "Email and password are required")
        user = next((u for u in self.users.values() if u["email"] == str(email).strip()), None)
        if user is None or user["password"] != password:
            self.login_log.append({"endpoint": endpoint, "email": email, "outcome": "invalid"})
            raise ApiError(401, "Invalid email or password")
        self.login_log.append({"endpoint": endpoint, "email": email, "outcome": "ok"})
        return user

    def auth_sync_token(self, ctx):
        user = self.check_password(ctx, "sync-token")
        token = secrets.token_hex(32)
        self.tokens[token] = user["id"]
        return Response(200, {"token": token, "message": "Sync token created. Store it in your CLI config."})

    def auth_login(self, ctx):
        user = self.check_password(ctx, "login")
        session = secrets.token_hex(24)
        self.sessions[session] = user["id"]
        body = {"message": "Login successful",
                "user": {k: self.profile(user)[k] for k in ("id", "email", "username", "displayName",
                                                           "avatar", "bio", "theme", "emailVerified",
                                                           "createdAt")}}
        cookie = "%s=%s; Path=/; HttpOnly; SameSite=Lax" % (SESSION_COOKIE, session)
        return Response(200, body, headers=[("Set-Cookie", cookie)])

    def auth_logout(self, ctx):
        # Logout ends cookie sessions only; sync tokens stay valid (revoke them via the admin).
        session = ctx.req.cookies().get(SESSION_COOKIE)
        body = self.body(ctx)
        if session in self.sessions:
            uid = self.sessions.pop(session)
            if body.get("all") is True:
                for sid in [s for s, u in self.sessions.items() if u == uid]:
                    del self.sessions[sid]
        expired = "%s=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" % SESSION_COOKIE
        return Response(200, {"message": "Logged out successfully"}, headers=[("Set-Cookie", expired)])

    # ------------------------------------------------------------------ user
    def user_get(self, ctx):
        return Response(200, {"user": self.profile(ctx.user)})

    def user_update(self, ctx):
        body = self.body(ctx)
        updates = {}
        for key, value in body.items():
            kind = USER_UPDATE_FIELDS.get(key)
            if kind is None:
                continue  # unknown keys (snake_case included) are ignored, as the server does
            if isinstance(value, bool) and kind in (int, (int, float)):
                raise ApiError(400, "Invalid value for %s" % key)
            if not isinstance(value, kind):
                raise ApiError(400, "Invalid value for %s" % key)
            updates[key] = value
        if "maxMessageLength" in updates and not 1 <= updates["maxMessageLength"] <= 10000:
            raise ApiError(400, "maxMessageLength must be between 1 and 10000")
        ctx.user.update(updates)
        return Response(200, {"message": "Profile updated successfully", "user": self.profile(ctx.user)})

    def user_identities(self, ctx):
        items = []
        for ident in self.identities:
            if ident["userId"] == ctx.user["id"]:
                view = {k: v for k, v in ident.items() if k != "userId"}
                view["connectedAt"] = iso(ident["connectedAt"])
                items.append(view)
        return Response(200, {"identities": items})

    def user_orgs(self, ctx):
        orgs = [self.org_view(self.orgs[m["organizationId"]], ctx.user) for m in self.memberships
                if m["userId"] == ctx.user["id"] and m["organizationId"] in self.orgs]
        role = ctx.req.arg("role")
        if role:
            orgs = [o for o in orgs if o["role"] == role]
        return Response(200, {"organizations": orgs})

    def user_orgs_join(self, ctx):
        oid = self.body(ctx).get("organizationId")
        if not oid:
            raise ApiError(400, "Organization ID is required")
        org = self.orgs.get(oid)
        if org is None:
            raise ApiError(404, "Organization not found")
        if not org["isPublic"]:
            raise ApiError(403, "Cannot join private organization. An invitation is required.")
        if self.membership(oid, ctx.user["id"]):
            raise ApiError(409, "User is already a member of this organization")
        member = {"organizationId": oid, "userId": ctx.user["id"], "role": "member", "active": True,
                  "joinedAt": self.now()}
        self.memberships.append(member)
        return Response(201, {"message": "Joined organization successfully",
                              "membership": dict(member, joinedAt=iso(member["joinedAt"]))})

    # ------------------------------------------------------------------ messages
    def follows_approved(self, follower, following):
        return any(f["followerId"] == follower and f["followingId"] == following and
                   f["status"] == "approved" for f in self.follows)

    def visible(self, msg, viewer):
        if msg["scheduledAt"] is not None and msg["scheduledAt"] > int(time.time() * 1000):
            return viewer is not None and viewer["id"] == msg["userId"]  # others' future posts are hidden
        if msg["publiclyVisible"]:
            return True
        if viewer is None:
            return False
        return viewer["id"] == msg["userId"] or self.follows_approved(viewer["id"], msg["userId"])

    def messages_feed(self, ctx):
        limit, offset = self.page(ctx, 50)
        viewer = ctx.user
        only_mine = ctx.req.arg("onlyMine") == "true"
        if only_mine and viewer is None:
            raise ApiError(401, "Unauthorized")
        tag = ctx.req.arg("tag")
        tag = normalize_tag(tag) if tag else None
        items = []
        for msg in self.messages.values():
            if msg["parentId"] is not None or not self.visible(msg, viewer):
                continue
            if only_mine and msg["userId"] != viewer["id"]:
                continue
            if tag and tag not in msg["tags"]:
                continue
            items.append(msg)
        items.sort(key=lambda m: (m["createdAt"], m["id"]), reverse=True)
        window, pagination = self.paginate(items, limit, offset)
        return Response(200, {"messages": [self.message_view(m, viewer) for m in window],
                              "pagination": pagination})

    def messages_create(self, ctx):
        user = ctx.user
        if not user["emailVerified"]:
            raise ApiError(403, "Email not verified. Please verify your email address before posting messages.")
        body = self.body(ctx)
        content = body.get("content")
        if not isinstance(content, str) or not content.strip():
            raise ApiError(400, "Message content is required")
        limit = user["maxMessageLength"] or 666
        if len(content) > limit:
            raise ApiError(400, "Message exceeds maximum length of %d characters" % limit)
        public = body.get("publiclyVisible")
        public = bool(public) if public is not None else user["defaultPubliclyVisible"]
        tags = body.get("tags") or []
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise ApiError(400, "tags must be an array of strings")
        tags = list(dict.fromkeys([normalize_tag(t) for t in tags if normalize_tag(t)] +
                                  [normalize_tag(t) for t in re.findall(r"#(\w+)", content)]))
        parent = body.get("parentId")
        if blank(parent):
            parent = None
        elif parent not in self.messages:
            raise ApiError(404, "Parent message not found")
        scheduled = body.get("scheduledAt")
        if scheduled is not None:
            scheduled = parse_iso(scheduled) if isinstance(scheduled, str) else None
            if scheduled is None:
                raise ApiError(400, "scheduledAt must be an ISO 8601 date")
            if scheduled <= int(time.time() * 1000):
                raise ApiError(400, "Scheduled time must be in the future")
            if not user["customerStatus"].startswith("subscriber"):
                raise ApiError(403, "Scheduling posts requires a subscription")
        mid = self.next_id("m")
        msg = self.make_message(mid, user["id"], content.strip(), public, tags, parent, self.now(), scheduled)
        self.messages[mid] = msg
        out = {"message": "Message scheduled successfully" if scheduled else "Message created successfully",
               "data": self.message_view(msg, user)}
        if scheduled:
            out["scheduledAt"] = iso(scheduled)
        return Response(201, out)

    def find_message(self, ctx):
        msg = self.messages.get(ctx.params["id"])
        if msg is None:
            raise ApiError(404, "Message not found")
        return msg

    def message_get(self, ctx):
        msg = self.find_message(ctx)
        viewer = ctx.user
        if not (msg["publiclyVisible"] or (viewer and viewer["id"] == msg["userId"])):
            raise ApiError(404, "Message not found")
        return Response(200, self.message_view(msg, viewer))

    def message_patch(self, ctx):
        msg = self.find_message(ctx)
        if msg["userId"] != ctx.user["id"]:
            raise ApiError(403, "You can only edit your own messages")
        if msg["scheduledAt"] is None or msg["scheduledAt"] <= int(time.time() * 1000):
            raise ApiError(400, "Only scheduled messages that have not been published can be edited")
        body = self.body(ctx)
        if "scheduledAt" in body:
            stamp = parse_iso(body["scheduledAt"]) if isinstance(body["scheduledAt"], str) else None
            if stamp is None:
                raise ApiError(400, "scheduledAt must be an ISO 8601 date")
            msg["scheduledAt"] = stamp
        msg["updatedAt"] = self.now()
        return Response(200, {"message": "Scheduled message updated", "data": self.message_view(msg, ctx.user)})

    def message_delete(self, ctx):
        msg = self.find_message(ctx)
        if msg["userId"] != ctx.user["id"]:
            raise ApiError(403, "You can only delete your own messages")
        doomed, frontier = set(), {msg["id"]}
        while frontier:
            doomed |= frontier
            frontier = {m["id"] for m in self.messages.values() if m["parentId"] in frontier} - doomed
        for mid in doomed:
            del self.messages[mid]
        self.digs = {d for d in self.digs if d[1] not in doomed}
        return Response(200, {"message": "Message deleted successfully"})

    def message_dig(self, ctx):
        msg = self.find_message(ctx)
        key = (ctx.user["id"], msg["id"])
        new = key not in self.digs
        self.digs.add(key)
        count = sum(1 for d in self.digs if d[1] == msg["id"])
        return Response(200, {"digCount": count, "dugByMe": True, "isNewDig": new, "digCreatedAt": iso(self.now())})

    def message_undig(self, ctx):
        msg = self.find_message(ctx)
        if (ctx.user["id"], msg["id"]) not in self.digs:
            raise ApiError(404, "Dig not found")
        self.digs.discard((ctx.user["id"], msg["id"]))
        return Response(200, {"digCount": sum(1 for d in self.digs if d[1] == msg["id"]), "dugByMe": False,
                              "isNewDig": False})

    # ------------------------------------------------------------------ lists
    def properties_of(self, lst):
        return [p for p in self.properties.values() if p["listId"] == lst["id"]]

    def set_schema(self, lst, schema):
        """Replaces the list's properties with the DSL object's (400 `Invalid schema: …`)."""
        try:
            validate_dsl(schema)
        except SchemaError as err:
            raise ApiError(400, "Invalid schema: %s" % err)
        for pid in [p["id"] for p in self.properties_of(lst)]:
            del self.properties[pid]
        for prop in parse_dsl(schema, lst["id"], self.next_id):
            self.properties[prop["id"]] = prop

    def validate_row(self, lst, data):
        errors = validate_form(self.properties_of(lst), data)
        if errors:
            raise ApiError(400, "Validation failed", details=errors)

    def owned_list(self, ctx, key="id"):
        lst = self.lists.get(ctx.params[key])
        if lst is None or lst["deleted"] or lst["userId"] != ctx.user["id"]:
            raise ApiError(404, "List not found")
        return lst

    def would_cycle(self, list_id, parent_id):
        if parent_id == list_id:
            return False  # ⚠ quirk: validateParentRelationship allows a self-reference
        seen, current = set(), parent_id
        while current is not None and current != "":
            if current == list_id or current in seen:
                return True
            seen.add(current)
            parent = self.lists.get(current)
            current = parent["parentId"] if parent else None
        return False

    def check_list_parent(self, ctx, parent, list_id=None):
        # "" is an id to look up (→ 404), not the root: only null means the root.
        if parent is None:
            return None
        if not isinstance(parent, str):
            raise ApiError(400, "Invalid parentId")
        target = self.lists.get(parent)
        if target is None or target["deleted"] or target["userId"] != ctx.user["id"]:
            raise ApiError(404, "Parent list not found or access denied")
        if list_id is not None and self.would_cycle(list_id, parent):
            raise ApiError(400, "Setting this parent would create a circular reference")
        return parent

    def check_list_folder(self, ctx, folder):
        if folder is None:
            return None
        if not isinstance(folder, str):
            raise ApiError(400, "Invalid folderId")
        target = self.list_folders.get(folder)
        if target is None or target.get("deleted") or target["userId"] != ctx.user["id"]:
            raise ApiError(404, "Folder not found or access denied")
        return folder

    def lists_get(self, ctx):
        limit, offset = self.page(ctx, 50, LIST_PAGE_CAP)
        if ctx.req.arg("page"):
            offset = (max(int(ctx.req.arg("page")), 1) - 1) * limit
        mine = [lst for lst in self.lists.values() if lst["userId"] == ctx.user["id"] and not lst["deleted"]]
        mine.sort(key=lambda x: (x["createdAt"], x["id"]), reverse=True)
        window, pagination = self.paginate(mine, limit, offset)
        children = {}
        for lst in mine:
            if not blank(lst["parentId"]):
                children.setdefault(lst["parentId"], []).append(lst)
        return Response(200, {"lists": [self.list_view(x, children) for x in window], "pagination": pagination})

    def lists_create(self, ctx):
        if not ctx.user["customerStatus"].startswith("subscriber"):
            raise ApiError(403, "Subscribe to create lists.")
        body = self.body(ctx)
        title = body.get("title")
        if not isinstance(title, str) or not title.strip():
            raise ApiError(400, "Title is required")
        parent = self.check_list_parent(ctx, body.get("parentId"))
        schema = body.get("schema")
        if schema is not None:
            try:
                validate_dsl(schema)
            except SchemaError as err:
                raise ApiError(400, "Invalid schema: %s" % err)
        if "folderId" in body:
            self.ignored_folder_ids.append({"method": "POST", "path": ctx.req.path, "via": "body",
                                            "folderId": body["folderId"], "documentId": None})
        description = body.get("description")
        description = description.strip() or None if isinstance(description, str) else None
        lid = self.next_id("l")
        lst = self.make_list(lid, ctx.user["id"], title.strip(), description, body.get("isPublic") is True,
                             parent, None, schema, self.now())
        self.lists[lid] = lst
        return Response(201, {"message": "List created successfully", "data": self.list_view(lst, with_properties=True)})

    def list_get(self, ctx):
        return Response(200, {"data": self.list_view(self.owned_list(ctx), with_properties=True)})

    def list_put(self, ctx):
        lst = self.owned_list(ctx)
        body = self.body(ctx)
        if "title" in body and not isinstance(body["title"], str):
            raise ApiError(500, "Internal server error")  # title.trim() on a non-string throws
        if "parentId" in body:
            lst_parent = self.check_list_parent(ctx, body["parentId"], lst["id"])
        if "folderId" in body:
            lst_folder = self.check_list_folder(ctx, body["folderId"])
        if "title" in body:
            lst["title"] = body["title"].strip()  # an empty title is accepted
        if "description" in body:
            lst["description"] = body["description"] if isinstance(body["description"], str) and body["description"] else None
        if "isPublic" in body:
            lst["isPublic"] = body["isPublic"] is True
        if "parentId" in body:
            lst["parentId"] = lst_parent
        if "folderId" in body:
            lst["folderId"] = lst_folder
        if "metadata" in body:
            lst["metadata"] = body["metadata"]
        lst["updatedAt"] = self.now()
        return Response(200, {"message": "List updated successfully", "data": self.list_view(lst, with_properties=True)})

    def list_delete(self, ctx):
        # A hard delete, with its properties and rows; children go to the root.
        lst = self.owned_list(ctx)
        del self.lists[lst["id"]]
        for rid in [r for r, row in self.rows.items() if row["listId"] == lst["id"]]:
            del self.rows[rid]
        for pid in [p["id"] for p in self.properties_of(lst)]:
            del self.properties[pid]
        for child in self.lists.values():
            if child["parentId"] == lst["id"]:
                child["parentId"] = None
        return Response(200, {"message": "List deleted successfully"})

    def lists_search(self, ctx):
        query = (ctx.req.arg("q") or "").strip()
        if not query:
            raise ApiError(400, "Search query is required")
        if len(query) > 200:
            raise ApiError(400, "Search query is too long")
        limit, offset = self.page(ctx, 20)
        if limit > 100:
            raise ApiError(400, "limit must be at most 100")
        needle = query.lower()
        found = [x for x in self.lists.values() if x["userId"] == ctx.user["id"] and not x["deleted"] and
                 (needle in x["title"].lower() or needle in (x["description"] or "").lower())]
        found.sort(key=lambda x: (x["updatedAt"], x["id"]), reverse=True)
        window = found[offset:offset + limit]
        items = [{"id": x["id"], "title": x["title"], "description": x["description"], "isPublic": x["isPublic"],
                  "folderId": x["folderId"], "createdAt": iso(x["createdAt"]), "updatedAt": iso(x["updatedAt"]),
                  "itemCount": sum(1 for r in self.rows.values() if r["listId"] == x["id"])} for x in window]
        return Response(200, {"lists": items, "pagination": {
            "total": len(found), "limit": limit, "offset": offset, "hasMore": offset + len(window) < len(found)}})

    # ------------------------------------------------------------------ list schema
    def schema_get(self, ctx):
        lst = self.owned_list(ctx)
        return Response(200, {"data": to_dsl(lst["title"], lst["description"], self.properties_of(lst))})

    def schema_put(self, ctx):
        lst = self.lists.get(ctx.params["id"])
        body = self.body(ctx)
        if "properties" in body and "schema" not in body:
            if lst is None or lst["deleted"]:
                raise ApiError(404, "List not found")
            if lst["userId"] != ctx.user["id"]:
                raise ApiError(403, "Forbidden")  # the one owner check that says 403
            return self.schema_put_properties(ctx, lst, body["properties"])
        if lst is None or lst["deleted"] or lst["userId"] != ctx.user["id"]:
            raise ApiError(404, "List not found")
        schema = body.get("schema")
        if schema is None:
            raise ApiError(400, "Schema is required")
        self.set_schema(lst, schema)
        # The destructive path overwrites the list's title and description with the schema's.
        lst["title"] = schema["name"]
        lst["description"] = schema.get("description")
        if "parentId" in body:
            lst["parentId"] = self.check_list_parent(ctx, body["parentId"], lst["id"])
        if "isPublic" in body:
            lst["isPublic"] = body["isPublic"] is True
        lst["updatedAt"] = self.now()
        return Response(200, {"message": "Schema updated successfully", "data": self.list_view(lst, with_properties=True)})

    def schema_put_properties(self, ctx, lst, items):
        problem = check_property_edit(items)
        if problem:
            raise ApiError(400, problem)
        existing = {p["id"]: p for p in self.properties_of(lst)}
        for item in items:
            pid = item.get("id")
            if pid is None:
                continue
            if pid not in existing:
                raise ApiError(400, "Property %s does not belong to this list" % pid)
            if existing[pid]["propertyKey"] != item["propertyKey"]:
                raise ApiError(400, "propertyKey cannot be changed (property %s)" % pid)
        kept = {item.get("id") for item in items if item.get("id")}
        removed = [p for pid, p in existing.items() if pid not in kept]
        live = [r for r in self.rows.values() if r["listId"] == lst["id"] and not r["deleted"]]
        with_data = [p["propertyKey"] for p in removed if any(not empty(r["rowData"].get(p["propertyKey"])) for r in live)]
        if with_data and ctx.req.arg("force") != "true":
            return Response(409, {"error": "Some removed properties still hold data; pass force=true to delete them",
                                  "propertiesWithData": with_data})
        for prop in removed:
            del self.properties[prop["id"]]
            for row in self.rows.values():
                if row["listId"] == lst["id"]:
                    row["rowData"].pop(prop["propertyKey"], None)
        for order, item in enumerate(items):
            prop = existing.get(item.get("id")) or {
                "id": self.next_id("p"), "listId": lst["id"], "propertyKey": item["propertyKey"],
                "validationRules": None, "visibilityCondition": None}
            prop.update({"propertyName": item["propertyName"], "propertyType": item["propertyType"],
                         "displayOrder": order, "isRequired": item.get("isRequired") is True,
                         "isVisible": item.get("isVisible") is not False,
                         "defaultValue": item.get("defaultValue"),  # raw here, unlike the DSL path
                         "helpText": item.get("helpText"), "placeholder": item.get("placeholder")})
            self.properties[prop["id"]] = prop
        lst["updatedAt"] = self.now()
        return Response(200, {"properties": sorted(self.properties_of(lst), key=lambda p: p["displayOrder"])})

    # ------------------------------------------------------------------ rows
    ROW_PAGING = {"limit", "offset", "page", "sort", "order"}

    def rows_get(self, ctx):
        lst = self.owned_list(ctx)
        limit, offset = self.page(ctx, 100, LIST_PAGE_CAP)
        if ctx.req.arg("page"):
            offset = (max(int(ctx.req.arg("page")), 1) - 1) * limit
        # Every other query parameter is a filter: rowData[param] must be a string containing it.
        filters = [(k, ctx.req.arg(k)) for k in ctx.req.query if k not in self.ROW_PAGING]
        rows = [r for r in self.rows.values() if r["listId"] == lst["id"] and not r["deleted"]
                and all(isinstance(r["rowData"].get(k), str) and v in r["rowData"][k] for k, v in filters)]
        # ⚠ quirk: the sort field is ignored; createdAt desc, or `order` (default asc) once sort is given.
        descending = ctx.req.arg("order", "asc") == "desc" if ctx.req.arg("sort") else True
        rows.sort(key=lambda r: (r["createdAt"], r["id"]), reverse=descending)
        window, pagination = self.paginate(rows, limit, offset)
        return Response(200, {"rows": [self.row_view(r) for r in window], "pagination": pagination})

    def new_row(self, list_id, data):
        rid = self.next_id("r")
        stamp = self.now()
        self.rows[rid] = {"id": rid, "listId": list_id, "rowData": data, "rowNumber": None,
                          "createdAt": stamp, "updatedAt": stamp, "deleted": False}
        return self.rows[rid]

    def rows_create(self, ctx):
        lst = self.owned_list(ctx)
        body = self.body(ctx)
        data = body.get("data")
        if body.get("bulk") and isinstance(data, list):
            if len(data) > LIST_PAGE_CAP:
                raise ApiError(500, "Internal server error")  # the limit error is not mapped to a 4xx
            for item in data:
                if not isinstance(item, dict):
                    raise ApiError(400, "Data is required")
                self.validate_row(lst, item)  # the first bad row's details, with no index
            for item in data:
                self.new_row(lst["id"], item)
            self.bulk_requests.append(len(data))
            return Response(201, {"message": "%d rows created successfully" % len(data), "count": len(data)})
        if not isinstance(data, dict):
            raise ApiError(400, "Data is required")
        self.validate_row(lst, data)
        row = self.new_row(lst["id"], data)
        return Response(201, {"message": "Row created successfully", "data": self.row_view(row)})

    def owned_row(self, ctx):
        lst = self.owned_list(ctx)
        row = self.rows.get(ctx.params["rowId"])
        if row is None or row["listId"] != lst["id"] or row["deleted"]:
            raise ApiError(404, "Row not found")
        return lst, row

    def row_get(self, ctx):
        return Response(200, {"data": self.row_view(self.owned_row(ctx)[1])})

    def row_put(self, ctx):
        lst = self.owned_list(ctx)
        data = self.body(ctx).get("data")
        if not isinstance(data, dict):
            raise ApiError(400, "Data is required")
        self.validate_row(lst, data)
        # ⚠ quirk: keyed on rowId only; a missing row is an uncaught Prisma error → 500.
        row = self.rows.get(ctx.params["rowId"])
        if row is None:
            raise ApiError(500, "Internal server error")
        row["rowData"] = data  # replaced whole, never merged
        row["updatedAt"] = self.now()
        return Response(200, {"message": "Row updated successfully", "data": self.row_view(row)})

    def row_delete(self, ctx):
        lst = self.owned_list(ctx)
        row = self.rows.get(ctx.params["rowId"])
        if row is not None and row["listId"] == lst["id"] and not row["deleted"]:
            row["deleted"] = True  # soft delete, idempotent
            row["deletedAt"] = self.now()
        return Response(200, {"message": "Row deleted successfully"})

    # ------------------------------------------------------------------ list folders
    def folder_would_cycle(self, folders, folder_id, parent_id):
        seen, current = set(), parent_id
        while not blank(current):
            if current == folder_id or current in seen:
                return True
            seen.add(current)
            parent = folders.get(current)
            current = parent["parentId"] if parent else None
        return False

    def owned_folder(self, folders, ctx, message="Folder not found"):
        folder = folders.get(ctx.params["id"])
        if folder is None or folder.get("deleted") or folder["userId"] != ctx.user["id"]:
            raise ApiError(404, message)
        return folder

    def folder_parent(self, folders, ctx, parent, folder_id=None, blank_is_root=False):
        if parent is None or (blank_is_root and parent == ""):
            return None
        target = folders.get(parent) if isinstance(parent, str) else None
        if target is None or target.get("deleted") or target["userId"] != ctx.user["id"]:
            raise ApiError(404, "Parent folder not found")
        if folder_id is not None and self.folder_would_cycle(folders, folder_id, parent):
            raise ApiError(400, "Cannot move a folder into itself or one of its descendants")
        return parent

    def lfolder_name_taken(self, uid, parent, name, except_id=None):
        # The unique key (userId, parentId, name) counts soft-deleted folders too; NULL parents are distinct.
        if blank(parent):
            return any(f["userId"] == uid and blank(f["parentId"]) and f["name"] == name and not f.get("deleted")
                       and f["id"] != except_id for f in self.list_folders.values())
        return any(f["userId"] == uid and f["parentId"] == parent and f["name"] == name and f["id"] != except_id
                   for f in self.list_folders.values())

    def lfolders_get(self, ctx):
        mine = [f for f in self.list_folders.values() if f["userId"] == ctx.user["id"] and not f.get("deleted")]
        mine.sort(key=lambda f: (f["name"], f["id"]))
        return Response(200, {"folders": [self.folder_view(f) for f in mine]})

    def lfolders_create(self, ctx):
        if not ctx.user["customerStatus"].startswith("subscriber"):
            raise ApiError(403, "Subscribe to create folders.")
        body = self.body(ctx)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ApiError(400, "Folder name is required")
        if len(name.strip()) > 80:
            raise ApiError(400, "Folder name must be at most 80 characters")
        parent = self.folder_parent(self.list_folders, ctx, body.get("parentId"))
        if self.lfolder_name_taken(ctx.user["id"], parent, name.strip()):
            raise ApiError(409, "A folder with that name already exists here")
        fid = self.next_id("lf")
        stamp = self.now()
        self.list_folders[fid] = {"id": fid, "name": name.strip(), "parentId": parent,
                                  "userId": ctx.user["id"], "createdAt": stamp, "updatedAt": stamp}
        return Response(201, {"message": "Folder created successfully",
                              "folder": self.folder_view(self.list_folders[fid])})

    def lfolder_put(self, ctx):
        folder = self.owned_folder(self.list_folders, ctx)
        body = self.body(ctx)
        if "name" in body and (not isinstance(body["name"], str) or not body["name"].strip()):
            raise ApiError(400, "Folder name is required")
        if "parentId" in body and body["parentId"] == folder["id"]:
            raise ApiError(400, "A folder cannot be its own parent")
        parent = self.folder_parent(self.list_folders, ctx, body["parentId"], folder["id"]) \
            if "parentId" in body else folder["parentId"]
        name = body["name"].strip() if "name" in body else folder["name"]
        if self.lfolder_name_taken(ctx.user["id"], parent, name, except_id=folder["id"]):
            raise ApiError(409, "A folder with that name already exists here")
        folder["parentId"], folder["name"] = parent, name
        folder["updatedAt"] = self.now()
        return Response(200, {"message": "Folder updated successfully", "folder": self.folder_view(folder)})

    def lfolder_delete(self, ctx):
        # Soft-deletes the folder and every descendant; their lists move to the root.
        folder = self.owned_folder(self.list_folders, ctx)
        doomed, frontier = set(), {folder["id"]}
        while frontier:
            doomed |= frontier
            frontier = {f["id"] for f in self.list_folders.values()
                        if f["parentId"] in frontier and not f.get("deleted")} - doomed
        for fid in doomed:
            self.list_folders[fid]["deleted"] = True
        for lst in self.lists.values():
            if lst["folderId"] in doomed:
                lst["folderId"] = None
        return Response(200, {"message": "Folder deleted successfully"})

    # ------------------------------------------------------------------ documents
    def user_docs(self, uid):
        return [d for d in self.documents.values() if d["userId"] == uid and not d["deleted"]]

    def take_write_quirk(self):
        """The injected outcome of this document write: "failWrites", "silentWrites" or None."""
        for name in ("failWrites", "silentWrites"):
            left = self.doc_quirks.get(name, 0)
            if left > 0:
                if left == 1:
                    del self.doc_quirks[name]
                else:
                    self.doc_quirks[name] = left - 1
                return name
        return None

    def post_document(self, uid, folder, body):
        """A POST of a document (root or folder route), through the write quirks."""
        quirk = self.take_write_quirk()
        if quirk == "failWrites":
            raise ApiError(500, "Internal server error")
        if quirk == "silentWrites":
            # ⚠ quirk (injected): a 201 for a row never written; its fresh id stays unknown (GET -> 404).
            return self.build_document(uid, folder, body)
        return self.create_document(uid, folder, body)

    def docs_root(self, ctx):
        if "folderId" in ctx.req.query:
            self.ignored_folder_ids.append({"method": "GET", "path": ctx.req.path, "via": "query",
                                            "folderId": ctx.req.arg("folderId"), "documentId": None})
        docs = sorted((d for d in self.user_docs(ctx.user["id"]) if d["folderId"] is None),
                      key=lambda d: d["relativePath"])
        return Response(200, {"documents": [self.doc_view(d) for d in docs]})

    def docs_create_root(self, ctx):
        body = self.body(ctx)
        ignored = []
        if "folderId" in body:
            ignored.append({"method": "POST", "path": ctx.req.path, "via": "body",
                            "folderId": body["folderId"], "documentId": None})
        if "folderId" in ctx.req.query:
            ignored.append({"method": "POST", "path": ctx.req.path, "via": "query",
                            "folderId": ctx.req.arg("folderId"), "documentId": None})
        # Recorded first so that a failed write still shows the folderId the client sent.
        self.ignored_folder_ids.extend(ignored)
        doc = self.post_document(ctx.user["id"], None, body)
        for entry in ignored:
            entry["documentId"] = doc["id"]
        return Response(201, {"message": "Document created successfully", "document": self.doc_view(doc)})

    def dfolders_get(self, ctx):
        by_folder = {}
        for doc in self.user_docs(ctx.user["id"]):
            by_folder.setdefault(doc["folderId"], []).append(
                {"id": doc["id"], "title": doc["title"], "relativePath": doc["relativePath"]})
        out = []
        for folder in self.live_dfolders(ctx.user["id"]):
            view = self.folder_view(folder)
            view["documents"] = by_folder.get(folder["id"], [])
            out.append(view)
        return Response(200, {"folders": out})

    def dfolders_create(self, ctx):
        body = self.body(ctx)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ApiError(400, "Folder name is required")
        parent = self.folder_parent(self.doc_folders, ctx, body.get("parentId"))
        if self.dfolder_name_taken(ctx.user["id"], parent, name.strip()):
            raise UniqueViolation()  # ⚠ quirk: no duplicate check, the P2002 is not caught
        folder = self.new_dfolder(ctx.user["id"], name.strip(), parent)
        return Response(201, {"message": "Folder created successfully", "folder": self.folder_view(folder)})

    def dfolder_get(self, ctx):
        folder = self.owned_folder(self.doc_folders, ctx)
        view = self.folder_view(folder)
        view["children"] = [self.folder_view(f) for f in self.live_dfolders(ctx.user["id"])
                            if f["parentId"] == folder["id"]]
        view["documents"] = [self.doc_view(d) for d in self.user_docs(ctx.user["id"])
                             if d["folderId"] == folder["id"]]
        return Response(200, {"folder": view})

    def dfolder_put(self, ctx):
        folder = self.owned_folder(self.doc_folders, ctx)
        body = self.body(ctx)
        if "name" in body and (not isinstance(body["name"], str) or not body["name"].strip()):
            raise ApiError(400, "Folder name is required")
        parent = self.folder_parent(self.doc_folders, ctx, body["parentId"], folder["id"], blank_is_root=True) \
            if "parentId" in body else folder["parentId"]
        name = body["name"].strip() if "name" in body else folder["name"]
        if self.dfolder_name_taken(folder["userId"], parent, name, except_id=folder["id"]):
            raise ApiError(409, "A folder with that name already exists here")
        folder["parentId"], folder["name"] = parent, name
        folder["updatedAt"] = self.now()
        return Response(200, {"message": "Folder updated successfully", "folder": self.folder_view(folder)})

    def delete_dfolder_tree(self, folder):
        """The REST delete: the folder, its descendants and all their documents, soft-deleted."""
        doomed, frontier = set(), {folder["id"]}
        while frontier:
            doomed |= frontier
            frontier = {f["id"] for f in self.doc_folders.values() if f["parentId"] in frontier} - doomed
        stamp = self.now()
        for fid in doomed:
            if not self.doc_folders[fid].get("deleted"):
                self.soft_delete(self.doc_folders[fid], stamp)
        for doc in self.documents.values():
            if doc["folderId"] in doomed and not doc["deleted"]:
                self.soft_delete(doc, stamp)  # keeps its (folderId, relativePath) key

    def dfolder_delete(self, ctx):
        self.delete_dfolder_tree(self.owned_folder(self.doc_folders, ctx))
        return Response(200, {"message": "Folder deleted successfully"})

    def dfolder_docs(self, ctx):
        folder = self.owned_folder(self.doc_folders, ctx)
        docs = sorted((d for d in self.user_docs(ctx.user["id"]) if d["folderId"] == folder["id"]),
                      key=lambda d: d["relativePath"])
        return Response(200, {"documents": [self.doc_view(d) for d in docs]})

    def dfolder_docs_create(self, ctx):
        folder = self.owned_folder(self.doc_folders, ctx)
        doc = self.post_document(ctx.user["id"], folder["id"], self.body(ctx))
        return Response(201, {"message": "Document created successfully", "document": self.doc_view(doc)})

    def find_doc(self, ctx, owner_only=True):
        doc = self.documents.get(ctx.params["id"])
        if doc is None or doc["deleted"]:
            raise ApiError(404, "Document not found")
        mine = ctx.user is not None and doc["userId"] == ctx.user["id"]
        if not mine and (owner_only or not doc["isPublic"]):
            raise ApiError(404, "Document not found")
        return doc

    def doc_get(self, ctx):
        return Response(200, {"document": self.doc_view(self.find_doc(ctx, owner_only=False))})

    def doc_update(self, ctx):
        doc = self.find_doc(ctx)
        body = self.body(ctx)
        changes = {}
        if "folderId" in body:
            folder = body["folderId"]
            if blank(folder):
                changes["folderId"] = None
            else:
                target = self.doc_folders.get(folder) if isinstance(folder, str) else None
                if target is None or target.get("deleted") or target["userId"] != ctx.user["id"]:
                    raise ApiError(403, "Folder not found or access denied")
                changes["folderId"] = folder
        if isinstance(body.get("title"), str):
            changes["title"] = body["title"].strip()
        if "isPublic" in body:
            changes["isPublic"] = body["isPublic"] is True
        if isinstance(body.get("content"), str):
            changes["content"] = body["content"]
            changes["contentHash"] = content_hash(body["content"])
        quirk = self.take_write_quirk()
        if quirk == "failWrites":
            raise ApiError(500, "Internal server error")
        changes["updatedAt"] = self.now()
        if quirk == "silentWrites":
            # ⚠ quirk (injected): the answer echoes the update, the row is left as it was.
            return Response(200, {"message": "Document updated successfully",
                                  "document": self.doc_view(dict(doc, **changes))})
        if "folderId" in changes and self.path_taken(changes["folderId"], doc["relativePath"], doc["id"]):
            raise UniqueViolation()  # ⚠ quirk: moving onto a taken (folderId, relativePath), even a deleted one
        if "folderId" in changes:
            self.move_document(doc, changes.pop("folderId"))
        doc.update(changes)
        return Response(200, {"message": "Document updated successfully", "document": self.doc_view(doc)})

    def doc_delete(self, ctx):
        self.soft_delete(self.find_doc(ctx), self.now())
        return Response(200, {"message": "Document deleted successfully"})

    def docs_sync_get(self, ctx):
        throttle = self.doc_quirks.get("throttleSync")
        if throttle:
            # ⚠ quirk (injected): the real server never throttles sync; a client's 429 path is tested here.
            throttle["count"] -= 1
            if throttle["count"] <= 0:
                del self.doc_quirks["throttleSync"]
            raise ApiError(429, "Too many requests", headers={"Retry-After": str(throttle["retryAfter"])})
        since = ctx.req.arg("lastSyncAt")
        since = parse_iso(since) if since else None
        uid = ctx.user["id"]
        folders = [f for f in self.live_dfolders(uid) if since is None or f["updatedAt"] > since]
        folders.sort(key=lambda f: (f["parentId"] or "", f["name"]))
        docs = [d for d in self.user_docs(uid) if since is None or d["updatedAt"] > since]
        docs.sort(key=lambda d: d["updatedAt"])
        body = {"folders": [dict(self.folder_view(f), userId=f["userId"], createdAt=iso(f["createdAt"]),
                                 updatedAt=iso(f["updatedAt"])) for f in folders],
                "documents": [self.doc_view(d) for d in docs]}
        race = self.doc_quirks.pop("race", None)
        if race is not None:
            # ⚠ quirk: a write that commits after the queries but before lastSyncAt is taken is in neither
            # this answer nor the next delta (its updatedAt is older than the cursor handed out).
            try:
                self.apply_doc_op(race)
            except ApiError:
                pass
        body["lastSyncAt"] = iso(self.now())
        return Response(200, body)

    def docs_sync_post(self, ctx):
        operations = self.body(ctx).get("operations")
        if not isinstance(operations, list):
            raise ApiError(400, "operations must be an array")
        uid = ctx.user["id"]
        for op in operations:
            if not isinstance(op, dict) or not op.get("op") or not op.get("type"):
                continue  # the server skips malformed operations instead of failing the batch
            kind, data = op.get("op"), op.get("data") if isinstance(op.get("data"), dict) else {}
            if op["type"] == "folder" and kind == "create" and isinstance(op.get("path"), str):
                self.sync_create_folder(uid, op["path"], data.get("id"))
            elif op["type"] == "folder" and kind == "delete" and data.get("id"):
                folder = self.doc_folders.get(data["id"])
                if folder is not None and folder["userId"] == uid:
                    self.soft_delete(folder, self.now())  # ⚠ quirk: no cascade, children become orphans
            elif op["type"] == "document" and kind in ("create", "update"):
                self.sync_upsert_document(uid, data)
            elif op["type"] == "document" and kind == "delete" and data.get("id"):
                doc = self.documents.get(data["id"])
                if doc is not None and doc["userId"] == uid:
                    self.soft_delete(doc, self.now())
        return Response(200, {"lastSyncAt": iso(self.now())})

    def sync_create_folder(self, uid, path, wanted_id):
        """Creates the last segment of `path` under the deepest existing ancestor, once."""
        parts = [p for p in path.split("/") if p]
        if not parts:
            return
        live = self.live_dfolders(uid)
        parent = None
        for part in parts[:-1]:
            found = next((f for f in live if f["name"] == part and (f["parentId"] or None) == parent), None)
            if found is None:
                break
            parent = found["id"]
        if any(f["name"] == parts[-1] and (f["parentId"] or None) == parent for f in live):
            return
        if self.dfolder_name_taken(uid, parent, parts[-1]):
            return  # ⚠ quirk: a deleted namesake still holds the unique key; the op is dropped
        fid = wanted_id if isinstance(wanted_id, str) and wanted_id not in self.doc_folders else None
        self.new_dfolder(uid, parts[-1], parent, fid=fid)

    def sync_folder_ok(self, folder):
        # ⚠ quirk: folderId is not validated; one that is no folder row at all (deleted rows still
        # are) fails the foreign key, and the op is dropped.
        return folder is None or (isinstance(folder, str) and folder in self.doc_folders)

    def sync_upsert_document(self, uid, data):
        did, relative = data.get("id"), data.get("relativePath")
        if not isinstance(did, str) or not did or not isinstance(relative, str) or not relative:
            return
        folder = None if blank(data.get("folderId")) else data.get("folderId")
        doc = self.documents.get(did)
        if doc is None:
            if not self.sync_folder_ok(folder) or self.path_taken(folder, relative):
                return  # ⚠ quirk: the create fails on the FK or the unique key and is silently dropped
            content = data.get("content") if isinstance(data.get("content"), str) else ""
            stamp = self.now()
            self.store_document({
                "id": did, "userId": uid, "folderId": folder,
                "title": data.get("title") or re.sub(r"\.md$", "", relative), "content": content,
                "relativePath": relative, "isPublic": data.get("isPublic") is True,
                "contentHash": content_hash(content),
                "createdAt": stamp, "updatedAt": stamp, "deleted": False})
            return
        if doc["userId"] != uid:
            return
        if "folderId" in data and (not self.sync_folder_ok(folder) or
                                   self.path_taken(folder, doc["relativePath"], doc["id"])):
            return  # the one UPDATE fails as a whole: no field of the op is applied
        if "title" in data:
            doc["title"] = data["title"]
        if isinstance(data.get("content"), str):
            self.set_content(doc, data["content"])
        if "folderId" in data:
            self.move_document(doc, folder)
        if "isPublic" in data:
            doc["isPublic"] = data["isPublic"] is True
        doc["updatedAt"] = self.now()

    # ------------------------------------------------------------------ follow
    def target_user(self, ctx):
        uid = ctx.params["userId"]
        if uid not in self.users:
            raise ApiError(404, "User not found")
        return self.users[uid]

    def find_follow(self, follower, following):
        return next((f for f in self.follows if f["followerId"] == follower and f["followingId"] == following), None)

    @staticmethod
    def follow_view(follow):
        return dict(follow, createdAt=iso(follow["createdAt"]), updatedAt=iso(follow["updatedAt"]))

    def follow(self, ctx):
        target = self.target_user(ctx)
        if target["id"] == ctx.user["id"]:
            raise ApiError(400, "You cannot follow yourself")
        existing = self.find_follow(ctx.user["id"], target["id"])
        if existing:
            return Response(201, {"follow": self.follow_view(existing)})  # 201 even when it existed
        status = "pending" if target["isPrivateAccount"] else "approved"
        follow = self.add_follow(ctx.user["id"], target["id"], status, self.now())
        title = "%s %s" % (ctx.user["displayName"],
                           "asked to follow you" if status == "pending" else "followed you")
        self.add_notification(target["id"], title, "follow_request" if status == "pending" else "follow",
                              metadata={"followerId": ctx.user["id"]})
        return Response(201, {"follow": self.follow_view(follow)})

    def unfollow(self, ctx):
        target = self.target_user(ctx)
        follow = self.find_follow(ctx.user["id"], target["id"])
        if follow is None:
            raise ApiError(404, "Follow relationship not found")
        self.follows.remove(follow)
        return Response(200, {"message": "Unfollowed successfully"})

    def follow_status(self, ctx):
        target = self.target_user(ctx)
        follow = self.find_follow(ctx.user["id"], target["id"])
        status = follow["status"] if follow else None
        return Response(200, {"status": status, "isFollowing": status == "approved",
                              "isPending": status == "pending"})

    def people(self, ctx, key, side):
        target = self.target_user(ctx)
        limit, offset = self.page(ctx, 50)
        if not 1 <= limit <= 100:
            raise ApiError(400, "limit must be between 1 and 100")
        wanted = ctx.req.arg("status")
        other = "followerId" if side == "followingId" else "followingId"
        # Default: both statuses, so pending requesters are included.
        rows = sorted((f for f in self.follows if f[side] == target["id"] and (wanted is None or f["status"] == wanted)),
                      key=lambda f: f["createdAt"], reverse=True)
        window, pagination = self.paginate(rows, limit, offset)
        items = [dict(self.public_user(f[other]), followId=f["id"], status=f["status"],
                      createdAt=iso(f["createdAt"])) for f in window]
        return Response(200, {key: items, "pagination": pagination})

    def followers(self, ctx):
        return self.people(ctx, "followers", "followingId")

    def following(self, ctx):
        return self.people(ctx, "following", "followerId")

    def follow_counts(self, ctx):
        approved = [f for f in self.follows if f["status"] == "approved"]
        uid = ctx.params["userId"]  # an unknown id answers zeros, not 404
        return Response(200, {"followers": sum(1 for f in approved if f["followingId"] == uid),
                              "following": sum(1 for f in approved if f["followerId"] == uid),
                              "pendingRequests": sum(1 for f in self.follows
                                                     if f["followingId"] == uid and f["status"] == "pending")})

    def follow_requests(self, ctx):
        pending = [f for f in self.follows if f["followingId"] == ctx.user["id"] and f["status"] == "pending"]
        return Response(200, {"requests": [dict(self.public_user(f["followerId"]), followId=f["id"],
                                                createdAt=iso(f["createdAt"])) for f in pending]})

    def pending_from(self, ctx):
        requester = self.target_user(ctx)
        follow = self.find_follow(requester["id"], ctx.user["id"])
        if follow is None or follow["status"] != "pending":
            raise ApiError(404, "Follow request not found")
        return follow

    def follow_approve(self, ctx):
        follow = self.pending_from(ctx)
        follow["status"] = "approved"
        follow["updatedAt"] = self.now()
        return Response(200, {"follow": self.follow_view(follow)})

    def follow_reject(self, ctx):
        self.follows.remove(self.pending_from(ctx))
        return Response(200, {"message": "Follow request rejected"})

    def follow_remove(self, ctx):
        follower = self.target_user(ctx)
        follow = self.find_follow(follower["id"], ctx.user["id"])
        if follow is None:
            raise ApiError(404, "Follower not found")
        self.follows.remove(follow)
        return Response(200, {"message": "Follower removed successfully"})

    # ------------------------------------------------------------------ people by username (public routes)
    def user_by_name(self, username):
        user = next((u for u in self.users.values() if u["username"] == username), None)
        if user is None:
            raise ApiError(404, "User not found")
        return user

    def public_lists(self, ctx):
        user = self.user_by_name(ctx.params["username"])
        mine = sorted((x for x in self.lists.values() if x["userId"] == user["id"] and x["isPublic"] and not x["deleted"]),
                      key=lambda x: (x["createdAt"], x["id"]), reverse=True)
        return Response(200, {"lists": [self.list_view(x) for x in mine]})

    def public_documents(self, ctx):
        user = self.user_by_name(ctx.params["username"])
        docs = [d for d in self.user_docs(user["id"]) if d["isPublic"]]
        folder_ids = set()
        for doc in docs:
            current = doc["folderId"]
            while current and current not in folder_ids and current in self.doc_folders \
                    and not self.doc_folders[current].get("deleted"):
                folder_ids.add(current)
                current = self.doc_folders[current]["parentId"]
        return Response(200, {"documents": [{k: (iso(d[k]) if k in ("createdAt", "updatedAt") else d[k])
                                             for k in ("id", "title", "folderId", "relativePath", "createdAt", "updatedAt")}
                                            for d in docs],
                              "folders": [self.folder_view(self.doc_folders[f]) for f in sorted(folder_ids)]})

    def user_wall(self, ctx):
        user = self.user_by_name(ctx.params["username"])
        limit, offset = self.page(ctx, 50, 100)
        own = ctx.user is not None and ctx.user["id"] == user["id"]
        now = int(time.time() * 1000)
        items = [m for m in self.messages.values() if m["userId"] == user["id"] and m["parentId"] is None and
                 (own or (m["publiclyVisible"] and (m["scheduledAt"] is None or m["scheduledAt"] <= now)))]
        items.sort(key=lambda m: (m["createdAt"], m["id"]), reverse=True)
        window, pagination = self.paginate(items, limit, offset)
        return Response(200, {"messages": [self.message_view(m, ctx.user) for m in window], "pagination": pagination})

    def watcher_candidates(self, ctx):
        lst = self.owned_list(ctx)
        needle = (ctx.req.arg("search") or "").lower()
        limit, offset = self.page(ctx, 50)
        found = [u for u in self.users.values() if u["id"] != lst["userId"] and
                 (needle in u["username"].lower() or needle in u["displayName"].lower() or needle in u["email"].lower())]
        window = found[offset:offset + limit]
        return Response(200, {"users": [{k: u[k] for k in ("id", "username", "displayName", "email", "avatar")} for u in window],
                              "total": len(found), "pagination": {"limit": limit, "offset": offset,
                                                                  "hasMore": offset + limit < len(found)}})

    # ------------------------------------------------------------------ messages: threads, search, schedule
    def message_replies(self, ctx):
        msg = self.find_message(ctx)
        viewer = ctx.user  # the cookie only: a Bearer caller is anonymous here
        if not (msg["publiclyVisible"] or (viewer and viewer["id"] == msg["userId"])):
            raise ApiError(404, "Message not found")
        replies = sorted((m for m in self.messages.values() if m["parentId"] == msg["id"]),
                         key=lambda m: (m["createdAt"], m["id"]))
        out = []
        for reply in replies:
            view = self.message_view(reply, viewer)
            view["replyCount"] = sum(1 for m in self.messages.values() if m["parentId"] == reply["id"])
            out.append(view)
        return Response(200, {"replies": out, "total": len(out)})

    def messages_search(self, ctx):
        query = (ctx.req.arg("q") or "").strip()
        if not query:
            raise ApiError(400, "Search query is required")
        if len(query) > 200:
            raise ApiError(400, "Search query is too long")
        limit, offset = self.page(ctx, 20)
        if limit > 100:
            raise ApiError(400, "limit must be at most 100")
        only_mine = ctx.req.arg("onlyMine") == "true"
        found = [m for m in self.messages.values() if m["parentId"] is None and self.visible(m, ctx.user)
                 and query.lower() in m["content"].lower() and (not only_mine or m["userId"] == ctx.user["id"])]
        found.sort(key=lambda m: (m["createdAt"], m["id"]), reverse=True)
        window = found[offset:offset + limit]
        return Response(200, {"messages": [self.message_view(m, ctx.user) for m in window], "pagination": {
            "total": len(found), "limit": limit, "offset": offset, "hasMore": offset + len(window) < len(found)}})

    def messages_scheduled(self, ctx):
        days = {"today": 1, "week": 7}.get(ctx.req.arg("range"), 31)
        now = int(time.time() * 1000)
        mine = [m for m in self.messages.values() if m["userId"] == ctx.user["id"] and m["parentId"] is None and
                m["scheduledAt"] is not None and now <= m["scheduledAt"] <= now + days * 86400000]
        mine.sort(key=lambda m: (m["scheduledAt"], m["id"]))
        return Response(200, {"messages": [self.message_view(m, ctx.user) for m in mine]})

    # ------------------------------------------------------------------ documents: search
    def docs_search(self, ctx):
        query = (ctx.req.arg("q") or "").strip()
        if not query:
            raise ApiError(400, "Search query is required")
        limit, offset = self.page(ctx, 20)
        if limit > 100:
            raise ApiError(400, "limit must be at most 100")
        needle = query.lower()
        found = [d for d in self.user_docs(ctx.user["id"]) if needle in d["title"].lower() or needle in d["content"].lower()]
        found.sort(key=lambda d: (d["updatedAt"], d["id"]), reverse=True)
        window = found[offset:offset + limit]
        items = [{k: (iso(d[k]) if k in ("createdAt", "updatedAt") else d[k])
                  for k in ("id", "title", "content", "folderId", "isPublic", "createdAt", "updatedAt")} for d in window]
        return Response(200, {"documents": items, "pagination": {
            "total": len(found), "limit": limit, "offset": offset, "hasMore": offset + len(window) < len(found)}})

    # ------------------------------------------------------------------ organizations
    def membership(self, oid, uid):
        return next((m for m in self.memberships if m["organizationId"] == oid and m["userId"] == uid), None)

    def find_org(self, ctx):
        key = ctx.params["id"]
        org = self.orgs.get(key) or next((o for o in self.orgs.values() if o["slug"] == key), None)
        if org is None or (not org["isPublic"] and not self.membership(org["id"], ctx.user["id"])):
            raise ApiError(404, "Organization not found")
        return org

    def require_role(self, org, user, roles):
        member = self.membership(org["id"], user["id"])
        if member is None or member["role"] not in roles:
            raise ApiError(403, "Insufficient permissions")

    def orgs_get(self, ctx):
        limit, offset = self.page(ctx, 20)
        public_only = ctx.req.arg("public") == "true"
        orgs = [o for o in self.orgs.values()
                if o["isPublic"] or (not public_only and self.membership(o["id"], ctx.user["id"]))]
        orgs.sort(key=lambda o: o["name"].lower())
        window, pagination = self.paginate(orgs, limit, offset)
        return Response(200, {"organizations": [self.org_view(o, ctx.user) for o in window],
                              "pagination": pagination})

    def orgs_create(self, ctx):
        body = self.body(ctx)
        name = body.get("name")
        if not isinstance(name, str) or not name.strip():
            raise ApiError(400, "Organization name is required")
        if any(o["name"].lower() == name.strip().lower() for o in self.orgs.values()):
            raise ApiError(409, "An organization with this name already exists")
        oid = self.next_id("org")
        org = self.make_org(oid, name.strip(), body.get("description"), body.get("isPublic", True) is not False,
                            self.now())
        self.orgs[oid] = org
        self.memberships.append({"organizationId": oid, "userId": ctx.user["id"], "role": "owner",
                                 "active": True, "joinedAt": org["createdAt"]})
        return Response(201, {"message": "Organization created successfully",
                              "organization": self.org_view(org, ctx.user)})

    def org_get(self, ctx):
        org = self.find_org(ctx)
        view = self.org_view(org, ctx.user)
        view["userRole"] = view.pop("role")
        return Response(200, {"organization": view})

    def org_put(self, ctx):
        org = self.find_org(ctx)
        self.require_role(org, ctx.user, ("owner", "admin"))
        body = self.body(ctx)
        for key in ("name", "description", "avatar"):
            if key in body and (body[key] is None or isinstance(body[key], str)):
                org[key] = body[key]
        if "isPublic" in body:
            org["isPublic"] = body["isPublic"] is True
        org["updatedAt"] = self.now()
        return Response(200, {"message": "Organization updated successfully",
                              "organization": self.org_view(org, ctx.user)})

    def org_delete(self, ctx):
        org = self.find_org(ctx)
        self.require_role(org, ctx.user, ("owner",))
        del self.orgs[org["id"]]
        self.memberships = [m for m in self.memberships if m["organizationId"] != org["id"]]
        return Response(200, {"message": "Organization deleted successfully"})

    def members_get(self, ctx):
        org = self.find_org(ctx)
        if not self.membership(org["id"], ctx.user["id"]):
            raise ApiError(403, "You must be a member to view members")
        limit, offset = self.page(ctx, 50)
        members = [m for m in self.memberships if m["organizationId"] == org["id"]]
        window, pagination = self.paginate(members, limit, offset)
        items = [dict(self.public_user(m["userId"]), emailVerified=self.users[m["userId"]]["emailVerified"],
                      role=m["role"], active=m["active"], joinedAt=iso(m["joinedAt"])) for m in window]
        return Response(200, {"members": items, "pagination": pagination})

    def members_add(self, ctx):
        org = self.find_org(ctx)
        self.require_role(org, ctx.user, ("owner", "admin"))
        body = self.body(ctx)
        uid, role = body.get("userId"), body.get("role", "member")
        if uid not in self.users:
            raise ApiError(404, "User not found")
        if role not in ("owner", "admin", "member"):
            raise ApiError(400, "Invalid role")
        if self.membership(org["id"], uid):
            raise ApiError(409, "User is already a member of this organization")
        member = {"organizationId": org["id"], "userId": uid, "role": role, "active": True, "joinedAt": self.now()}
        self.memberships.append(member)
        return Response(201, {"message": "Member added successfully",
                              "member": dict(member, joinedAt=iso(member["joinedAt"]))})

    def member_put(self, ctx):
        org = self.find_org(ctx)
        self.require_role(org, ctx.user, ("owner", "admin"))
        member = self.membership(org["id"], ctx.params["userId"])
        if member is None:
            raise ApiError(404, "Member not found")
        body = self.body(ctx)
        if "role" in body:
            if body["role"] not in ("owner", "admin", "member"):
                raise ApiError(400, "Invalid role")
            member["role"] = body["role"]
        if "active" in body:
            member["active"] = body["active"] is True
        return Response(200, {"message": "Member updated successfully",
                              "member": dict(member, joinedAt=iso(member["joinedAt"]))})

    def member_delete(self, ctx):
        org = self.find_org(ctx)
        member = self.membership(org["id"], ctx.params["userId"])
        if member is None:
            raise ApiError(404, "Member not found")
        if member["userId"] != ctx.user["id"]:
            self.require_role(org, ctx.user, ("owner", "admin"))
        if org.get("isSystem"):
            raise ApiError(403, "Cannot leave The Public")
        owners = [m for m in self.memberships if m["organizationId"] == org["id"] and m["role"] == "owner"]
        if member["role"] == "owner" and len(owners) == 1:
            raise ApiError(400, "Cannot remove the last owner")
        self.memberships.remove(member)
        return Response(200, {"message": "Member removed successfully"})

    # ------------------------------------------------------------------ notifications
    def notifications_get(self, ctx):
        uid = ctx.user["id"]
        mine = sorted((n for n in self.notifications.values() if n["userId"] == uid),
                      key=lambda n: (n["createdAt"], n["id"]), reverse=True)
        unread = [n for n in mine if n["readAt"] is None]
        if ctx.req.arg("scope") == "tray":
            items = unread[:ctx.user["notificationTrayLimit"]]
        else:
            limit, offset = self.page(ctx, 50)
            items = mine[offset:offset + limit]
        return Response(200, {"unreadCount": len(unread), "items": [self.notification_view(n) for n in items]})

    def owned_notification(self, ctx):
        note = self.notifications.get(ctx.params["id"])
        if note is None or note["userId"] != ctx.user["id"]:
            raise ApiError(404, "Notification not found")
        return note

    def notification_read(self, ctx):
        note = self.owned_notification(ctx)
        if note["readAt"] is None:
            note["readAt"] = self.now()
        return Response(200, {"ok": True})

    def notifications_mark_all(self, ctx):
        updated = 0
        for note in self.notifications.values():
            if note["userId"] == ctx.user["id"] and note["readAt"] is None:
                note["readAt"] = self.now()
                updated += 1
        return Response(200, {"ok": True, "updated": updated})

    def notification_delete(self, ctx):
        del self.notifications[self.owned_notification(ctx)["id"]]
        return Response(204, None)

    # ------------------------------------------------------------------ admin
    def admin(self, req):
        path = req.path[len("/__admin"):]
        extra = {"/revoke": self.admin_revoke, "/reset-limits": self.admin_reset_limits,
                 "/generate-lists": self.admin_generate_lists, "/fixture": self.admin_fixture,
                 "/notifications": self.admin_notify, "/touch-document": self.admin_touch_document,
                 "/generate-rows": self.admin_generate_rows, "/generate-documents": self.admin_generate_documents,
                 "/document-quirks": self.admin_document_quirks, "/document-op": self.admin_document_op}
        if path == "/documents":
            if req.method != "GET":
                return Response(405, {"error": "Method not allowed"}, headers={"Allow": "GET"})
            with self.lock:
                return self.admin_documents(req.arg("userId", "u_ada"))
        handler = extra.get(path)
        if handler is None:
            return super().admin(req)
        if req.method != "POST":
            return Response(405, {"error": "Method not allowed"}, headers={"Allow": "POST"})
        body = req.json()
        if body is None and req.body:
            return Response(400, {"error": "Invalid JSON body"})
        with self.lock:
            try:
                return handler(body or {})
            except ApiError as err:
                return self.error(err)

    def admin_revoke(self, body):
        uid = body.get("userId")

        def revoke(store, which):
            doomed = [k for k, u in store.items()
                      if (which is True or k == which) and (uid is None or u == uid)]
            for key in doomed:
                del store[key]
            return len(doomed)

        tokens = revoke(self.tokens, body["token"]) if body.get("token") else 0
        sessions = revoke(self.sessions, body["cookie"]) if body.get("cookie") else 0
        return Response(200, {"ok": True, "revokedTokens": tokens, "revokedSessions": sessions})

    def admin_reset_limits(self, body):
        self.login_attempts = []
        return Response(200, {"ok": True})

    def admin_generate_lists(self, body):
        uid = body.get("userId", "u_ada")
        if uid not in self.users:
            raise ApiError(404, "User not found")
        try:
            n_lists, n_folders = int(body.get("lists", 0)), int(body.get("folders", 0))
        except (TypeError, ValueError):
            raise ApiError(400, "lists and folders must be integers")
        rng = random.Random(body.get("seed", 1))
        folder_ids = [f["id"] for f in self.list_folders.values() if f["userId"] == uid]
        for i in range(n_folders):
            fid = self.next_id("lf")
            # About a third of the folders are roots, written as null or "" like the real data.
            parent = rng.choice(folder_ids) if folder_ids and rng.random() > 0.33 else rng.choice([None, ""])
            stamp = self.now()
            self.list_folders[fid] = {"id": fid, "name": "Folder %d" % (i + 1), "parentId": parent,
                                      "userId": uid, "createdAt": stamp, "updatedAt": stamp}
            folder_ids.append(fid)
        list_ids = [x["id"] for x in self.lists.values() if x["userId"] == uid and not x["deleted"]]
        for i in range(n_lists):
            lid = self.next_id("l")
            parent = rng.choice(list_ids) if list_ids and rng.random() > 0.4 else rng.choice([None, ""])
            folder = rng.choice(folder_ids) if folder_ids and rng.random() > 0.5 else rng.choice([None, ""])
            self.lists[lid] = self.make_list(lid, uid, "Generated list %d" % (i + 1), None, rng.random() < 0.2,
                                             parent, folder, None, self.now())
            list_ids.append(lid)
        return Response(200, {"ok": True, "lists": len(list_ids), "folders": len(folder_ids)})

    def admin_touch_document(self, body):
        """Another device edits a document: new content, new hash, new updatedAt."""
        doc = self.documents.get(body.get("id"))
        if doc is None or not isinstance(body.get("content"), str):
            raise ApiError(400, "id (a document) and content are required")
        self.set_content(doc, body["content"])
        doc["updatedAt"] = self.now()
        return Response(200, {"ok": True})

    def take_fault(self, method, path):
        fault = super().take_fault(method, path)
        with self.lock:
            documents = path == "/api/documents" or path.startswith("/api/documents/")
            delay = self.doc_quirks.get("delayMs", 0) if documents else 0
        if not delay:
            return fault
        # The base handler sleeps outside the lock, so slowed answers still overlap one another.
        slowed = copy.copy(fault) if fault is not None else Fault({"path": path})
        slowed.delay_ms = (fault.delay_ms if fault is not None else 0) + delay
        return slowed

    def admin_document_quirks(self, body):
        if body.get("reset") is True:
            self.doc_quirks = {}

        def count(key, value):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ApiError(400, "%s must be a non-negative integer" % key)
            return value

        for key, value in body.items():
            if key == "reset":
                continue
            if value is None or value == 0:
                self.doc_quirks.pop(key, None)  # null or 0 disarms a switch
            elif key in ("silentWrites", "failWrites"):
                self.doc_quirks[key] = count(key, value)
            elif key == "delayMs":
                if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                    raise ApiError(400, "delayMs must be a non-negative number")
                self.doc_quirks[key] = value
            elif key == "throttleSync":
                if not isinstance(value, dict):
                    raise ApiError(400, "throttleSync must be {count, retryAfter}")
                self.doc_quirks[key] = {"count": count("throttleSync.count", value.get("count", 1)),
                                        "retryAfter": count("throttleSync.retryAfter", value.get("retryAfter", 1))}
                if self.doc_quirks[key]["count"] == 0:
                    del self.doc_quirks[key]
            elif key == "race":
                self.doc_quirks[key] = self.check_doc_op(value)
            else:
                raise ApiError(400, "unknown document quirk %r" % key)
        return Response(200, {"ok": True, "quirks": self.doc_quirks})

    def check_doc_op(self, body):
        """A document-op body armed for later (the race switch): known op, existing target."""
        if not isinstance(body, dict):
            raise ApiError(400, "race must be a document-op object")
        op = dict(body, op=body.get("op", "edit"))
        if op["op"] not in self.doc_ops():
            raise ApiError(400, "unknown op %r" % op["op"])
        if op["op"] in ("edit", "rename", "move", "delete") and op.get("id") not in self.documents:
            raise ApiError(404, "Document not found")
        if op["op"] in ("rename-folder", "delete-folder") and op.get("id") not in self.doc_folders:
            raise ApiError(404, "Folder not found")
        if op["op"] == "edit" and not isinstance(op.get("content"), str):
            raise ApiError(400, "content (a string) is required")
        return op

    def doc_ops(self):
        return {"edit": self.op_edit, "rename": self.op_rename, "move": self.op_move, "delete": self.op_delete,
                "create": self.op_create, "create-folder": self.op_create_folder,
                "rename-folder": self.op_rename_folder, "delete-folder": self.op_delete_folder}

    def apply_doc_op(self, body):
        """One write by another device -> ("document" | "folder", the row)."""
        handler = self.doc_ops().get(body.get("op", "edit"))
        if handler is None:
            raise ApiError(400, "unknown op %r" % body.get("op"))
        return handler(body)

    def admin_document_op(self, body):
        kind, row = self.apply_doc_op(body)
        view = self.admin_doc_view(row) if kind == "document" else self.admin_folder_view(row)
        return Response(200, {"ok": True, kind: view})

    def admin_doc_view(self, doc):
        deleted_at = doc.get("deletedAt")
        return dict(self.doc_view(doc), deleted=doc["deleted"], deletedAt=iso(deleted_at) if deleted_at else None)

    @staticmethod
    def admin_folder_view(folder):
        deleted_at = folder.get("deletedAt")
        return dict(InterlinedListApp.folder_view(folder), userId=folder["userId"],
                    createdAt=iso(folder["createdAt"]), updatedAt=iso(folder["updatedAt"]),
                    deleted=bool(folder.get("deleted")), deletedAt=iso(deleted_at) if deleted_at else None)

    def admin_documents(self, uid):
        if uid not in self.users:
            return Response(404, {"error": "User not found"})
        return Response(200, {
            "documents": [self.admin_doc_view(d) for d in self.documents.values() if d["userId"] == uid],
            "folders": [self.admin_folder_view(f) for f in self.doc_folders.values() if f["userId"] == uid]})

    def op_document(self, body):
        doc = self.documents.get(body.get("id"))
        if doc is None or doc["deleted"]:
            raise ApiError(404, "Document not found")
        return doc

    def op_folder(self, body, key="id", owner=None):
        """The live folder named by body[key] (None when the key is null or missing)."""
        fid = body.get(key)
        if blank(fid):
            return None
        folder = self.doc_folders.get(fid) if isinstance(fid, str) else None
        if folder is None or folder.get("deleted") or (owner is not None and folder["userId"] != owner):
            raise ApiError(404, "Folder not found")
        return folder

    @staticmethod
    def op_text(body, key):
        value = body.get(key)
        if not isinstance(value, str) or not value.strip():
            raise ApiError(400, "%s (a non-empty string) is required" % key)
        return value.strip()

    def op_edit(self, body):
        doc = self.op_document(body)
        if not isinstance(body.get("content"), str):
            raise ApiError(400, "content (a string) is required")
        self.set_content(doc, body["content"])
        doc["updatedAt"] = self.now()
        return "document", doc

    def op_rename(self, body):
        # ⚠ quirk: a rename changes the title only; relativePath is fixed at creation.
        doc = self.op_document(body)
        doc["title"] = self.op_text(body, "title")
        doc["updatedAt"] = self.now()
        return "document", doc

    def op_move(self, body):
        doc = self.op_document(body)
        if "folderId" not in body:
            raise ApiError(400, "folderId (a folder id or null) is required")
        folder = self.op_folder(body, "folderId", owner=doc["userId"])
        target = folder["id"] if folder else None
        if self.path_taken(target, doc["relativePath"], doc["id"]):
            raise ApiError(409, "%s already holds %s (live or deleted)" % (target, doc["relativePath"]))
        self.move_document(doc, target)
        doc["updatedAt"] = self.now()
        return "document", doc

    def op_delete(self, body):
        doc = self.op_document(body)
        self.soft_delete(doc, self.now())
        return "document", doc

    def op_create(self, body):
        uid = body.get("userId", "u_ada")
        if uid not in self.users:
            raise ApiError(404, "User not found")
        folder = self.op_folder(body, "folderId", owner=uid)
        fields = {k: body[k] for k in ("title", "content", "relativePath", "isPublic") if k in body}
        try:
            doc = self.create_document(uid, folder["id"] if folder else None, fields)
        except UniqueViolation:
            raise ApiError(409, "%s already holds %s (live or deleted)"
                           % (folder["id"], self.document_path(fields)))
        return "document", doc

    def op_create_folder(self, body):
        parent = self.op_folder(body, "parentId")
        uid = body.get("userId") or (parent["userId"] if parent else "u_ada")
        if uid not in self.users:
            raise ApiError(404, "User not found")
        name = self.op_text(body, "name")
        if self.dfolder_name_taken(uid, parent["id"] if parent else None, name):
            raise ApiError(409, "a folder %r already exists there (live or deleted)" % name)
        return "folder", self.new_dfolder(uid, name, parent["id"] if parent else None)

    def op_rename_folder(self, body):
        folder = self.op_folder(body)
        if folder is None:
            raise ApiError(404, "Folder not found")
        name = self.op_text(body, "name")
        if self.dfolder_name_taken(folder["userId"], folder["parentId"], name, except_id=folder["id"]):
            raise ApiError(409, "a folder %r already exists there (live or deleted)" % name)
        folder["name"] = name
        folder["updatedAt"] = self.now()
        return "folder", folder

    def op_delete_folder(self, body):
        folder = self.op_folder(body)
        if folder is None:
            raise ApiError(404, "Folder not found")
        self.delete_dfolder_tree(folder)
        return "folder", folder

    def admin_generate_rows(self, body):
        uid = body.get("userId", "u_ada")
        wanted = body.get("lists")
        targets = [x for x in self.lists.values() if x["userId"] == uid and not x["deleted"]
                   and (wanted is None or x["id"] in wanted)]
        if not targets:
            raise ApiError(400, "no list to fill")
        try:
            count = int(body.get("rows", 0))
        except (TypeError, ValueError):
            raise ApiError(400, "rows must be an integer")
        samples = {"text": "item", "textarea": "notes", "number": 3, "boolean": False, "date": "2026-03-01",
                   "datetime": "2026-03-01T09:00:00Z", "email": "crew@example.com", "url": "https://example.com/x",
                   "tel": "+1 555 0100", "priority": "low"}
        for i in range(count):
            lst = targets[i % len(targets)]
            data = {}
            for prop in self.properties_of(lst):
                kind = prop["propertyType"]
                options = (prop.get("validationRules") or {}).get("options") or []
                if kind == "select" and options:
                    data[prop["propertyKey"]] = options[i % len(options)]
                elif kind == "multiselect" and options:
                    data[prop["propertyKey"]] = [options[i % len(options)]]
                else:
                    value = samples.get(kind, "x")
                    data[prop["propertyKey"]] = "%s %d" % (value, i) if kind == "text" else value
            if not data:
                data = {"item": "Generated row %d" % (i + 1), "n": i}
            self.new_row(lst["id"], data)
        return Response(200, {"ok": True, "rows": sum(1 for r in self.rows.values() if not r["deleted"])})

    def admin_generate_documents(self, body):
        uid = body.get("userId", "u_ada")
        if uid not in self.users:
            raise ApiError(404, "User not found")
        try:
            n_docs, n_folders = int(body.get("documents", 0)), int(body.get("folders", 0))
            size = int(body.get("bytes", 0))
            share = None if body.get("rootShare") is None else float(body["rootShare"])
        except (TypeError, ValueError):
            raise ApiError(400, "documents, folders and bytes must be integers, rootShare a number")
        if share is not None and not 0 <= share <= 1:
            raise ApiError(400, "rootShare must be between 0 and 1")
        stamp = self.now()
        folder_ids = []
        for _ in range(n_folders):
            # Numbered across calls, so names (and below, titles and paths) never repeat.
            self.counters["gen_df"] = number = self.counters.get("gen_df", 0) + 1
            folder_ids.append(self.new_dfolder(uid, "Generated folder %d" % number, None, stamp)["id"])
        filed = 0
        for i in range(n_docs):
            if not folder_ids:
                folder = None
            elif share is None:
                folder = folder_ids[i % len(folder_ids)] if i % 3 else None
            elif int((i + 1) * share) > int(i * share):
                folder = None  # spreads exactly floor(documents * rootShare) over the run
            else:
                folder = folder_ids[filed % len(folder_ids)]
                filed += 1
            self.counters["gen_d"] = number = self.counters.get("gen_d", 0) + 1
            content = generated_markdown(number, size) if size > 0 else \
                "# Generated %d\n\n%s\n" % (number, "Notes from the site. " * 20)
            self.create_document(uid, folder, {"title": "Generated %d" % number, "content": content})
        return Response(200, {"ok": True, "documents": len(self.user_docs(uid))})

    def admin_fixture(self, body):
        self.add_fixture(body.get("name"))
        return Response(200, {"ok": True})

    def admin_notify(self, body):
        uid = body.get("userId")
        if uid not in self.users or not isinstance(body.get("title"), str):
            raise ApiError(400, "userId (a seeded user) and title are required")
        note = self.add_notification(uid, body["title"], body.get("type", "system"), body.get("body", ""))
        return Response(200, {"ok": True, "notification": self.notification_view(note)})

    def state(self):
        window = self.options.login_window
        if window is None:
            window = float(self.options.retry_after)
        now = time.monotonic()
        return {
            "users": [{k: u[k] for k in ("id", "email", "username", "displayName", "emailVerified",
                                         "customerStatus", "maxMessageLength", "isPrivateAccount")}
                      for u in self.users.values()],
            "credentials": {uid: {"syncTokens": sum(1 for u in self.tokens.values() if u == uid),
                                  "sessions": sum(1 for u in self.sessions.values() if u == uid)}
                            for uid in self.users},
            "messages": {"count": len(self.messages),
                         "topLevel": sum(1 for m in self.messages.values() if m["parentId"] is None),
                         "lastCreated": self.message_view(max(self.messages.values(),
                                                              key=lambda m: (m["createdAt"], m["id"])), None)
                         if self.messages else None},
            "lists": [{k: x[k] for k in ("id", "userId", "title", "parentId", "folderId", "isPublic")}
                      for x in self.lists.values() if not x["deleted"]],
            "rows": sum(1 for r in self.rows.values() if not r["deleted"]),
            "row_data": {lid: [r["rowData"] for r in sorted(self.rows.values(), key=lambda r: (r["createdAt"], r["id"]))
                               if r["listId"] == lid and not r["deleted"]] for lid in self.lists},
            "bulk_requests": list(self.bulk_requests),
            "list_folders": [dict(self.folder_view(f), userId=f["userId"]) for f in self.list_folders.values()
                             if not f.get("deleted")],
            "document_folders": [dict(self.folder_view(f), userId=f["userId"]) for f in self.doc_folders.values()
                                 if not f.get("deleted")],
            "documents": [{k: d[k] for k in ("id", "userId", "title", "folderId", "relativePath", "isPublic")}
                          for d in self.documents.values() if not d["deleted"]],
            "follows": [{k: f[k] for k in ("followerId", "followingId", "status")} for f in self.follows],
            "organizations": [{"id": o["id"], "name": o["name"], "isPublic": o["isPublic"]}
                              for o in self.orgs.values()],
            "memberships": [{k: m[k] for k in ("organizationId", "userId", "role")} for m in self.memberships],
            "notifications": [{"id": n["id"], "userId": n["userId"], "read": n["readAt"] is not None}
                              for n in self.notifications.values()],
            "snake_case_keys": list(self.snake_case_keys),
            "ignored_folder_ids": list(self.ignored_folder_ids),
            "document_quirks": copy.deepcopy(self.doc_quirks),
            "login_attempts": {"limit": self.options.login_limit, "windowSeconds": window,
                               "retryAfter": self.options.retry_after,
                               "inWindow": sum(1 for t in self.login_attempts if now - t < window),
                               "log": list(self.login_log)},
            "credential_log": list(self.credential_log),
        }


if __name__ == "__main__":
    serve(InterlinedListApp)
