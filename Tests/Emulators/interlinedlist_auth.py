"""Login routes of the InterlinedList emulator (mixed into InterlinedListApp): sync token,
cookie session, logout and the login rate limit.
"""

import secrets
import time

from emulator_base import Response
from interlinedlist_common import SESSION_COOKIE, ApiError


class ILAuth:
    """Auth handlers; the host class provides users, tokens, sessions and the login log."""

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
