"""Wire formats the JQC emulator speaks: API dates, base64url for JWTs, multipart bodies.

Kept apart from the route handlers so the admin mixin and the emulator share one definition.
"""

import base64
import re
from datetime import datetime, timezone
from email.message import Message

DATE_RE = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d{1,6})?Z?$")


def utcnow():
    return datetime.now(timezone.utc).replace(tzinfo=None)


def fmt_date(value):
    return value.strftime("%Y-%m-%dT%H:%M:%S") if value is not None else None


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
