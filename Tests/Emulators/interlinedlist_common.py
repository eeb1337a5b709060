"""Shared pieces of the InterlinedList emulator: constants, the error answers (ApiError,
UniqueViolation), ISO dates, content hashes, generated markdown and small value helpers.

Kept apart from the route mixins so every module of the emulator shares one definition.
"""

import hashlib
import random
from datetime import datetime, timezone

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
