"""Test-only admin endpoints of the JQC emulator (mixed into JQCApp).

They answer plain JSON (no envelope) like emulator_base's own admin endpoints, and let a test
reshape server state between two client runs: expire tokens, swap reference data, reassign
issues, push notifications, flag inspections for follow-up, disable users, switch the server's
modes (time zone, CSRF refusals, HTML errors, routes, real shapes) and set its clock. The
shapes are listed in jqc_emulator.py's module docstring.
"""

import json
import re
import threading
import time
from datetime import timedelta

import jqc_fixtures
from emulator_base import Response
from jqc_wire import is_int, parse_date, parse_instant, utcnow


def admin_json(status, body):
    return Response(status, body)


class JQCAdmin:
    """Admin handlers; the host class provides the state attributes and `new_issue`."""

    def admin(self, req):
        path = req.path[len("/__admin"):].rstrip("/")
        handler = None
        if path == "/clock" and req.method == "POST" and isinstance(req.json(), dict) and "now" in req.json():
            handler = self.admin_clock_now        # {"offset_seconds"} alone stays emulator_base's
        elif path == "/mode" and req.method in ("GET", "POST"):
            handler = self.admin_mode
        elif req.method == "POST":
            handler = {
                "/expire-tokens": self.admin_expire_tokens,
                "/revoke-refresh": self.admin_revoke_refresh,
                "/facilities": lambda body: self.admin_replace(body, "facilities"),
                "/areas": lambda body: self.admin_replace(body, "areas"),
                "/templates": lambda body: self.admin_replace(body, "templates"),
                "/issues": self.admin_create_issue,
                "/issues/assign": self.admin_assign_issue,
                "/assigned-issues": self.admin_set_assigned,
                "/notify": self.admin_notify,
                "/follow-up": self.admin_follow_up,
                "/users": self.admin_upsert_user,
                "/server-reset": self.admin_server_reset,
                "/hold": self.admin_hold,
                "/release": self.admin_release,
            }.get(path)
        elif req.method == "GET" and path == "/holds":
            handler = self.admin_holds
        elif req.method == "DELETE":
            match = re.fullmatch(r"/issues/(\d+)", path)
            if match:
                handler = lambda _body: self.admin_delete_issue(int(match.group(1)))  # noqa: E731
        if handler is None:
            return super().admin(req)
        if req.body:
            try:
                body = json.loads(req.body.decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                return admin_json(400, {"ok": False, "error": "admin body must be JSON"})
        else:
            body = {}
        with self.lock:
            try:
                return handler(body)
            except (TypeError, KeyError, ValueError, AttributeError) as error:
                # A malformed admin body is the test's mistake: say so instead of dropping the socket.
                return admin_json(400, {"ok": False, "error": "bad admin request: %r" % (error,)})

    def admin_user(self, ref):
        if is_int(ref):
            return self.users.get(ref)
        if isinstance(ref, str):
            return self.users_by_name.get(ref)
        return None

    def admin_mode(self, body):
        """GET: the modes; POST {key: value, ...}: only the keys given change (all validated
        before any is applied). Answers {"ok": true, "mode": {every mode}}."""
        if body:
            try:
                changes = self.validate_modes(body)
            except ValueError as error:
                return admin_json(400, {"ok": False, "error": str(error), "mode": self.mode_values()})
            self.set_modes(changes)
        return admin_json(200, {"ok": True, "mode": self.mode_values()})

    def admin_clock_now(self, body):
        """{"now": "2026-11-01T05:30:00Z"}: the server's UTC clock reads that instant now (an
        offset or none meaning UTC); later requests see it run on from there."""
        target = parse_instant(body.get("now"))
        if target is None:
            return admin_json(400, {"ok": False, "error": "now must be an ISO 8601 instant such as 2026-11-01T05:30:00Z"})
        self.clock_offset = (target - utcnow()).total_seconds()
        return admin_json(200, {"ok": True, "offset_seconds": self.clock_offset,
                                "now": self.server_now().isoformat() + "Z",
                                "wall_now": self.stamp(self.server_wall_now())})

    def admin_expire_tokens(self, _body):
        now = time.time()
        expired = sum(1 for t in self.access_tokens.values() if t["exp"] > now)
        self.access_tokens = {}
        return admin_json(200, {"ok": True, "expired": expired})

    def admin_revoke_refresh(self, body):
        ref = body.get("user") if isinstance(body, dict) else None
        user = self.admin_user(ref) if ref is not None else None
        if ref is not None and user is None:
            return admin_json(404, {"ok": False, "error": "unknown user %r" % (ref,)})
        doomed = [t for t, r in self.refresh_tokens.items() if user is None or r["user_id"] == user["id"]]
        for token in doomed:
            del self.refresh_tokens[token]
        return admin_json(200, {"ok": True, "revoked": len(doomed)})

    def admin_replace(self, body, kind):
        records = body.get(kind) if isinstance(body, dict) else body
        required = {"facilities": ("id", "name"), "areas": ("id", "facility_id", "name"),
                    "templates": ("id", "name", "form_schema")}[kind]
        if not isinstance(records, list) or not all(
                isinstance(r, dict) and all(k in r for k in required) for r in records):
            return admin_json(400, {"ok": False, "error": "%s must be a list of objects with %s"
                                    % (kind, ", ".join(required))})
        defaults = {"facilities": {"address": None, "project_id": None, "project_name": None},
                    "areas": {"area_type": None},
                    "templates": {"description": None, "frequency": None}}[kind]
        setattr(self, kind, [dict(defaults, **r) for r in records])
        self.index_reference()
        return admin_json(200, {"ok": True, "count": len(records)})

    def admin_create_issue(self, body):
        if not isinstance(body, dict):
            return admin_json(400, {"ok": False, "error": "issue must be an object"})
        reporter = self.admin_user(body.get("reported_by", "supervisor"))
        assignee_ref = body.get("assigned_to")
        assignee = self.admin_user(assignee_ref) if assignee_ref is not None else None
        if reporter is None or (assignee_ref is not None and assignee is None):
            return admin_json(404, {"ok": False, "error": "unknown reported_by or assigned_to user"})
        if body.get("facility_id") not in self.facilities_by_id:
            return admin_json(400, {"ok": False, "error": "facility_id must name a known facility"})
        extra = {key: body[key] for key in ("area_id", "inspection_id", "photo_path", "result_photos",
                                            "result_notes", "status", "reported_at", "resolved_at",
                                            "verified_by", "verified_at", "verification_note")
                 if key in body}
        if self.modes["real_shapes"] and extra.get("area_id") is None:
            # The real model requires an area: the facility's first one stands in.
            extra["area_id"] = next((a["id"] for a in self.areas if a["facility_id"] == body["facility_id"]), None)
        issue = self.new_issue(body["facility_id"], body.get("description", "Issue raised by a supervisor"),
                               body.get("severity", "medium"), reporter["id"],
                               assigned_to=assignee["id"] if assignee else None, **extra)
        return admin_json(200, {"ok": True, "issue": issue})

    def admin_assign_issue(self, body):
        issue = self.issues.get(body.get("issue_id")) if isinstance(body, dict) else None
        if issue is None:
            return admin_json(404, {"ok": False, "error": "unknown issue_id"})
        ref = body.get("user")
        user = self.admin_user(ref) if ref is not None else None
        if ref is not None and user is None:
            return admin_json(404, {"ok": False, "error": "unknown user %r" % (ref,)})
        issue["assigned_to"] = user["id"] if user else None
        return admin_json(200, {"ok": True, "issue": issue})

    def admin_set_assigned(self, body):
        user = self.admin_user(body.get("user")) if isinstance(body, dict) else None
        ids = body.get("issue_ids") if isinstance(body, dict) else None
        if user is None:
            return admin_json(404, {"ok": False, "error": "unknown user"})
        if not isinstance(ids, list) or any(i not in self.issues for i in ids):
            return admin_json(400, {"ok": False, "error": "issue_ids must be a list of known issue ids"})
        wanted = set(ids)
        unassigned = []
        for issue in self.issues.values():
            if issue["id"] in wanted:
                issue["assigned_to"] = user["id"]
            elif issue["assigned_to"] == user["id"]:
                issue["assigned_to"] = None
                unassigned.append(issue["id"])
        return admin_json(200, {"ok": True, "assigned": sorted(wanted), "unassigned": sorted(unassigned)})

    def admin_delete_issue(self, issue_id):
        issue = self.issues.pop(issue_id, None)
        if issue is None:
            return admin_json(404, {"ok": False, "error": "unknown issue"})
        if issue["local_id"] is not None:
            self.issues_by_local.pop(issue["local_id"], None)
        return admin_json(200, {"ok": True})

    def admin_notify(self, body):
        user = self.admin_user(body.get("user")) if isinstance(body, dict) else None
        if user is None:
            return admin_json(404, {"ok": False, "error": "unknown user"})
        created_at = self.server_wall_now() - timedelta(seconds=float(body.get("age_seconds", 0)))
        if body.get("created_at") is not None:
            created_at = parse_date(body["created_at"])
            if created_at is None:
                return admin_json(400, {"ok": False, "error": "created_at must be yyyy-MM-ddTHH:mm:ss"})
        note = {"id": self.next_notification_id, "user_id": user["id"],
                "type": body.get("type", "info"), "title": body.get("title", ""),
                "body": body.get("body", ""), "link": body.get("link"), "is_read": False,
                "created_at": created_at, "issue_id": body.get("issue_id"),
                "inspection_id": body.get("inspection_id")}
        self.next_notification_id += 1
        self.notifications[note["id"]] = note
        return admin_json(200, {"ok": True, "notification": self.notification_payload(note, full=True)})

    def admin_follow_up(self, body):
        record = self.inspections.get(body.get("inspection_id")) if isinstance(body, dict) else None
        if record is None:
            return admin_json(404, {"ok": False, "error": "unknown inspection_id"})
        record["follow_up_required"] = bool(body.get("follow_up_required", True))
        return admin_json(200, {"ok": True, "inspection": record})

    def admin_upsert_user(self, body):
        if not isinstance(body, dict) or not isinstance(body.get("username"), str):
            return admin_json(400, {"ok": False, "error": "username is required"})
        user = self.users_by_name.get(body["username"])
        if user is None:
            user_id = max(self.users) + 1
            user = {"id": user_id, "username": body["username"], "email": "%s@jqc.example" % body["username"],
                    "role": "inspector", "full_name": "", "created_at": self.stamp(self.server_wall_now()),
                    "active": True, "password": jqc_fixtures.SEED_PASSWORD}
            self.users[user_id] = user
            self.users_by_name[user["username"]] = user
        for key in ("password", "role", "full_name", "email", "active"):
            if key in body:
                user[key] = body[key]
        return admin_json(200, {"ok": True, "user": self.user_payload(user, full=True) | {"active": user["active"]}})

    # --- a server that was reset -------------------------------------------------------------
    def admin_server_reset(self, body):
        """The server lost what clients sent (wiped, or restored from a backup older than their
        work): inspections, issues, photos and notifications go back to the seeded fixtures.
        Users, sessions and reference data stay, so clients stay logged in. With reuse_ids (the
        default) the id counters go back too, so the next records get ids clients already hold
        for the work they sent before; with reuse_ids false they carry on from where they were."""
        reuse = body.get("reuse_ids", True) if isinstance(body, dict) else True
        counters = ("next_inspection_id", "next_issue_id", "next_notification_id")
        kept = {name: getattr(self, name) for name in counters}
        before = {"inspections": len(self.inspections), "issues": len(self.issues),
                  "photos": len(self.photos), "notifications": len(self.notifications)}
        self.seed_records()
        if not reuse:
            for name, value in kept.items():
                setattr(self, name, value)
        after = {"inspections": len(self.inspections), "issues": len(self.issues),
                 "photos": len(self.photos), "notifications": len(self.notifications)}
        return admin_json(200, {"ok": True, "forgotten": {k: before[k] - after[k] for k in before},
                                "next_ids": {"inspections": self.next_inspection_id, "issues": self.next_issue_id,
                                             "notifications": self.next_notification_id}})

    # --- holds: a request kept waiting until the test lets it go -------------------------------
    @staticmethod
    def hold_matches(hold, method, path):
        if hold["method"] and hold["method"].upper() != method:
            return False
        if hold["path"].endswith("*"):
            return path.startswith(hold["path"][:-1])
        return path == hold["path"]

    def wait_at_hold(self, method, path):
        """Called for every API request before its handler: a matching hold keeps it here (the
        client sees a request in flight) until /__admin/release, or the hold's timeout."""
        with self.lock:
            hold = next((h for h in self.holds if h["remaining"] != 0 and self.hold_matches(h, method, path)), None)
            if hold is None:
                return
            if hold["remaining"] > 0:
                hold["remaining"] -= 1
            hold["waiting"] += 1
        hold["event"].wait(hold["timeout"])
        with self.lock:
            hold["waiting"] -= 1
            hold["passed"] += 1

    def admin_hold(self, body):
        if not isinstance(body, dict) or not isinstance(body.get("path"), str):
            return admin_json(400, {"ok": False, "error": "hold needs a path"})
        hold = {"id": self.next_hold_id, "path": body["path"], "method": body.get("method"),
                "remaining": int(body.get("count", 1)), "timeout": float(body.get("timeout_s", 30)),
                "waiting": 0, "passed": 0, "event": threading.Event()}
        self.next_hold_id += 1
        self.holds.append(hold)
        return admin_json(200, {"ok": True, "id": hold["id"]})

    def admin_holds(self, _body):
        return admin_json(200, {"holds": [{key: h[key] for key in ("id", "path", "method", "remaining", "waiting", "passed")}
                                          for h in self.holds]})

    def admin_release(self, body):
        wanted = body.get("id") if isinstance(body, dict) else None
        released = 0
        for hold in self.holds:
            if wanted is None or hold["id"] == wanted:
                hold["remaining"] = 0
                hold["event"].set()
                released += 1
        if wanted is None:
            # This endpoint shadows emulator_base's POST /__admin/release: without an id it
            # answers the requests held by a `hold` fault too, as the base one does.
            self.release.set()
            self.release = threading.Event()
        return admin_json(200, {"ok": True, "released": released})
