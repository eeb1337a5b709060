"""Document routes of the InterlinedList emulator (mixed into InterlinedListApp): documents,
document folders, search and the sync routes, with their write quirks.
"""

import re

from emulator_base import Response
from interlinedlist_common import ApiError, UniqueViolation, blank, content_hash, iso, parse_iso


class ILDocuments:
    """Document, document-folder and docs-sync handlers."""

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

    # ------------------------------------------------------------------ documents: search
    def docs_search(self, ctx):
        # No length limit on this route (the server checks none).
        query, limit, offset = self.search_query(ctx, max_length=None)
        needle = query.lower()
        found = [d for d in self.user_docs(ctx.user["id"]) if needle in d["title"].lower() or needle in d["content"].lower()]
        found.sort(key=lambda d: (d["updatedAt"], d["id"]), reverse=True)
        window = found[offset:offset + limit]
        items = [{k: (iso(d[k]) if k in ("createdAt", "updatedAt") else d[k])
                  for k in ("id", "title", "content", "folderId", "isPublic", "createdAt", "updatedAt")} for d in window]
        return Response(200, {"documents": items, "pagination": {
            "total": len(found), "limit": limit, "offset": offset, "hasMore": offset + len(window) < len(found)}})
