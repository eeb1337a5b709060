#!/usr/bin/env python3
"""JanitorialQC (JQC) service emulator (python3 standard library only, loopback only).

Serves shared/contracts/jqc.md under /api/v1 with the {"ok","data","error"} envelope, seeded
fixtures (see jqc_fixtures.py for every id) and test-only admin endpoints:

    python3 Tests/Emulators/jqc_emulator.py [--port 0] [--token-ttl 3600] [--refresh-ttl 2592000]
        [--max-upload-bytes 52428800] [--upload-dir DIR] [--jwt-secret S] [--verbose]
        [--tls-cert F --tls-key F] [--clock-offset SECONDS]
        [--time-zone NAME] [--microseconds] [--csrf-refusal [PATTERN,...]] [--html-errors]
        [--routes all|auth-only] [--real-shapes]

Server modes (the public server "as run", contract's last section). Each is set by its flag at
start, changed at run time by POST /__admin/mode, and put back to the flag's value by
POST /__admin/reset. Defaults are the contract's server, which the Swift tests rely on.
  time_zone     --time-zone NAME (default "UTC"): IANA zone. Every stamp the server writes
                (notification and user created_at, issue reported_at/resolved_at, inspection
                inspection_date/completed_at defaults, the real_shapes seed issue) is its clock's
                naive wall time in that zone: no offset, no Z; in a DST fall-back hour stamps
                repeat and can go backwards. `since` is compared with them as naive wall times.
                The Date header stays UTC. Unknown zone: error at start, 400 from /__admin/mode.
  microseconds  --microseconds (default false; implied by real_shapes): stamps written like
                2026-12-06T17:51:02.266084 (datetime.isoformat) instead of whole seconds.
  csrf_refusal  --csrf-refusal (every POST) or --csrf-refusal /api/v1/auth/refresh,/api/v1/x*
                (default off; repeatable). Admin value: true (= ["*"], every POST), false or []
                (off), or a list of path patterns (exact, or a prefix ending in "*"). A matching
                POST that reaches a route (auth/login, refresh and logout included, before its
                token check) answers 400 {"ok": false, "data": null, "error": "The CSRF token is
                missing."} and changes nothing. Unknown paths still answer 404 (Flask-WTF skips
                requests without an endpoint); only POST is refused.
  html_errors   --html-errors (default false): unknown routes answer werkzeug's HTML 404 page
                and a known path with another method its 405 page (text/html; charset=utf-8,
                Allow lists the methods plus HEAD with GET and OPTIONS, as Flask does); without
                it both answer in the envelope ("Resource not found", "Method not allowed").
  routes        --routes all|auth-only (default all): auth-only keeps only /api/v1/auth/login,
                refresh, logout, me and POST /api/v1/devices/register (the public server today);
                every other /api/v1 route is unknown (404). /uploads/photos/<name> stays.
  real_shapes   --real-shapes (default false): the API's records take the real models' shapes:
                user {id, username, email, role, created_at} (no full_name); issues without
                facility_id, local_id and reported_by but with verified_by, verified_at,
                verification_note, statuses open, in_progress, pending_verification, resolved
                (PATCH /issues/<id>/status accepts pending_verification); POST /issues needs an
                area_id of its facility (422 "area_id is required"); notifications without type;
                a created inspection keeps the score the public server's own rule gives
                (jqc_score.compute_score with rule="public"), not the one the client sent.
                Seeds issue 6 (pending_verification, assigned to user 1) and issue 3's
                verification by user 5 (director); switched on at run time it adds them when
                missing, switched off it leaves records as they are. Admin answers and
                /__admin/state keep showing records in full (the contract's shape).

Behaviour tests rely on (beyond the contract's shapes):
  * Every access token is registered by its `jti`; /__admin/expire-tokens and /__admin/reset
    forget them all, so old tokens answer 401 "Access token is invalid or expired".
  * POST /inspections, /issues are idempotent on local_id (repeat -> 200, same record); a
    local_id owned by another user -> 409. form_data holding "local://..." at any depth -> 422.
  * POST /photos/upload is idempotent on (entity_type, local_id, filename): a retry gets 200 and
    the same path; different bytes under the same key -> 409. Over --max-upload-bytes -> 413.
  * GET /notifications?since=T returns the user's notices created at or after T (whole seconds,
    read or not; T and the stamps compared as naive wall times of the server's zone, a Z on T
    ignored); without since, all unread. mark-read counts ids that were unread and are now read.
  * Injected faults (emulator_base /__admin/faults) answer in the envelope unless given a body.
  * The server's clock is the real one shifted by /__admin/clock (or --clock-offset): the Date
    header and everything the server stamps (notification created_at, reported_at, resolved_at,
    completed_at defaults) run on it, so `since` is compared in server time, as on a real server
    whose clock is off. Stamps are that clock's wall time in the time_zone mode (UTC by default).
  * Login takes optional device_id (at most 64 characters) and device_name (at most 100) and
    keeps them with the refresh token it issues (and the ones a refresh rotates to); longer ->
    400 "device_id must be at most 64 characters" / "device_name must be at most 100 characters".
  * POST /auth/logout is a Bearer route (401 without a valid access token, nothing revoked); it
    revokes the refresh token in its body when it belongs to the caller.
  * POST /devices/register (Bearer) {device_id, device_name?, ...} -> 200 data {registered: true}
    (400 "device_id is required", and the login limits); kept under "devices" in the state.
  * Role "director" (the real server's supervisor) sees every inspection, as supervisor does.

Admin endpoints (plain JSON, no envelope), in addition to emulator_base's faults, latency,
requests, stats and reset:
    GET  /__admin/state               {"users", "inspections": {local_id: inspection + server_score,
                                       scores_match, unknown_keys}, "inspections_total", "follow_up_required_ids",
                                       "issues": [all], "issue_ids_by_local_id", "photos": {path:
                                       {path, size, sha256, content_type, entity_type, local_id,
                                       filename}}, "notifications": [.. + user_id], "post_counts":
                                       {"inspections"|"issues": {local_id: n}, "photos":
                                       {"entity/local_id/filename": n}}, "created_counts",
                                       "refresh_tokens_valid", "refresh_tokens": [{token, user_id,
                                       username, device_id, device_name}], "access_tokens_valid",
                                       "devices": [{device_id, device_name?, .., user_id,
                                       registered_at}], "mode": {..as GET /__admin/mode}, "upload_dir"}
    GET  /__admin/mode                {"ok": true, "mode": {"time_zone", "microseconds", "csrf_refusal":
                                       [patterns], "html_errors", "routes", "real_shapes"}}
    POST /__admin/mode                {any of those keys} -> same answer; only the keys given change,
                                      all validated first (400 {"ok": false, "error", "mode"} and
                                      nothing changed on an unknown key, zone or value)
    POST /__admin/clock               {"now": "2026-11-01T05:30:00Z"} (Z, an offset, or none = UTC) ->
                                      {"ok", "offset_seconds", "now": UTC, "wall_now": stamp in the
                                      zone}: the server's clock reads that instant now and runs on;
                                      {"offset_seconds": N} stays emulator_base's (reset undoes both)
    POST /__admin/expire-tokens       {} -> {"ok", "expired": n}: every issued access token dies now
    POST /__admin/revoke-refresh      {"user"?} -> {"ok", "revoked": n}
    POST /__admin/facilities|areas|templates  [records] or {"facilities": [...]} -> {"ok", "count"}
    POST /__admin/issues              {facility_id, description, severity?, status?, assigned_to?,
                                       reported_by?, area_id?, inspection_id?, photo_path?,
                                       result_photos?, result_notes?, reported_at?, resolved_at?,
                                       verified_by?, verified_at?, verification_note?} -> {"ok",
                                       "issue"} (real_shapes: area_id defaults to the facility's first)
    POST /__admin/issues/assign       {"issue_id", "user": name|id|null} -> {"ok", "issue"}
    POST /__admin/assigned-issues     {"user", "issue_ids": [..]} -> {"ok", "assigned", "unassigned"}
                                      (exactly these issues assigned to user; [] empties the list)
    DELETE /__admin/issues/<id>       -> {"ok"}
    POST /__admin/notify              {"user", "type", "title", "body", "link"?, "issue_id"?,
                                       "inspection_id"?, "created_at"?, "age_seconds"?} -> {"ok",
                                       "notification"} (created_at defaults to the server's now
                                       minus age_seconds: a notice committed late)
    POST /__admin/follow-up           {"inspection_id", "follow_up_required": bool} -> {"ok", "inspection"}
    POST /__admin/users               {"username", "password"?, "role"?, "full_name"?, "email"?,
                                       "active"?} -> {"ok", "user"} (create or update)
    POST /__admin/server-reset        {"reuse_ids"?: true} -> {"ok", "forgotten": {kind: n}, "next_ids"}
                                      the server lost what clients sent: inspections, issues, photos
                                      and notifications back to the seed (users, sessions, reference
                                      data stay); with reuse_ids the id counters go back too, so new
                                      records get ids clients hold for their earlier work
    POST /__admin/hold                {"path", "method"?, "count"?: 1, "timeout_s"?: 30} -> {"ok", "id"}
                                      the next `count` matching requests wait before their handler
                                      (path may end in "*") until released: a request in flight
    GET  /__admin/holds               {"holds": [{"id", "path", "method", "remaining", "waiting", "passed"}]}
    POST /__admin/release             {"id"?} -> {"ok", "released": n} (every hold without an id;
                                      without an id emulator_base's `hold` faults are released too)
    POST /__admin/reset               (emulator_base) also answers every request waiting at a hold
                                      503 without running its handler, and restarts hold ids at 1
"""

import argparse
import hashlib
import hmac
import json
import os
import re
import secrets
import shutil
import signal
import sys
import tempfile
import time
import traceback
import uuid
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jqc_fixtures  # noqa: E402
from jqc_admin import JQCAdmin  # noqa: E402
import jqc_score  # noqa: E402
from emulator_base import App, Response, serve  # noqa: E402
from jqc_wire import (CSRF_MISSING, FLASK_404_HTML, FLASK_405_HTML, HTML_CONTENT_TYPE,  # noqa: E402
                      MultipartError, b64url, b64url_decode, find_local_path, fmt_date, is_int, load_zone,
                      parse_date, parse_multipart, utcnow, wall_time)

API = "/api/v1"

# The one endpoint table: (method, path pattern, handler method, needs a bearer token).
# <id> matches digits, <name> one path segment. A deployment that differs is one edit here.
ROUTES = (
    ("POST", API + "/auth/login", "login", False),
    ("POST", API + "/auth/refresh", "refresh", False),
    ("POST", API + "/auth/logout", "logout", True),
    ("GET", API + "/auth/me", "me", True),
    ("GET", API + "/facilities", "list_facilities", True),
    ("GET", API + "/areas", "list_areas", True),
    ("GET", API + "/templates", "list_templates", True),
    ("POST", API + "/inspections", "create_inspection", True),
    ("GET", API + "/inspections", "list_inspections", True),
    ("GET", API + "/inspections/<id>", "get_inspection", True),
    ("POST", API + "/issues", "create_issue", True),
    ("GET", API + "/issues", "list_issues", True),
    ("GET", API + "/issues/<id>", "get_issue", True),
    ("PATCH", API + "/issues/<id>/status", "update_issue_status", True),
    ("POST", API + "/photos/upload", "upload_photo", True),
    ("GET", API + "/notifications", "list_notifications", True),
    ("PATCH", API + "/notifications/mark-read", "mark_notifications_read", True),
    ("POST", API + "/devices/register", "register_device", True),
    ("GET", "/uploads/photos/<name>", "serve_photo", False),
)

# What the public server has today (mode routes = "auth-only"): these /api/v1 routes and no
# other; paths outside /api/v1 (photos) are kept.
PUBLIC_SERVER_HANDLERS = frozenset(("login", "refresh", "logout", "me", "register_device"))

PHOTO_PREFIX = "uploads/photos/"
INSPECTION_STATUSES = ("in_progress", "completed", "flagged")
ISSUE_SEVERITIES = ("low", "medium", "high", "critical")
ISSUE_STATUSES = ("open", "in_progress", "resolved")
REAL_ISSUE_STATUSES = ("open", "in_progress", "pending_verification", "resolved")
SEES_ALL_ROLES = ("supervisor", "director", "admin")   # director: the real server's supervisor
DEVICE_LIMITS = (("device_id", 64), ("device_name", 100))

# Server modes: set by flags at start, changed by POST /__admin/mode, back to the flags' values
# on POST /__admin/reset. Defaults are the contract's server; the others are the public one.
MODE_KEYS = ("time_zone", "microseconds", "csrf_refusal", "html_errors", "routes", "real_shapes")
ROUTE_SETS = ("all", "auth-only")
ENTITY_TYPES = ("inspection", "issue")
IMAGE_TYPES = {"image/jpeg": (b"\xff\xd8\xff", ".jpg"), "image/png": (b"\x89PNG\r\n\x1a\n", ".png")}


def compile_routes(routes):
    compiled = []
    for method, pattern, handler, needs_auth in routes:
        regex = re.escape(pattern).replace(re.escape("<id>"), r"(?P<id>\d+)")
        regex = regex.replace(re.escape("<name>"), r"(?P<name>[^/]+)")
        compiled.append((method, re.compile(regex + r"\Z"), handler, needs_auth))
    return compiled


def path_matches(pattern, path):
    """A path pattern as holds and faults use it: exact, or a prefix when it ends in "*"."""
    if pattern.endswith("*"):
        return path.startswith(pattern[:-1])
    return path == pattern


def zone_argument(text):
    """argparse type for --time-zone: an unknown zone stops the emulator at start."""
    try:
        load_zone(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def csrf_patterns(value):
    """The csrf_refusal mode from an admin value: true = every POST (["*"]), false/None/[] = off,
    a pattern or a list of them (each exact, or a prefix ending in "*"). ValueError otherwise."""
    if value is True:
        return ["*"]
    if value is False or value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(p, str) and p for p in value):
        raise ValueError("csrf_refusal must be true, false or a list of path patterns")
    return list(value)


def validate_modes(body):
    """The canonical values of the mode keys in `body` (only those), or ValueError."""
    if not isinstance(body, dict):
        raise ValueError("mode body must be a JSON object")
    unknown = sorted(set(body) - set(MODE_KEYS))
    if unknown:
        raise ValueError("unknown mode key(s) %s; known: %s" % (", ".join(unknown), ", ".join(MODE_KEYS)))
    changes = {}
    for key, value in body.items():
        if key == "time_zone":
            load_zone(value)
        elif key == "csrf_refusal":
            value = csrf_patterns(value)
        elif key == "routes":
            if value not in ROUTE_SETS:
                raise ValueError("routes must be one of %s" % ", ".join(ROUTE_SETS))
        elif not isinstance(value, bool):
            raise ValueError("%s must be true or false" % key)
        changes[key] = value
    return changes


COMPILED_ROUTES = compile_routes(ROUTES)


# --- small helpers ------------------------------------------------------------------------

def envelope(status, data=None, error=None, headers=None):
    return Response(status, {"ok": error is None, "data": data, "error": error}, headers=headers)


def ok(data, status=200):
    return envelope(status, data)


def fail(status, message, headers=None):
    return envelope(status, None, message, headers)


class JQCApp(JQCAdmin, App):
    name = "jqc"
    validate_modes = staticmethod(validate_modes)

    @staticmethod
    def add_arguments(parser):
        parser.add_argument("--token-ttl", type=int, default=3600,
                            help="access token lifetime in seconds (exp = iat + ttl)")
        parser.add_argument("--refresh-ttl", type=int, default=30 * 24 * 3600,
                            help="refresh token lifetime in seconds")
        parser.add_argument("--max-upload-bytes", type=int, default=50 * 1024 * 1024,
                            help="photo size above which /photos/upload answers 413")
        parser.add_argument("--upload-dir",
                            help="where uploaded photos are stored (default: a temp dir removed at exit)")
        parser.add_argument("--jwt-secret", default="jqc-emulator-secret",
                            help="HS256 key for access tokens")
        # Modes of the public server (all changeable at run time by POST /__admin/mode).
        parser.add_argument("--time-zone", type=zone_argument, default="UTC", metavar="NAME",
                            help="IANA zone whose naive wall-clock time the server stamps (default UTC)")
        parser.add_argument("--microseconds", action="store_true",
                            help="stamps carry microseconds (2026-12-06T17:51:02.266084)")
        parser.add_argument("--csrf-refusal", action="append", nargs="?", const="*", metavar="PATTERNS",
                            help="matching POSTs answer 400 'The CSRF token is missing.'; without a value "
                                 "every POST, else comma-separated path patterns (a trailing * is a prefix)")
        parser.add_argument("--html-errors", action="store_true",
                            help="unknown routes and wrong methods answer Flask's HTML 404/405 pages")
        parser.add_argument("--routes", choices=ROUTE_SETS, default="all",
                            help="auth-only: only the public server's auth and device routes exist under /api/v1")
        parser.add_argument("--real-shapes", action="store_true",
                            help="records shaped like the public server's models (implies --microseconds)")

    def flag_modes(self):
        """The modes as the command line set them: what /__admin/reset goes back to."""
        options = self.options
        patterns = []
        for value in getattr(options, "csrf_refusal", None) or []:
            patterns.extend(p.strip() for p in value.split(",") if p.strip())
        return {
            "time_zone": getattr(options, "time_zone", "UTC") or "UTC",
            "microseconds": bool(getattr(options, "microseconds", False)),
            "csrf_refusal": patterns,
            "html_errors": bool(getattr(options, "html_errors", False)),
            "routes": getattr(options, "routes", "all") or "all",
            "real_shapes": bool(getattr(options, "real_shapes", False)),
        }

    def set_modes(self, changes):
        """Applies validated mode values. Switching real_shapes on adds its seed records (the
        pending_verification issue, issue 3's verification) when they are missing; switching it
        off leaves records as they are, only their shape changes."""
        turning_real = changes.get("real_shapes") and not self.modes["real_shapes"]
        self.modes.update(changes)
        if "time_zone" in changes:
            self.zone = load_zone(self.modes["time_zone"])
        if turning_real:
            self.seed_real_shapes()

    # --- state ---------------------------------------------------------------------------
    def reset(self):
        # Modes first: the seed depends on them (real_shapes records, stamps in the zone).
        self.modes = self.flag_modes()
        self.zone = load_zone(self.modes["time_zone"])
        if not hasattr(self, "upload_dir"):
            if self.options.upload_dir:
                self.upload_dir = self.options.upload_dir
                os.makedirs(self.upload_dir, exist_ok=True)
                self.owns_upload_dir = False
            else:
                self.upload_dir = tempfile.mkdtemp(prefix="jqc-emulator-uploads-")
                self.owns_upload_dir = True
        for entry in os.listdir(self.upload_dir):
            path = os.path.join(self.upload_dir, entry)
            if os.path.isfile(path):
                os.remove(path)

        self.users = {u["id"]: dict(u, password=jqc_fixtures.SEED_PASSWORD) for u in jqc_fixtures.USERS}
        self.users_by_name = {u["username"]: u for u in self.users.values()}
        self.facilities = [dict(f) for f in jqc_fixtures.FACILITIES]
        self.areas = [dict(a) for a in jqc_fixtures.AREAS]
        self.templates = jqc_fixtures.templates()
        self.index_reference()
        self.seed_records()

        self.access_tokens = {}        # jti -> {"user_id", "exp"}; emptied by expire-tokens and reset
        self.refresh_tokens = {}       # token -> {"user_id", "expires_at", "device_id", "device_name"}
        self.devices = {}              # (user_id, device_id) -> what POST /devices/register was sent
        self.post_counts = {"inspections": {}, "issues": {}, "photos": {}}
        self.created_counts = {"inspections": 0, "issues": 0, "photos": 0}
        for hold in getattr(self, "holds", []):
            # A request still waiting at a hold wakes and is answered 503 without reaching its
            # handler (emulator_base: its generation is gone), so it changes nothing here.
            hold["event"].set()
        self.holds = []
        self.next_hold_id = 1

    def seed_records(self):
        """Inspections, issues, photos and notifications back to the seeded fixtures, and the id
        counters to just after them (what /__admin/server-reset starts from too)."""
        for name in list(getattr(self, "photos", {})):
            path = os.path.join(self.upload_dir, name)
            if os.path.isfile(path):
                os.remove(path)
        self.inspections = {}          # server id -> inspection record (contract shape)
        self.inspection_scores = {}    # server id -> score computed here by jqc_score
        self.inspections_by_local = {}
        for record, server_score in jqc_fixtures.history(self.templates, jqc_score.compute_score):
            self.inspections[record["id"]] = record
            self.inspection_scores[record["id"]] = server_score
        self.next_inspection_id = max(self.inspections) + 1

        self.issues = {i["id"]: i for i in jqc_fixtures.issues()}
        self.issues_by_local = {}
        self.next_issue_id = max(self.issues) + 1
        if self.modes["real_shapes"]:
            self.seed_real_shapes()

        self.photos = {}               # stored name -> {path, size, sha256, content_type, ...}
        self.photo_keys = {}           # (entity_type, local_id, filename) -> stored name
        for name, data in jqc_fixtures.SEED_PHOTOS.items():
            self.store_photo(name, data, "image/png", None, None, None)

        self.notifications = {n["id"]: dict(n) for n in jqc_fixtures.notifications()}
        self.next_notification_id = max(self.notifications) + 1

    def seed_real_shapes(self):
        """The real_shapes seed: issue 6 pending_verification for user 1 (unless that id is
        taken), and issue 3's verification (unless issue 3 is gone or already verified)."""
        added, updates = jqc_fixtures.real_shape_issues(self.server_wall_now(), self.stamp)
        for issue in added:
            if issue["id"] in self.issues:
                continue
            self.issues[issue["id"]] = dict(issue)
            self.next_issue_id = max(self.next_issue_id, issue["id"] + 1)
        for issue_id, extra in updates.items():
            issue = self.issues.get(issue_id)
            if issue is not None and issue.get("verified_by") is None:
                issue.update(extra)

    def server_now(self):
        """The server's own clock (UTC, naive): the real one shifted by /__admin/clock, so what
        the server stamps and its Date header agree, as on a real server whose clock is off.
        Stamps use server_wall_now(), this instant in the server's time zone."""
        return utcnow() + timedelta(seconds=self.clock_offset)

    def server_wall_now(self):
        """What the server writes as "now": its clock's wall time in the time_zone mode, naive
        (no offset, no Z), as a Flask app calling datetime.now() in that zone does. In a DST
        fall-back hour it repeats, so stamps can go backwards; in UTC it is server_now()."""
        return wall_time(self.server_now(), self.zone)

    def microseconds(self):
        return self.modes["microseconds"] or self.modes["real_shapes"]

    def stamp(self, value):
        """A stored date as the server writes it: whole seconds, or with microseconds."""
        return fmt_date(value, self.microseconds())

    def take_fault(self, method, path):
        """emulator_base's fault, answering in the JQC envelope unless the test gave a body.
        Called before the handler and outside the app lock, which is where a hold waits."""
        generation = self.generation
        self.wait_at_hold(method, path)
        if self.generation != generation:
            return None    # reset while held: emulator_base answers 503, the new faults stay armed
        fault = super().take_fault(method, path)
        if fault is not None and fault.status is not None and fault.body is None:
            fault.body = json.dumps({"ok": False, "data": None, "error": "Injected fault: HTTP %d" % fault.status})
            fault.content_type = "application/json"
        return fault

    def index_reference(self):
        self.facilities_by_id = {f["id"]: f for f in self.facilities}
        self.areas_by_id = {a["id"]: a for a in self.areas}
        self.templates_by_id = {t["id"]: t for t in self.templates}

    def state(self):
        now = time.time()
        inspections = {}
        for record in self.inspections.values():
            if record["local_id"] is None:
                continue
            summary = dict(record)
            summary["server_score"] = self.inspection_scores.get(record["id"])
            summary["scores_match"] = summary["server_score"] == record["overall_score"]
            # Keys no schema field owns, e.g. "Optional(5)" from a client that stringified an
            # optional id: the server accepts them silently, so tests need to see them here.
            template = self.templates_by_id.get(record["template_id"])
            known = {jqc_score.field_key(f.get("id")) for f in template["form_schema"]} if template else set()
            summary["unknown_keys"] = sorted(k for k in record["form_data"] if k not in known)
            inspections[record["local_id"]] = summary
        return {
            "mode": self.mode_values(),
            "users": [self.user_payload(u, full=True) | {"active": u["active"]} for u in self.users.values()],
            "inspections": inspections,
            "inspections_total": len(self.inspections),
            "follow_up_required_ids": sorted(i["id"] for i in self.inspections.values()
                                             if i["follow_up_required"]),
            "issues": [self.issues[k] for k in sorted(self.issues)],
            "issue_ids_by_local_id": dict(self.issues_by_local),
            "photos": {p["path"]: p for p in self.photos.values()},
            "notifications": [self.notification_payload(n, full=True) | {"user_id": n["user_id"]}
                              for n in sorted(self.notifications.values(), key=lambda n: n["id"])],
            "post_counts": self.post_counts,
            "created_counts": self.created_counts,
            "refresh_tokens_valid": sum(1 for t in self.refresh_tokens.values() if t["expires_at"] > now),
            "refresh_tokens": [{"token": token, "user_id": t["user_id"],
                                "username": self.users[t["user_id"]]["username"],
                                "device_id": t["device_id"], "device_name": t["device_name"]}
                               for token, t in self.refresh_tokens.items() if t["expires_at"] > now],
            "access_tokens_valid": sum(1 for t in self.access_tokens.values() if t["exp"] > now),
            "devices": [dict(d) for d in self.devices.values()],
            "upload_dir": self.upload_dir,
        }

    def mode_values(self):
        return {key: (list(self.modes[key]) if key == "csrf_refusal" else self.modes[key]) for key in MODE_KEYS}

    # --- payloads --------------------------------------------------------------------------
    def user_payload(self, user, full=False):
        """The API's user: the contract's shape, or the real server's (no full_name) in
        real_shapes mode. full=True (admin answers, state) is always the contract's shape."""
        keys = ("id", "username", "email", "role", "full_name", "created_at")
        if self.modes["real_shapes"] and not full:
            keys = ("id", "username", "email", "role", "created_at")
        return {key: user[key] for key in keys}

    def notification_payload(self, note, full=False):
        keys = ("id", "type", "title", "body", "link", "is_read", "issue_id", "inspection_id")
        if self.modes["real_shapes"] and not full:
            keys = keys[:1] + keys[2:]   # the real model has no type
        payload = {key: note[key] for key in keys}
        payload["created_at"] = self.stamp(note["created_at"])
        return payload

    def issue_payload(self, issue):
        """The API's issue: the contract's keys, or in real_shapes mode the real model's shape
        (no facility_id, local_id, reported_by; verified_by, verified_at, verification_note)."""
        if not self.modes["real_shapes"]:
            return {key: issue[key] for key in jqc_fixtures.ISSUE_KEYS}
        payload = {key: value for key, value in issue.items()
                   if key not in ("facility_id", "local_id", "reported_by")}
        for key in ("verified_by", "verified_at", "verification_note"):
            payload.setdefault(key, None)
        return payload

    def issue_statuses(self):
        return REAL_ISSUE_STATUSES if self.modes["real_shapes"] else ISSUE_STATUSES

    # --- routing ---------------------------------------------------------------------------
    def routing_error(self, status, allowed=()):
        """A request no route takes: the envelope, or werkzeug's HTML page (html_errors mode)."""
        if self.modes["html_errors"]:
            if status == 405:
                # werkzeug lists HEAD with GET and the OPTIONS Flask adds to every rule.
                methods = set(allowed) | {"OPTIONS"} | ({"HEAD"} if "GET" in allowed else set())
                return Response(405, raw=FLASK_405_HTML, content_type=HTML_CONTENT_TYPE,
                                headers={"Allow": ", ".join(sorted(methods))})
            return Response(404, raw=FLASK_404_HTML, content_type=HTML_CONTENT_TYPE)
        if status == 405:
            return fail(405, "Method not allowed", {"Allow": ", ".join(sorted(set(allowed)))})
        return fail(404, "Resource not found")

    def csrf_refuses(self, method, path):
        return method == "POST" and any(path_matches(p, path) for p in self.modes["csrf_refusal"])

    def route(self, req):
        path = req.path.rstrip("/") or "/"
        method = "GET" if req.method == "HEAD" else req.method
        allowed = []
        auth_only = self.modes["routes"] == "auth-only"
        for route_method, regex, handler_name, needs_auth in COMPILED_ROUTES:
            if auth_only and handler_name != "serve_photo" and handler_name not in PUBLIC_SERVER_HANDLERS:
                continue
            match = regex.match(path)
            if not match:
                continue
            if route_method != method:
                allowed.append(route_method)
                continue
            # Flask-WTF's check runs before the view (and its token check) for a request that
            # reached a route: a refusal of the request that changes nothing on the server.
            if self.csrf_refuses(method, path):
                return fail(400, CSRF_MISSING)
            user = None
            if needs_auth:
                user, refusal = self.authenticate(req)
                if refusal is not None:
                    return refusal
            try:
                return getattr(self, handler_name)(req, user, **match.groupdict())
            except Exception:  # noqa: BLE001 - a handler bug must still answer, as a 500
                traceback.print_exc(file=sys.stderr)
                return fail(500, "Internal server error")
        if allowed:
            return self.routing_error(405, allowed)
        return self.routing_error(404)

    def json_body(self, req):
        """(dict, None) or (None, 400 response) for a request that must carry a JSON object."""
        try:
            body = json.loads(req.body.decode("utf-8")) if req.body else None
        except (ValueError, UnicodeDecodeError):
            body = None
        if not isinstance(body, dict):
            return None, fail(400, "Request body must be a JSON object")
        return body, None

    # --- tokens ----------------------------------------------------------------------------
    def issue_access_token(self, user):
        issued = time.time()
        jti = uuid.uuid4().hex
        claims = {"sub": str(user["id"]), "role": user["role"], "iat": int(issued),
                  "exp": int(issued) + self.options.token_ttl, "jti": jti, "type": "access"}
        header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
        payload = b64url(json.dumps(claims, separators=(",", ":")).encode())
        signing_input = (header + "." + payload).encode("ascii")
        signature = hmac.new(self.options.jwt_secret.encode(), signing_input, hashlib.sha256).digest()
        # Expiry is enforced from the exact issue time, not the whole-second claim, so a token
        # from `--token-ttl 1` lives a full second instead of whatever is left of the current one.
        self.access_tokens[jti] = {"user_id": user["id"], "exp": issued + self.options.token_ttl}
        return header + "." + payload + "." + b64url(signature)

    def verify_access_token(self, token):
        """The token's user when its signature, expiry and registration all hold, else None."""
        try:
            header, payload, signature = token.split(".")
            signing_input = (header + "." + payload).encode("ascii")
            expected = hmac.new(self.options.jwt_secret.encode(), signing_input, hashlib.sha256).digest()
            if not hmac.compare_digest(expected, b64url_decode(signature)):
                return None
            if json.loads(b64url_decode(header)).get("alg") != "HS256":
                return None
            claims = json.loads(b64url_decode(payload))
        except (ValueError, UnicodeError, AttributeError, TypeError):
            return None
        if not isinstance(claims, dict) or claims.get("type") != "access":
            return None
        registered = self.access_tokens.get(claims.get("jti"))
        if not is_int(claims.get("exp")) or registered is None or time.time() >= registered["exp"]:
            return None
        user = self.users.get(int(claims["sub"])) if str(claims.get("sub", "")).isdigit() else None
        if user is None or not user["active"]:
            return None
        return user

    def authenticate(self, req):
        header = req.headers.get("Authorization") or ""
        scheme, _, token = header.strip().partition(" ")
        challenge = {"WWW-Authenticate": 'Bearer realm="jqc"'}
        if scheme.lower() != "bearer" or not token.strip():
            return None, fail(401, "Authentication required", challenge)
        user = self.verify_access_token(token.strip())
        if user is None:
            return None, fail(401, "Access token is invalid or expired", challenge)
        return user, None

    def issue_refresh_token(self, user, device_id=None, device_name=None):
        token = secrets.token_hex(32)
        self.refresh_tokens[token] = {"user_id": user["id"], "expires_at": time.time() + self.options.refresh_ttl,
                                      "device_id": device_id, "device_name": device_name}
        return token

    def token_pair(self, user, device_id=None, device_name=None):
        return {"access_token": self.issue_access_token(user),
                "refresh_token": self.issue_refresh_token(user, device_id, device_name),
                "token_type": "Bearer", "expires_in": self.options.token_ttl}

    # --- auth endpoints ----------------------------------------------------------------------
    def login(self, req, _user):
        body, refusal = self.json_body(req)
        if refusal is not None:
            return fail(400, "username and password are required")
        username, password = body.get("username"), body.get("password")
        if not isinstance(username, str) or not isinstance(password, str) or not username or not password:
            return fail(400, "username and password are required")
        user = self.users_by_name.get(username)
        refusal = self.device_refusal(body)
        if refusal is not None:
            return refusal
        if user is None or not user["active"] or not hmac.compare_digest(user["password"], password):
            return fail(401, "Invalid credentials")
        data = self.token_pair(user, body.get("device_id"), body.get("device_name"))
        data["user"] = self.user_payload(user)
        return ok(data)

    def refresh(self, req, _user):
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        token = body.get("refresh_token")
        if not isinstance(token, str) or not token:
            return fail(400, "refresh_token is required")
        record = self.refresh_tokens.pop(token, None)
        if record is None or record["expires_at"] <= time.time():
            return fail(401, "Refresh token is invalid or expired")
        user = self.users.get(record["user_id"])
        if user is None or not user["active"]:
            return fail(401, "Refresh token is invalid or expired")
        return ok(self.token_pair(user, record["device_id"], record["device_name"]))

    def logout(self, req, user):
        body, _ = self.json_body(req)
        token = (body or {}).get("refresh_token")
        record = self.refresh_tokens.get(token) if isinstance(token, str) else None
        if record is not None and record["user_id"] == user["id"]:
            del self.refresh_tokens[token]
        return ok({"message": "Logged out successfully"})

    def me(self, _req, user):
        return ok({"user": self.user_payload(user)})

    @staticmethod
    def device_refusal(body):
        """None, or the 400 for a device_id over 64 or a device_name over 100 characters (the
        public server's column sizes); both are optional."""
        for key, limit in DEVICE_LIMITS:
            value = body.get(key)
            if value is None:
                continue
            if not isinstance(value, str):
                return fail(400, "%s must be a string" % key)
            if len(value) > limit:
                return fail(400, "%s must be at most %d characters" % (key, limit))
        return None

    def register_device(self, req, user):
        """POST /devices/register (Bearer) {device_id, device_name?, ...}: the public server's
        device registration (push tokens and the like); every key sent is kept for the state."""
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        device_id = body.get("device_id")
        if not isinstance(device_id, str) or not device_id:
            return fail(400, "device_id is required")
        refusal = self.device_refusal(body)
        if refusal is not None:
            return refusal
        self.devices[(user["id"], device_id)] = dict(body, user_id=user["id"],
                                                    registered_at=self.stamp(self.server_wall_now()))
        return ok({"registered": True})

    # --- reference data ----------------------------------------------------------------------
    def list_facilities(self, _req, _user):
        return ok(self.facilities)

    def list_areas(self, _req, _user):
        return ok(self.areas)

    def list_templates(self, _req, _user):
        return ok(self.templates)

    # --- inspections -------------------------------------------------------------------------
    def validate_reference(self, body, key, table, required):
        """None when body[key] is valid, else the 422 message."""
        value = body.get(key)
        if value is None:
            return "%s is required" % key if required else None
        if not is_int(value):
            return "%s must be an integer" % key
        if value not in table:
            return "Unknown %s: %d" % (key, value)
        return None

    def replay_post(self, kind, local_id, by_local, records, owner_key, user, payload=None):
        """Counts a POST of `local_id` (dedupe on local_id): None for a new record, else the
        stored record with 200, or 409 when another user's record holds that local_id."""
        counts = self.post_counts[kind]
        counts[local_id] = counts.get(local_id, 0) + 1
        existing_id = by_local.get(local_id)
        if existing_id is None or existing_id not in records:
            return None
        existing = records[existing_id]
        singular = kind[:-1]
        if existing[owner_key] != user["id"]:
            return fail(409, "local_id %s already belongs to another user's %s" % (local_id, singular))
        return ok({singular: payload(existing) if payload else existing}, 200)

    def create_inspection(self, req, user):
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        local_id = body.get("local_id")
        if not isinstance(local_id, str) or not local_id:
            return fail(422, "local_id is required")
        replay = self.replay_post("inspections", local_id, self.inspections_by_local, self.inspections, "inspector_id", user)
        if replay is not None:
            return replay

        for key, table, required in (("template_id", self.templates_by_id, True),
                                     ("facility_id", self.facilities_by_id, True),
                                     ("area_id", self.areas_by_id, False),
                                     ("parent_inspection_id", self.inspections, False)):
            message = self.validate_reference(body, key, table, required)
            if message:
                return fail(422, message)
        area_id = body.get("area_id")
        if area_id is not None and self.areas_by_id[area_id]["facility_id"] != body["facility_id"]:
            return fail(422, "area_id %d does not belong to facility %d" % (area_id, body["facility_id"]))
        status = body.get("status", "completed")
        if status not in INSPECTION_STATUSES:
            return fail(422, "status must be one of %s" % ", ".join(INSPECTION_STATUSES))
        form_data = body.get("form_data", {})
        if not isinstance(form_data, dict):
            return fail(422, "form_data must be an object keyed by field id")
        local_key = find_local_path(form_data, None)
        if local_key is not None:
            return fail(422, "form_data field %s carries a local:// path; send \"\" for a photo "
                             "that is not uploaded yet" % local_key)
        score = body.get("overall_score")
        if score is not None and (not isinstance(score, (int, float)) or isinstance(score, bool)
                                  or not 0 <= score <= 100):
            return fail(422, "overall_score must be a number from 0 to 100, or null")
        notes = body.get("notes")
        if notes is not None and not isinstance(notes, str):
            return fail(422, "notes must be a string")
        dates = {}
        for key in ("started_at", "completed_at"):
            value = body.get(key)
            if value is None:
                dates[key] = None
                continue
            dates[key] = parse_date(value)
            if dates[key] is None:
                return fail(422, "%s must be a UTC date yyyy-MM-ddTHH:mm:ss" % key)

        now = self.server_wall_now()
        completed_at = dates["completed_at"] or (now if status == "completed" else None)
        record = {
            "id": self.next_inspection_id,
            "local_id": local_id,
            "template_id": body["template_id"],
            "facility_id": body["facility_id"],
            "area_id": area_id,
            "inspector_id": user["id"],
            "status": status,
            "overall_score": score,
            "form_data": form_data,
            "notes": notes,
            "inspection_date": self.stamp(dates["started_at"] or now),
            "completed_at": self.stamp(completed_at),
            "follow_up_required": False,
            "parent_inspection_id": body.get("parent_inspection_id"),
        }
        self.next_inspection_id += 1
        self.inspections[record["id"]] = record
        self.inspections_by_local[local_id] = record["id"]
        template = self.templates_by_id[record["template_id"]]
        self.inspection_scores[record["id"]] = jqc_score.compute_score(template["form_schema"], form_data)
        if self.modes["real_shapes"]:
            # The public server keeps the score it computes with its own rule, not the client's.
            record["overall_score"] = jqc_score.compute_score(template["form_schema"], form_data, rule="public")
        if record["parent_inspection_id"] is not None:
            self.inspections[record["parent_inspection_id"]]["follow_up_required"] = False
        self.created_counts["inspections"] += 1
        return ok({"inspection": record}, 201)

    def paging(self, req):
        """(limit, offset, None) or (None, None, 400 response)."""
        values = []
        for name, default in (("limit", 30), ("offset", 0)):
            text = req.arg(name)
            if text is None or text == "":
                values.append(default)
            elif text.isdigit():
                values.append(int(text))
            else:
                return None, None, fail(400, "%s must be a non-negative integer" % name)
        return min(values[0], 100), values[1], None

    def list_inspections(self, req, user):
        limit, offset, refusal = self.paging(req)
        if refusal is not None:
            return refusal
        status = req.arg("status") or None
        if status is not None and status not in INSPECTION_STATUSES:
            return fail(400, "status must be one of %s" % ", ".join(INSPECTION_STATUSES))
        sees_all = user["role"] in SEES_ALL_ROLES
        rows = [i for i in self.inspections.values()
                if (sees_all or i["inspector_id"] == user["id"]) and (status is None or i["status"] == status)]
        rows.sort(key=lambda i: (i["inspection_date"], i["id"]), reverse=True)
        return ok({"items": rows[offset:offset + limit], "total": len(rows), "limit": limit, "offset": offset})

    def get_inspection(self, _req, user, id):
        record = self.inspections.get(int(id))
        if record is None:
            return fail(404, "Resource not found")
        if user["role"] == "inspector" and record["inspector_id"] != user["id"]:
            return fail(403, "Insufficient permissions")
        return ok({"inspection": record})

    # --- issues ------------------------------------------------------------------------------
    def create_issue(self, req, user):
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        local_id = body.get("local_id")
        if not isinstance(local_id, str) or not local_id:
            return fail(422, "local_id is required")
        replay = self.replay_post("issues", local_id, self.issues_by_local, self.issues, "reported_by", user,
                                  self.issue_payload)
        if replay is not None:
            return replay
        for key, table, required in (("facility_id", self.facilities_by_id, True),
                                     ("area_id", self.areas_by_id, False),
                                     ("inspection_id", self.inspections, False)):
            message = self.validate_reference(body, key, table, required)
            if message:
                return fail(422, message)
        if self.modes["real_shapes"]:
            # The real model requires an area, and an issue's facility is its area's.
            area_id = body.get("area_id")
            if area_id is None:
                return fail(422, "area_id is required")
            if self.areas_by_id[area_id]["facility_id"] != body["facility_id"]:
                return fail(422, "area_id %d does not belong to facility %d" % (area_id, body["facility_id"]))
        severity = body.get("severity")
        if severity not in ISSUE_SEVERITIES:
            return fail(422, "severity must be one of %s" % ", ".join(ISSUE_SEVERITIES))
        description = body.get("description")
        if not isinstance(description, str) or not description.strip():
            return fail(422, "description is required")
        photo_path = body.get("photo_path") or None
        if photo_path is not None and (not isinstance(photo_path, str) or photo_path.startswith("local://")):
            return fail(422, "photo_path must be a server photo path (uploads/photos/...), not a local file")
        issue = self.new_issue(body["facility_id"], description, severity, user["id"],
                               area_id=body.get("area_id"), inspection_id=body.get("inspection_id"),
                               photo_path=photo_path, local_id=local_id)
        self.issues_by_local[local_id] = issue["id"]
        self.created_counts["issues"] += 1
        return ok({"issue": self.issue_payload(issue)}, 201)

    def new_issue(self, facility_id, description, severity, reported_by, **extra):
        issue = {"id": self.next_issue_id, "local_id": None, "inspection_id": None,
                 "facility_id": facility_id, "area_id": None, "severity": severity,
                 "description": description, "status": "open", "photo_path": None,
                 "result_photos": [], "result_notes": None, "assigned_to": None,
                 "reported_by": reported_by, "reported_at": self.stamp(self.server_wall_now()),
                 "resolved_at": None}
        issue.update(extra)
        self.next_issue_id += 1
        self.issues[issue["id"]] = issue
        return issue

    def list_issues(self, _req, user):
        rows = [i for i in self.issues.values() if user["id"] in (i["assigned_to"], i["reported_by"])]
        rows.sort(key=lambda i: (i["reported_at"], i["id"]), reverse=True)
        return ok([self.issue_payload(i) for i in rows])

    def visible_issue(self, user, issue_id):
        issue = self.issues.get(int(issue_id))
        if issue is None:
            return None, fail(404, "Resource not found")
        if user["role"] == "inspector" and user["id"] not in (issue["assigned_to"], issue["reported_by"]):
            return None, fail(403, "Insufficient permissions")
        return issue, None

    def get_issue(self, _req, user, id):
        issue, refusal = self.visible_issue(user, id)
        return refusal if refusal is not None else ok({"issue": self.issue_payload(issue)})

    def update_issue_status(self, req, user, id):
        issue, refusal = self.visible_issue(user, id)
        if refusal is not None:
            return refusal
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        status = body.get("status")
        statuses = self.issue_statuses()
        if status not in statuses:
            return fail(422, "status must be one of %s" % ", ".join(statuses))
        notes = body.get("notes")
        if notes is not None and not isinstance(notes, str):
            return fail(422, "notes must be a string")
        issue["status"] = status
        if notes:
            issue["result_notes"] = notes
        if status == "resolved":
            issue["resolved_at"] = issue["resolved_at"] or self.stamp(self.server_wall_now())
        else:
            issue["resolved_at"] = None
        return ok({"issue": self.issue_payload(issue)})

    # --- photos ------------------------------------------------------------------------------
    def store_photo(self, name, data, content_type, entity_type, local_id, filename):
        with open(os.path.join(self.upload_dir, name), "wb") as handle:
            handle.write(data)
        self.photos[name] = {"path": PHOTO_PREFIX + name, "size": len(data),
                             "sha256": hashlib.sha256(data).hexdigest(), "content_type": content_type,
                             "entity_type": entity_type, "local_id": local_id, "filename": filename}

    def upload_limit_text(self):
        limit = self.options.max_upload_bytes
        if limit % (1024 * 1024) == 0:
            return "%d MB" % (limit // (1024 * 1024))
        return "%d bytes" % limit

    def upload_photo(self, req, _user):
        limit = self.options.max_upload_bytes
        too_large = fail(413, "Upload exceeds the %s limit" % self.upload_limit_text())
        # The multipart framing adds a few hundred bytes; a body far past the limit is refused
        # before parsing, the photo part itself is checked exactly below.
        if len(req.body) > limit + 64 * 1024:
            return too_large
        try:
            parts = parse_multipart(req.headers.get("Content-Type"), req.body)
        except MultipartError as error:
            return fail(400, str(error))
        fields = {}
        photo = None
        for part in parts:
            if part["name"] == "photo":
                photo = part
            elif part["name"]:
                fields[part["name"]] = part["data"].decode("utf-8", "replace")
        if photo is None:
            return fail(422, "photo file is required")
        entity_type = fields.get("entity_type")
        if entity_type not in ENTITY_TYPES:
            return fail(422, "entity_type must be inspection or issue")
        local_id = fields.get("local_id")
        if not local_id:
            return fail(422, "local_id is required")
        if len(photo["data"]) > limit:
            return too_large
        expected = IMAGE_TYPES.get(photo["content_type"])
        if expected is None or not photo["data"].startswith(expected[0]):
            return fail(422, "photo must be a JPEG (image/jpeg) or PNG (image/png) image")
        filename = photo["filename"] or ""
        key = (entity_type, local_id, filename)
        count_key = "/".join(key)
        counts = self.post_counts["photos"]
        counts[count_key] = counts.get(count_key, 0) + 1
        known = self.photo_keys.get(key)
        if known is not None:
            if self.photos[known]["sha256"] != hashlib.sha256(photo["data"]).hexdigest():
                return fail(409, "A different photo named %s was already uploaded for %s %s"
                            % (filename or "(unnamed)", entity_type, local_id))
            return ok({"path": PHOTO_PREFIX + known}, 200)
        name = uuid.uuid4().hex + expected[1]
        self.store_photo(name, photo["data"], photo["content_type"], entity_type, local_id, filename)
        self.photo_keys[key] = name
        self.created_counts["photos"] += 1
        return ok({"path": PHOTO_PREFIX + name}, 201)

    def serve_photo(self, _req, _user, name):
        photo = self.photos.get(name)
        if photo is None:
            return fail(404, "Resource not found")
        with open(os.path.join(self.upload_dir, name), "rb") as handle:
            data = handle.read()
        return Response(200, raw=data, content_type=photo["content_type"])

    # --- notifications -----------------------------------------------------------------------
    def list_notifications(self, req, user):
        since_text = req.arg("since")
        if since_text:
            since = parse_date(since_text)
            if since is None:
                return fail(400, "since must be a UTC time yyyy-MM-ddTHH:mm:ss")
            # Inclusive and compared at whole seconds: a notice created in the same second as
            # the client's cursor is delivered (again) rather than lost; clients dedupe by id.
            since = since.replace(microsecond=0)
            rows = [n for n in self.notifications.values()
                    if n["user_id"] == user["id"] and n["created_at"].replace(microsecond=0) >= since]
        else:
            rows = [n for n in self.notifications.values() if n["user_id"] == user["id"] and not n["is_read"]]
        rows.sort(key=lambda n: (n["created_at"], n["id"]))
        return ok([self.notification_payload(n) for n in rows])

    def mark_notifications_read(self, req, user):
        body, refusal = self.json_body(req)
        if refusal is not None:
            return refusal
        ids = body.get("ids")
        if not isinstance(ids, list) or not all(is_int(i) for i in ids):
            return fail(422, "ids must be a list of notification ids")
        updated = 0
        for note_id in set(ids):
            note = self.notifications.get(note_id)
            if note is not None and note["user_id"] == user["id"] and not note["is_read"]:
                note["is_read"] = True
                updated += 1
        return ok({"updated": updated})

    def cleanup(self):
        if getattr(self, "owns_upload_dir", False):
            shutil.rmtree(self.upload_dir, ignore_errors=True)


def main(argv=None):
    # serve() stops on KeyboardInterrupt; turning SIGTERM into one lets the temp upload dir go.
    def interrupt(_signum, _frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, interrupt)
    created = []

    class ServedApp(JQCApp):
        def __init__(self, options):
            super().__init__(options)
            created.append(self)

    try:
        serve(ServedApp, argv)
    finally:
        for app in created:
            app.cleanup()


if __name__ == "__main__":
    main()
