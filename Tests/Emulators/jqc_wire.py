"""Wire formats the JQC emulator speaks: API dates, base64url for JWTs, multipart bodies, and
the pages and messages the public Flask server answers with (its HTML 404/405, its CSRF refusal).

Kept apart from the route handlers so the admin mixin and the emulator share one definition.
"""

import base64
import re
from datetime import datetime, timezone
from email.message import Message
from zoneinfo import ZoneInfo

DATE_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z?$")


def utcnow():
    return datetime.now(timezone.utc).replace(tzinfo=None)


def fmt_date(value, microseconds=False):
    """An API date: whole seconds, or with microseconds the way the real server writes them
    (datetime.isoformat: `2026-12-06T17:51:02.266084`, no fraction when it is zero)."""
    if value is None:
        return None
    if microseconds:
        return value.isoformat(timespec="auto")
    return value.strftime("%Y-%m-%dT%H:%M:%S")


def load_zone(name):
    """The ZoneInfo for an IANA name from the system tz database, or ValueError."""
    if not isinstance(name, str) or not name:
        raise ValueError("time_zone must be an IANA zone name such as America/New_York")
    try:
        return ZoneInfo(name)
    except (KeyError, ValueError, OSError, UnicodeError):
        raise ValueError("unknown time zone %r" % (name,)) from None


def wall_time(utc_naive, zone):
    """The naive wall-clock time in `zone` at the naive UTC instant `utc_naive`: what a server
    running in that zone writes with datetime.now() (no offset, so DST repeats an hour)."""
    return utc_naive.replace(tzinfo=timezone.utc).astimezone(zone).replace(tzinfo=None)


def parse_instant(text):
    """An absolute instant (ISO 8601; `Z`, an offset, or none meaning UTC) as naive UTC, or None."""
    if not isinstance(text, str):
        return None
    try:
        parsed = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if parsed.tzinfo is not None:
        parsed = parsed.astimezone(timezone.utc).replace(tzinfo=None)
    return parsed


def parse_date(text):
    """An API date (yyyy-MM-ddTHH:mm:ss, optional fraction, optional Z) or None."""
    if not isinstance(text, str):
        return None
    match = DATE_RE.match(text)
    if not match:
        return None
    try:
        parsed = datetime.strptime(match.group(1) + "T" + match.group(2), "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return None
    if match.group(3):
        parsed = parsed.replace(microsecond=int((match.group(3)[1:] + "000000")[:6]))
    return parsed


# What the public Flask server answers where its JSON handlers do not reach: werkzeug's pages
# for routing errors, byte for byte, and the envelope its CSRF error handler writes.
HTML_CONTENT_TYPE = "text/html; charset=utf-8"
FLASK_404_HTML = ("<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n"
                  "<p>The requested URL was not found on the server. If you entered the URL manually "
                  "please check your spelling and try again.</p>\n")
FLASK_405_HTML = ("<!doctype html>\n<html lang=en>\n<title>405 Method Not Allowed</title>\n"
                  "<h1>Method Not Allowed</h1>\n<p>The method is not allowed for the requested URL.</p>\n")
CSRF_MISSING = "The CSRF token is missing."


def is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def find_local_path(value, key):
    """The form-data key whose value (at any depth) is a local:// path, or None."""
    if isinstance(value, str):
        return key if value.startswith("local://") else None
    if isinstance(value, list):
        for item in value:
            found = find_local_path(item, key)
            if found is not None:
                return found
    if isinstance(value, dict):
        for inner_key, item in value.items():
            found = find_local_path(item, key if key is not None else inner_key)
            if found is not None:
                return found
    return None


class MultipartError(ValueError):
    pass


def parse_multipart(content_type, body):
    """Parts of a multipart/form-data body: [{"name", "filename", "content_type", "data"}].

    Written by hand because the cgi module is deprecated; the email package only parses the
    header parameters (quoting, RFC 2231 filenames).
    """
    header = Message()
    header["content-type"] = content_type or ""
    if header.get_content_type() != "multipart/form-data":
        raise MultipartError("Expected a multipart/form-data body")
    boundary = header.get_param("boundary")
    if not boundary:
        raise MultipartError("multipart/form-data body without a boundary")
    delimiter = b"--" + str(boundary).encode("latin-1")
    position = body.find(delimiter)
    if position < 0:
        raise MultipartError("Malformed multipart body: boundary not found")
    position += len(delimiter)
    parts = []
    while True:
        if body[position:position + 2] == b"--":
            return parts
        if body[position:position + 2] != b"\r\n":
            raise MultipartError("Malformed multipart body: bad boundary line")
        position += 2
        end = body.find(b"\r\n" + delimiter, position)
        if end < 0:
            raise MultipartError("Malformed multipart body: missing closing boundary")
        raw = body[position:end]
        split = raw.find(b"\r\n\r\n")
        if raw.startswith(b"\r\n"):
            head, data = b"", raw[2:]
        elif split >= 0:
            head, data = raw[:split], raw[split + 4:]
        else:
            raise MultipartError("Malformed multipart body: part without a blank line")
        part_headers = Message()
        for line in head.decode("utf-8", "replace").split("\r\n"):
            if ":" in line:
                name, value = line.split(":", 1)
                part_headers[name.strip()] = value.strip()
        disposition_name = part_headers.get_param("name", header="content-disposition")
        parts.append({
            "name": str(disposition_name) if disposition_name is not None else None,
            "filename": part_headers.get_filename(),
            "content_type": part_headers.get_content_type() if part_headers.get("content-type") else None,
            "data": data,
        })
        position = end + 2 + len(delimiter)
