"""List routes of the InterlinedList emulator (mixed into InterlinedListApp): lists, list
schemas, rows and list folders (whose folder helpers the document folders share).
"""

from emulator_base import Response
from interlinedlist_common import LIST_PAGE_CAP, ApiError, blank, iso
from interlinedlist_schema import (SchemaError, check_property_edit, empty, parse_dsl, to_dsl, validate_dsl,
                                  validate_form)


class ILLists:
    """List, schema, row and list-folder handlers."""

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
        query, limit, offset = self.search_query(ctx)
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
