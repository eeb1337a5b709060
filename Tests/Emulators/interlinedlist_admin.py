"""Test-only admin endpoints of the InterlinedList emulator (mixed into InterlinedListApp), the
document quirks they arm, and GET /__admin/state. The shapes are listed in
interlinedlist_emulator.py's module docstring.
"""

import copy
import random
import time

from emulator_base import Fault, Response
from interlinedlist_common import ApiError, UniqueViolation, blank, generated_markdown, iso
from interlinedlist_store import ILStore


class ILAdmin:
    """Admin handlers; they answer plain JSON like emulator_base's own admin endpoints."""

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
        return dict(ILStore.folder_view(folder), userId=folder["userId"],
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
