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

Code: this file holds the entry point, the route table and the dispatch (credentials, errors,
paging); the rest is mixed into InterlinedListApp from interlinedlist_store (state, fixtures,
views), interlinedlist_auth, interlinedlist_social (user, messages, follows, organizations,
notifications), interlinedlist_lists (lists, schema, rows, list folders), interlinedlist_documents
(documents, document folders, sync) and interlinedlist_admin (admin endpoints, state), with shared
helpers in interlinedlist_common and the list-schema DSL in interlinedlist_schema.

Run: python3 Tests/Emulators/interlinedlist_emulator.py --port 0 [--login-limit 5]
     [--login-window SECONDS] [--retry-after 2] [--fixture cycle]
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from emulator_base import App, Response, serve  # noqa: E402
from interlinedlist_admin import ILAdmin  # noqa: E402
from interlinedlist_auth import ILAuth  # noqa: E402
# Everything interlinedlist_common defines stays importable from here (see __all__).
from interlinedlist_common import (BASE_TIME_MS, FILLER, FILLER_BYTES, FILLER_WORDS, FREEFORM_KEYS,  # noqa: E402
                                   LIST_PAGE_CAP, SESSION_COOKIE, USER_UPDATE_FIELDS, ApiError,
                                   UniqueViolation, blank, content_hash, filler_lines, generated_markdown,
                                   iso, normalize_tag, parse_iso)
from interlinedlist_documents import ILDocuments  # noqa: E402
from interlinedlist_lists import ILLists  # noqa: E402
from interlinedlist_social import ILSocial  # noqa: E402
from interlinedlist_store import ILStore  # noqa: E402

__all__ = ["InterlinedListApp", "Route", "Ctx", "BASE_TIME_MS", "FILLER", "FILLER_BYTES", "FILLER_WORDS",
           "FREEFORM_KEYS", "LIST_PAGE_CAP", "SESSION_COOKIE", "USER_UPDATE_FIELDS", "ApiError",
           "UniqueViolation", "blank", "content_hash", "filler_lines", "generated_markdown", "iso",
           "normalize_tag", "parse_iso"]


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


class InterlinedListApp(ILStore, ILAuth, ILSocial, ILLists, ILDocuments, ILAdmin, App):
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

    def search_query(self, ctx, max_length=200):
        """A search route's `q` (required; at most `max_length` characters unless None) and its
        page (the limit at most 100), refused in the server's words."""
        query = (ctx.req.arg("q") or "").strip()
        if not query:
            raise ApiError(400, "Search query is required")
        if max_length is not None and len(query) > max_length:
            raise ApiError(400, "Search query is too long")
        limit, offset = self.page(ctx, 20)
        if limit > 100:
            raise ApiError(400, "limit must be at most 100")
        return query, limit, offset

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


if __name__ == "__main__":
    serve(InterlinedListApp)
