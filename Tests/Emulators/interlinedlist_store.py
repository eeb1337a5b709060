"""State of the InterlinedList emulator (mixed into InterlinedListApp): reset and the seeded
fixtures, the object builders (messages, lists, documents and their unique keys, document
folders) and the JSON views the routes answer with.
"""

import re
import time

from interlinedlist_common import BASE_TIME_MS, ApiError, UniqueViolation, blank, content_hash, iso, normalize_tag


class ILStore:
    """Fixtures, builders and views; the host class provides options and the route mixins."""

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
