"""Social routes of the InterlinedList emulator (mixed into InterlinedListApp): the user's
profile, messages (feed, posts, digs, replies, search, schedule), follows, people by username,
organizations and notifications.
"""

import re
import time

from emulator_base import Response
from interlinedlist_common import USER_UPDATE_FIELDS, ApiError, blank, iso, normalize_tag, parse_iso


class ILSocial:
    """User, message, follow, organization and notification handlers."""

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
        query, limit, offset = self.search_query(ctx)
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
