#!/usr/bin/env python3
"""MCMS (PON manager) emulator for fieldops tests — python3 standard library only.

Serves /work/shared/contracts/mcms.md under http://127.0.0.1:PORT/api:
session login with cookie + CSRF, ONU/OLT state and config documents, alarms, logs,
ONU firmware files and the versionless CPE DHCP helper.

Documents are kept as raw JSON text, never re-serialised from floats, so 64-bit integers
(18446744073709551615), decimals (-18.20), exponents (1e3) and key order survive a GET/PUT
round trip byte for byte. A PUT stores the exact text of the body's `data` value.

Run:  python3 Tests/Emulators/mcms_emulator.py --port 0 [--seed 1] [--olts 8] [--onus 2000]
          [--boot-delay S] [--boot-jitter S] [--no-upgrade-block] [--host-cookies] [--strict-ids] [--session-ttl SECONDS] [--tls-cert C --tls-key K]
          [--verbose]

Users: tech@example.net / pon-secret (writes), viewer@example.net / pon-secret (read only).
Cookies: sessionid + csrftoken, or __Host-sessionid + __Host-csrftoken (Secure; Path=/) with
--host-cookies or TLS. Order of checks, as in Django: route (404/405), session (401), CSRF on
unsafe methods (403 "CSRF Failed: ..."), permission (403), then the id and the view.

The fleet is generated from --seed: ONU #0 is an ALPH AP-G2110 (registered, ordinary; the
firmware file ALPH-G2425-R5.0.0.bin does not support it), #1 has no ONU-STATE, #2 has an
ONU-STATE "FW Bank Ptr" of 65535, #3 is in no OLT bucket, #4 has every 64-bit counter at
18446744073709551615; a further ~0.2% each of the first three kinds are scattered through the
fleet. /__admin/state lists them under "special".

Firmware activation (mcms_activation.py): a PUT moving ONU-CFG "FW Bank Ptr" off the running
bank reboots the ONU for --boot-delay (± --boot-jitter) seconds, out of "Registered", then it
comes back on the new bank, falls back to the old one, or never comes back, as a test chose.

Admin endpoints (besides the base ones: faults, latency, requests, stats, reset):
  POST   /__admin/activation           {"boot_delay", "jitter", "upgrade_block", "default",
                                        "outcomes": {"<id>": "success"|"fall-back"|"never-back"}}
  GET    /__admin/activations          every activation (start, ready, ended, outcome), the ids
                                       still booting and the most booting at once per OLT
  GET    /__admin/state                counts, users, sessions, writes log, special ids, ids
  POST   /__admin/expire-sessions      ends every session (the next request gets 401)
  POST   /__admin/fleet                {"add": N, "remove": [id…], "after": {"path", "requests"}}:
                                       ONUs come and go now, or right after the n-th answered
                                       request for that path (between a listing's pages); the
                                       changes applied are in /__admin/state "fleet_changes"
  GET    /__admin/onu-ids              every ONU id (configs), sorted
  POST   /__admin/paging               {"ignore_skip": true}: document lists answer as if skip were 0
  GET    /__admin/config/<id>          stored raw text of the ONU-CFG or OLT-CFG document
  PUT    /__admin/config/<id>          replace it with the raw body (a document with that _id)
  GET    /__admin/onu-state/<id>       raw text of the ONU-STATE document (PUT, DELETE likewise)
  GET    /__admin/olt-state/<id>       raw text of the OLT-STATE document (PUT, DELETE likewise)
  GET    /__admin/alarms/<id>          the device's active alarms (seeded from its id until set)
  PUT    /__admin/alarms/<id>          replace them with the body's list (or {"Alarms": [...]})
  DELETE /__admin/alarms               every device's alarms cleared (not the scheduled ones)
  GET    /__admin/clock                {"now": "2026-06-01T12:00:03.120000", "frozen": false}
  POST   /__admin/clock                {"set": ISO, "advance": seconds >= 0, "frozen": bool}, each
                                       optional (set first, then advance); answers as GET does.
                                       {"offset_seconds": N} alone stays emulator_base's (Date header)
  POST   /__admin/drift                {"onus": {"<id>": {"rx_db_per_day", "tx_db_per_day", "step_db",
                                       "step_at", "fec_per_hour", "bip_per_hour", "blips": [{"at",
                                       "seconds", "rx_db"}], "from"}}, "all": {"fec_per_hour",
                                       "bip_per_hour", "from"}}; answers as GET does
  GET    /__admin/drift                {"onus": {"<id>": spec + "from" + "base"}, "all": spec|null}
  DELETE /__admin/drift                no drift any more (the values stay as they are)
  POST   /__admin/alarm-schedule       {"alarms": [{"device", "alarm": {"Name", "Severity", "Message"},
                                       "raise_at": ISO, "clear_at": ISO|null}]}, appended
  GET    /__admin/alarm-schedule       {"alarms": [... + "active"]}; DELETE clears the schedule

Alarms are served per device (/v1/onus/alarms/<id>/) and for every device at once
(/v1/onus/alarms/, /v1/olts/alarms/: [{"_id", "Alarms"}], with projection, query, sort, limit, skip).

The clock (now()): BASE_TIME, 2026-06-01 12:00:00 local (naive, as every MCMS stamp), plus the real
time since the reset, until a test sets, advances or freezes it (/__admin/clock); every time the
emulator shows or compares goes through it: "Time" written on writes and activations, boot delays,
session lifetimes, scheduled alarms (the writes log of /__admin/state keeps wall time, as the
request log does). The seeded fixtures (generated alarms, logs, CPE leases) are
dated from BASE_TIME moved by the clock's jumps, so a fresh process always shows the same ones.
After each clock change (and each drift spec set) every ONU and OLT state document with a
top-level "Time" reads now() there, as if just polled (an ONU dead after a never-back activation
excepted), and the ONUs with a drift spec report, with t = now() and t0 = the spec's "from":
  RX Optical Level  base + rx_db_per_day × days(t − t0) + step_db once t ≥ step_at (default t0)
                    + rx_db of each blip with at ≤ t < at + seconds          (two decimals)
  TX Optical Level  base + tx_db_per_day × days(t − t0)                      (two decimals)
  FEC Corrected     base + ⌊fec_per_hour × hours(t − t0)⌋, wrapping at 2^64 as a 64-bit counter
  BIP Errors        base + ⌊bip_per_hour × hours(t − t0)⌋, likewise
where base is what the document held when a spec was first set for that ONU (a spec given again
replaces it but keeps the base; DELETE /__admin/drift forgets both). Only the quantities a spec
names are written, and only ONUs with a spec are computed: the others' documents just get the
new "Time" from their text. "all" grows the two counters of every ONU with a state document
(an ONU's own fec_per_hour / bip_per_hour, when its spec has them, wins).

Collections page as Mongo does: `limit`, `skip`, `sort` ({"_id":1} or "_id,-Time") and `query`
(equality, $in, $nin, $ne, $exists, $gt, $gte, $lt, $lte). A page sorted by `_id`, unfiltered or
filtered only by a range on `_id` (the keyset page after an id), is a slice of a sorted id index:
serving it touches only the documents on the page, so a 100,000-ONU fleet pages cheaply.
"""

import bisect
import copy
import datetime
import json
import math
import os
import random
import secrets
import string
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from emulator_base import App, Response, serve  # noqa: E402
from mcms_activation import Activations  # noqa: E402


# --- field-name table -----------------------------------------------------------------------
class F:
    """Every document key the emulator reads or writes; a deployment that differs is one edit."""

    ID = "_id"
    TIME = "Time"
    ONU = "ONU"
    OLT = "OLT"
    STATS = "STATS"
    NETCONF = "NETCONF"
    ONLINE_TIME = "Online Time"
    FW_BANK_PTR = "FW Bank Ptr"
    FW_BANK_VERSIONS = "FW Bank Versions"
    FW_BANK_FILES = "FW Bank Files"
    FW_VERSION = "FW Version"
    VENDOR = "Vendor"
    EQUIPMENT_ID = "Equipment ID"
    MODEL = "Model"
    SERIAL = "Serial Number"
    ONU_SERIAL = "Serial"
    OMCI_VERSION = "OMCI Version"
    PON_PORT = "PON Port"
    ONU_ID = "ONU ID"
    VOLTAGE = "Voltage V"
    BIAS = "Bias mA"
    BIP_ERRORS = "BIP Errors"
    ENABLE = "Enable"
    CUSTOM_NOTE = "Custom Note"
    MAC_ADDRESS = "MAC Address"
    NAME = "Name"
    RESET_COUNT = "Reset Count"
    RX_OPTICAL = "RX Optical Level"
    TX_OPTICAL = "TX Optical Level"
    FEC_CORRECTED = "FEC Corrected"
    FEC_UNCORRECTABLE = "FEC Uncorrectable"
    RX_RATE = "RX Rate bps"
    TX_RATE = "TX Rate bps"
    UNI_ETH = "UNI-ETH %d"
    LINK = "Link"
    SPEED = "Speed"
    ONU_STATES = "ONU States"
    REGISTERED = "Registered"
    UNPROVISIONED = "Unprovisioned"
    DEREGISTERED = "Deregistered"
    DISABLED = "Disabled"
    DYING_GASP = "Dying Gasp"
    ENVIRONMENT = "Environment"
    TEMPERATURE = "Temperature C"
    UPLINK = "Uplink"
    ALARMS = "Alarms"
    SEVERITY = "Severity"
    MESSAGE = "Message"
    CPE_MAC = "MAC"
    CPE_IPV4 = "IPv4"
    CPE_HOSTNAME = "Hostname"
    CPE_LEASE_EXPIRY = "Lease Expiry"
    FILE_NAME = "filename"
    FILE_VERSION = "version"
    FILE_MODELS = "models"
    FW_UPGRADE = "FW Upgrade"
    UPGRADE_STATUS = "Status"
    UPGRADE_PROGRESS = "Progress"
    UPGRADE_FAILURE = "Failure"
    LOGIN_EMAIL = "email"
    LOGIN_PASSWORD = "password"


BUCKETS = (F.REGISTERED, F.UNPROVISIONED, F.DEREGISTERED, F.DISABLED, F.DYING_GASP)

# --- route table ----------------------------------------------------------------------------
# (method, path pattern, handler, collection). `{id}` is one raw path segment, decoded once.
ROUTES = [
    ("POST", "/api/v1/users/authenticate/", "authenticate", None),
    ("POST", "/api/v1/users/logout/", "logout", None),
    ("GET", "/api/v1/onus/states/", "list_docs", "onu_states"),
    ("GET", "/api/v1/onus/states/{id}/", "get_doc", "onu_states"),
    ("GET", "/api/v1/onus/configs/", "list_docs", "onu_configs"),
    ("GET", "/api/v1/onus/configs/{id}/", "get_doc", "onu_configs"),
    ("PUT", "/api/v1/onus/configs/{id}/", "put_doc", "onu_configs"),
    ("GET", "/api/v1/onus/alarms/", "alarm_list", "onu_configs"),
    ("GET", "/api/v1/onus/alarms/{id}/", "alarms", "onu_configs"),
    ("GET", "/api/v1/onus/logs/{id}/", "logs", "onu_configs"),
    ("GET", "/api/v1/olts/states/", "list_docs", "olt_states"),
    ("GET", "/api/v1/olts/states/{id}/", "get_doc", "olt_states"),
    ("GET", "/api/v1/olts/configs/", "list_docs", "olt_configs"),
    ("GET", "/api/v1/olts/configs/{id}/", "get_doc", "olt_configs"),
    ("PUT", "/api/v1/olts/configs/{id}/", "put_doc", "olt_configs"),
    ("GET", "/api/v1/olts/alarms/", "alarm_list", "olt_configs"),
    ("GET", "/api/v1/olts/alarms/{id}/", "alarms", "olt_configs"),
    ("GET", "/api/v1/olts/logs/{id}/", "logs", "olt_configs"),
    ("GET", "/api/v1/files/onu-firmware/", "firmware_files", None),
    ("GET", "/api/cpe/onu/{id}/", "cpe", "onu_configs"),
]

UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
PUBLIC_HANDLERS = ("authenticate",)
READ_ONLY_ALLOWED = ("logout",)   # unsafe, but a viewer may still log out

USERS = {
    "tech@example.net": {"password": "pon-secret", "can_write": True},
    "viewer@example.net": {"password": "pon-secret", "can_write": False},
}

MSG_NO_AUTH = "Authentication credentials were not provided."
MSG_NO_PERMISSION = "You do not have permission to perform this action."
MSG_BAD_LOGIN = "Invalid email or password."

# --- raw JSON numbers -----------------------------------------------------------------------
# A decimal or exponent number is held as a str subclass between \x01 and \x02 markers, so the
# C json encoder writes it as "\u0001<text>\u0002" and two plain replacements (no regex: they
# are most of the cost of generating a 100,000-ONU fleet) turn that back into the bare text.
RAW_MARK = "\x01"
RAW_END = "\x02"


class RawNumber(str):
    """A JSON number kept as its exact source text (e.g. -18.20, 1e3)."""

    @property
    def text(self):
        return str.__str__(self)[1:-1]


def raw_number(text):
    return RawNumber(RAW_MARK + text + RAW_END)


def render(value):
    """JSON text of a document tree whose non-integer numbers are RawNumber."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace('"\\u0001', "").replace('\\u0002"', "")


def parse(text):
    return json.JSONDecoder(parse_float=raw_number).decode(text)


DECODER = json.JSONDecoder(parse_float=raw_number)
WS = " \t\r\n"


def data_span(text):
    """Parse an object body and return (parsed data value, exact source text of that value)."""
    i = 0
    n = len(text)

    def skip(j):
        while j < n and text[j] in WS:
            j += 1
        return j

    i = skip(i)
    if i >= n or text[i] != "{":
        raise ValueError("body is not a JSON object")
    i = skip(i + 1)
    found = None
    if i < n and text[i] == "}":
        i += 1
    else:
        while True:
            if i >= n or text[i] != '"':
                raise ValueError("expected a key")
            key, i = json.decoder.scanstring(text, i + 1)
            i = skip(i)
            if i >= n or text[i] != ":":
                raise ValueError("expected ':'")
            i = skip(i + 1)
            value, end = DECODER.raw_decode(text, i)
            if key == "data":
                found = (value, text[i:end])
            i = skip(end)
            if i < n and text[i] == ",":
                i = skip(i + 1)
                continue
            if i < n and text[i] == "}":
                i += 1
                break
            raise ValueError("expected ',' or '}'")
    if skip(i) != n:
        raise ValueError("trailing data after the body")
    if found is None:
        raise ValueError("missing data")
    return found


def numbers_equal(a, b):
    import decimal
    try:
        da = decimal.Decimal(a.text if isinstance(a, RawNumber) else str(a))
        db = decimal.Decimal(b.text if isinstance(b, RawNumber) else str(b))
    except (decimal.InvalidOperation, ValueError):
        return False
    return da == db


def values_equal(a, b):
    if isinstance(a, RawNumber) or isinstance(b, RawNumber):
        if isinstance(a, bool) or isinstance(b, bool):
            return False
        if isinstance(a, (RawNumber, int)) and isinstance(b, (RawNumber, int)):
            return numbers_equal(a, b)
        return False
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


MISSING = object()


def lookup(doc, dotted):
    value = doc
    for part in dotted.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return MISSING
    return value


def project(doc, paths):
    """Only the dotted paths (and `_id`), nested as in the document, in document key order."""
    wanted = {F.ID: True}
    for path in paths:
        node = wanted
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if node is True:
                break
        else:
            node[parts[-1]] = True

    def pick(value, spec):
        if isinstance(value, list) and spec is not True:
            # Mongo projects the members of each object in an array ({"Alarms.Severity": 1}).
            return [pick(item, spec) for item in value if isinstance(item, dict)]
        if spec is True or not isinstance(value, dict):
            return value
        out = {}
        for key, sub in value.items():
            if key in spec:
                out[key] = pick(sub, spec[key])
        return out

    return pick(doc, wanted)


def without(doc, paths):
    """The document minus the dotted paths; copies only the objects on those paths."""
    out = dict(doc)
    for path in paths:
        node = out
        parts = path.split(".")
        for part in parts[:-1]:
            child = node.get(part)
            if not isinstance(child, dict):
                break
            child = dict(child)
            node[part] = child
            node = child
        else:
            node.pop(parts[-1], None)
    return out


def apply_projection(doc, projection):
    """Mongo projection: inclusion ({"ONU.Name": 1}, `_id` kept unless 0) or exclusion ({"STATS": 0})."""
    off = [p for p, on in projection.items() if on in (0, False)]
    on = [p for p, flag in projection.items() if flag not in (0, False) and p != F.ID]
    if not on and projection.get(F.ID) not in (None, 0, False):
        return {F.ID: doc[F.ID]} if F.ID in doc else {}
    if on:
        out = project(doc, on)
        if F.ID in off:
            out.pop(F.ID, None)
        return out
    return without(doc, off)


QUERY_OPERATORS = ("$in", "$nin", "$ne", "$exists", "$gt", "$gte", "$lt", "$lte")
RANGE_OPERATORS = {"$gt": lambda a, b: a > b, "$gte": lambda a, b: a >= b,
                   "$lt": lambda a, b: a < b, "$lte": lambda a, b: a <= b}


def check_query(query):
    for path, want in query.items():
        if path.startswith("$"):
            raise ValueError("unsupported query operator %s" % path)
        if isinstance(want, dict):
            for op in want:
                if op.startswith("$") and op not in QUERY_OPERATORS:
                    raise ValueError("unsupported query operator %s" % op)


def matches(tree, query):
    """Equality on dotted paths, plus $in, $nin, $ne, $exists and the ranges $gt, $gte, $lt, $lte
    (compared by the sort order, so strings order as Mongo orders them: by code point)."""
    for path, want in query.items():
        value = lookup(tree, path)
        if isinstance(want, dict) and want and all(k.startswith("$") for k in want):
            for op, arg in want.items():
                if op == "$in":
                    ok = isinstance(arg, list) and any(values_equal(value, a) for a in arg)
                elif op == "$nin":
                    ok = isinstance(arg, list) and not any(values_equal(value, a) for a in arg)
                elif op == "$ne":
                    ok = not values_equal(value, arg)
                elif op in RANGE_OPERATORS:
                    ok = value is not MISSING and sort_key(value)[0] == sort_key(arg)[0] \
                        and RANGE_OPERATORS[op](sort_key(value), sort_key(arg))
                else:
                    ok = (value is not MISSING) == bool(arg)
                if not ok:
                    return False
        elif not values_equal(value, want):
            return False
    return True


def sort_key(value):
    if value is MISSING or value is None:
        return (0, 0)
    if isinstance(value, bool):
        return (2, int(value))
    if isinstance(value, RawNumber):
        return (1, float(value.text))
    if isinstance(value, (int, float)):
        return (1, value)
    if isinstance(value, str):
        return (3, value)
    return (4, json.dumps(value, sort_keys=True))


# --- documents ------------------------------------------------------------------------------
class Document:
    """One Mongo document: its exact JSON text, plus a parsed tree made on demand."""

    __slots__ = ("text", "_tree", "_projected")

    def __init__(self, text, tree=None):
        self.text = text
        self._tree = tree
        self._projected = None

    def projected(self, projection_text, projection):
        """The JSON text of this document under a projection, made once per projection: a
        stored document is never changed in place (a write stores a new Document), and
        Mongo projects in C, so re-rendering every page in Python made the emulator, not
        the client, most of a paged listing's wall time."""
        if self._projected is None:
            self._projected = {}
        text = self._projected.get(projection_text)
        if text is None:
            text = render(apply_projection(self.tree, projection))
            self._projected[projection_text] = text
        return text

    @property
    def tree(self):
        if self._tree is None:
            self._tree = parse(self.text)
        return self._tree

    def with_time(self, doc_id, time_text):
        """This document with its top-level "Time" set to `time_text`, made from the text without
        rendering it again (a state document the emulator rendered starts {"_id":…,"Time":"…"}),
        keeping the projections that do not show "Time"; None when the text does not start so.
        A clock change re-times every state document this way: 10,000 in a few hundredths of a
        second, where rendering them all takes a fifth."""
        tree = self._tree
        if tree is None or not isinstance(tree.get(F.TIME), str):
            return None
        prefix = '{"%s":%s,"%s":"' % (F.ID, json.dumps(doc_id, ensure_ascii=False), F.TIME)
        if not self.text.startswith(prefix):
            return None
        end = self.text.find('"', len(prefix))
        if end < 0 or "\\" in self.text[len(prefix):end]:
            return None
        tree = dict(tree)
        tree[F.TIME] = time_text
        twin = Document(prefix + time_text + self.text[end:], tree)
        if self._projected:
            # Only "Time" differs: a projection whose text has no "Time" is still the same.
            twin._projected = {k: v for k, v in self._projected.items() if '"%s"' % F.TIME not in v}
        return twin



class Collection:
    """Documents by id in insertion order, plus the ids in `_id` order, kept until an id comes or
    goes, so a page sorted by `_id` is a slice, not a sort of the whole collection."""

    def __init__(self):
        self.docs = {}
        self._sorted = None

    def add(self, tree):
        # The tree is kept with the text: projecting a page then needs no parse. (A 100,000-ONU
        # fleet holds about a gigabyte this way; dropping the trees made each projected page
        # parse its documents again, and a 10,000-ONU listing twice as slow to serve.)
        self.docs[tree[F.ID]] = Document(render(tree), tree)
        self._sorted = None

    def replace_tree(self, doc_id, tree):
        if doc_id not in self.docs:
            self._sorted = None
        self.docs[doc_id] = Document(render(tree), tree)

    def store_text(self, doc_id, text, tree):
        if doc_id not in self.docs:
            self._sorted = None
        self.docs[doc_id] = Document(text, tree)

    def store_document(self, doc_id, document):
        """Puts a Document made elsewhere (Document.with_time) in place of the one with its id."""
        if doc_id not in self.docs:
            self._sorted = None
        self.docs[doc_id] = document

    def remove(self, doc_id):
        if self.docs.pop(doc_id, None) is not None:
            self._sorted = None

    def sorted_ids(self):
        if self._sorted is None:
            self._sorted = sorted(self.docs)
        return self._sorted

    def copy(self):
        """Another collection holding the same documents: Documents are never changed in place
        (a write stores a new one), so sharing them is safe, and the id index is only ever
        replaced, never edited."""
        twin = Collection()
        twin.docs = dict(self.docs)
        twin._sorted = self.sorted_ids()
        return twin


def id_range(query):
    """(low, low_inclusive, high, high_inclusive) when the query is only a range on a string
    `_id` (the keyset page after an id), else None."""
    if not query:
        return (None, False, None, False)
    if set(query) != {F.ID} or not isinstance(query[F.ID], dict):
        return None
    low, low_in, high, high_in = None, False, None, False
    for op, arg in query[F.ID].items():
        if not isinstance(arg, str):
            return None
        if op in ("$gt", "$gte"):
            low, low_in = arg, op == "$gte"
        elif op in ("$lt", "$lte"):
            high, high_in = arg, op == "$lte"
        else:
            return None
    return (low, low_in, high, high_in)


def ids_in_range(ids, bounds):
    """The slice of sorted `ids` inside `bounds` (from id_range)."""
    low, low_in, high, high_in = bounds
    start = 0 if low is None else (bisect.bisect_left(ids, low) if low_in else bisect.bisect_right(ids, low))
    end = len(ids) if high is None else (bisect.bisect_right(ids, high) if high_in else bisect.bisect_left(ids, high))
    return ids[start:max(start, end)]


# --- the fleet ------------------------------------------------------------------------------
VENDORS = {
    "ALPH": {"models": {"AP-G2110": ("AP-G2110-SFU", 1), "AP-G2425": ("AP-G2425-HGU", 4)},
             "versions": ["R4.1.0", "R4.2.0", "R4.3.1"]},
    "ISKT": {"models": {"ISK-4G1": ("ISK-4G1-B", 4)}, "versions": ["3.7.0", "3.7.2"]},
    "CXNK": {"models": {"GS-4220E": ("GS4220E-XGS", 2), "GP-1100X": ("GP1100X", 1)},
             "versions": ["12.1.4.3", "12.2.0.7"]},
}

FIRMWARE_FILES = [
    {F.FILE_NAME: "ALPH-R4.1.0.bin", F.FILE_VERSION: "R4.1.0", F.FILE_MODELS: ["AP-G2110", "AP-G2425"], "size": 14213120},
    {F.FILE_NAME: "ALPH-R4.2.0.bin", F.FILE_VERSION: "R4.2.0", F.FILE_MODELS: ["AP-G2110", "AP-G2425"], "size": 14417920},
    {F.FILE_NAME: "ALPH-R4.3.1.bin", F.FILE_VERSION: "R4.3.1", F.FILE_MODELS: ["AP-G2110", "AP-G2425"], "size": 14680064},
    # Only for the HGU model: an AP-G2110 must refuse it.
    {F.FILE_NAME: "ALPH-G2425-R5.0.0.bin", F.FILE_VERSION: "R5.0.0", F.FILE_MODELS: ["AP-G2425"], "size": 20971520},
    {F.FILE_NAME: "ISKT-3.7.0.img", F.FILE_VERSION: "3.7.0", F.FILE_MODELS: ["ISK-4G1"], "size": 9437184},
    {F.FILE_NAME: "ISKT-3.7.2.img", F.FILE_VERSION: "3.7.2", F.FILE_MODELS: ["ISK-4G1"], "size": 9502720},
    {F.FILE_NAME: "CXNK-12.1.4.3.bin", F.FILE_VERSION: "12.1.4.3", F.FILE_MODELS: ["GS-4220E", "GP-1100X"], "size": 31457280},
    {F.FILE_NAME: "CXNK-12.2.0.7.bin", F.FILE_VERSION: "12.2.0.7", F.FILE_MODELS: ["GS-4220E", "GP-1100X"], "size": 31981568},
]
FILE_FOR_VERSION = {(f[F.FILE_NAME].split("-")[0], f[F.FILE_VERSION]): f[F.FILE_NAME]
                    for f in FIRMWARE_FILES if len(f[F.FILE_MODELS]) > 1 or f[F.FILE_NAME].startswith("ISKT")}

STREETS = ["Storgata", "Fjellveien", "Kirkegata", "Strandvegen", "Ålesundsvegen", "Skolebakken",
           "Sjøgata", "Industriveien", "Bjørkelia", "Havnegata"]
# --names: the ONU names of the fleet. mixed: Norwegian street names as a fleet has them;
# ascii: the same names folded to ASCII; world: the same, every one with wide CJK, an emoji,
# typographic quotes or a combining mark (the benchmark of display widths compares the two).
FOLD = str.maketrans({"ø": "o", "Ø": "O", "å": "a", "Å": "A", "æ": "ae", "Æ": "AE"})
WORLD = ["“Kvartal” ", "東京 ", "👩\u200d🔧 ", "Ǹoë ", "cafe\u0301 ", "受付 "]
NAME_SCRIPTS = {
    "mixed": lambda name, rng: name,
    "ascii": lambda name, rng: name.translate(FOLD),
    # No draw from the fleet's generator: the fleet is the same whatever its names.
    "world": lambda name, rng: (WORLD[sum(map(ord, name)) % len(WORLD)] + name) if name else name,
}
HOSTS = ["android-7f3a", "iPhone", "DESKTOP-9K2L", "printer-hp", "tv-livingroom", "nas", "ring-doorbell"]
ALARM_NAMES = [("LOS", "CRITICAL", "Loss of signal"), ("DGI", "MAJOR", "Dying gasp received"),
               ("LOW-RX-POWER", "MINOR", "RX optical level below threshold"),
               ("HIGH-TEMP", "WARNING", "Temperature above threshold"),
               ("UNI-LINK-DOWN", "MINOR", "UNI-ETH 1 link down")]
LOG_MESSAGES = [("INFO", "ONU registered"), ("INFO", "Configuration applied"),
                ("WARNING", "RX optical level low"), ("INFO", "Statistics collected"),
                ("ERROR", "OMCI timeout"), ("INFO", "Firmware bank verified"), ("DEBUG", "Heartbeat")]

U64_MAX = 18446744073709551615
BASE_TIME = datetime.datetime(2026, 6, 1, 12, 0, 0)


def stamp(moment, micro=True):
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f" if micro else "%Y-%m-%d %H:%M:%S")


def dec(value, places=2):
    return raw_number("%.*f" % (places, value))


def iso(moment):
    """The admin endpoints' form of a moment: naive ISO 8601, always with microseconds."""
    return moment.isoformat(timespec="microseconds")


def parse_moment(value, name):
    """A moment an admin body gives: the emulator's local time, naive ISO 8601."""
    example = "an ISO 8601 local time such as 2026-06-02T08:00:00"
    if not isinstance(value, str):
        raise ValueError("%s must be %s" % (name, example))
    try:
        moment = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("%s must be %s, not %r" % (name, example, value))
    if moment.tzinfo is not None:
        raise ValueError("%s must be %s, without Z or an offset (the emulator's clock is local, "
                         "like every MCMS stamp)" % (name, example))
    return moment


def number_value(value, name, minimum=None, above=None, limit=None):
    """A finite JSON number (not a boolean), at least `minimum` / greater than `above`, and at
    most `limit` either way (so no level or counter computed from it runs out of range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError("%s must be a number" % name)
    if minimum is not None and value < minimum:
        raise ValueError("%s must be >= %s" % (name, minimum))
    if above is not None and value <= above:
        raise ValueError("%s must be > %s" % (name, above))
    if limit is not None and abs(value) > limit:
        raise ValueError("%s must be at most %g%s" % (name, limit, "" if minimum is not None else " either way"))
    return value


def level_value(value):
    """A level or counter of a document as a number (RawNumber text read as float); None if none."""
    if isinstance(value, RawNumber):
        try:
            return float(value.text)
        except ValueError:
            return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def counter_value(value):
    """A counter of a document as an int; None when it is not a JSON integer."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Fleet:
    """Deterministic OLTs and ONUs generated from a seed."""

    def __init__(self, seed, olt_count, onu_count, now, names="mixed"):
        rng = random.Random(seed)
        self.seed = seed
        self.names = names
        self.now = now
        self.onu_states = Collection()
        self.onu_configs = Collection()
        self.olt_states = Collection()
        self.olt_configs = Collection()
        self.special = {"missing_state": [], "unknown_bank": [], "unbucketed": [], "max_counter": [],
                        "incompatible": {}}
        self.models = {}

        olts = []
        seen = set()
        while len(olts) < olt_count:
            mac = "70:b3:d5:" + ":".join("%02x" % rng.randrange(256) for _ in range(3))
            if mac not in seen:
                seen.add(mac)
                olts.append(mac)
        self.olt_ids = olts

        onus = []
        seen = set()
        vendors = list(VENDORS)
        while len(onus) < onu_count:
            # ONU #0 is always an ALPH: the example of a model some firmware does not support.
            vendor = "ALPH" if not onus else rng.choices(vendors, weights=[6, 2, 2])[0]
            onu_id = vendor + "%08x" % rng.getrandbits(32)
            if onu_id not in seen:
                seen.add(onu_id)
                onus.append(onu_id)
        self.onu_ids = onus

        buckets = {mac: {b: [] for b in BUCKETS} for mac in olts}
        for index, onu_id in enumerate(onus):
            mac = olts[index % len(olts)] if olts else "00:00:00:00:00:00"
            special = self._special_kind(index, rng)
            self._make_onu(rng, index, onu_id, mac, special)
            if special != "unbucketed" and olts:
                roll = 0.0 if index == 0 else rng.random()
                bucket = (F.REGISTERED if roll < 0.88 else F.UNPROVISIONED if roll < 0.92 else
                          F.DEREGISTERED if roll < 0.95 else F.DISABLED if roll < 0.97 else F.DYING_GASP)
                buckets[mac][bucket].append(onu_id)
        for index, mac in enumerate(olts):
            self._make_olt(rng, index, mac, buckets[mac])

    def copy(self):
        """The same fleet, in new containers: what /__admin/reset starts from instead of
        generating the fleet again (seconds for a large one)."""
        twin = Fleet.__new__(Fleet)
        twin.seed = self.seed
        twin.names = self.names
        twin.now = self.now
        for name in ("onu_states", "onu_configs", "olt_states", "olt_configs"):
            setattr(twin, name, getattr(self, name).copy())
        twin.special = copy.deepcopy(self.special)
        twin.models = dict(self.models)
        twin.olt_ids = list(self.olt_ids)
        twin.onu_ids = list(self.onu_ids)
        return twin

    @staticmethod
    def _special_kind(index, rng):
        # The first ONUs carry one oddity each, so small test fleets have them too.
        fixed = {0: None, 1: "missing_state", 2: "unknown_bank", 3: "unbucketed", 4: "max_counter"}
        if index in fixed:
            return fixed[index]
        roll = rng.random()
        if roll < 0.002:
            return "missing_state"
        if roll < 0.004:
            return "unknown_bank"
        if roll < 0.006:
            return "unbucketed"
        return None

    def _make_onu(self, rng, index, onu_id, mac, special, now=None):
        """One ONU's state and config; `now`: when it reports (the fleet's time unless given:
        an ONU added later reports at the emulator's clock)."""
        vendor = onu_id[:4]
        spec = VENDORS[vendor]
        if vendor == "ALPH" and index == 0:
            model = "AP-G2110"     # ONU #0 is always a model the R5.0.0 file does not support
        else:
            model = rng.choice(sorted(spec["models"]))
        equipment, uni_count = spec["models"][model]
        self.models[onu_id] = model
        if model == "AP-G2110" and special is None:
            self.special["incompatible"].setdefault("ALPH-G2425-R5.0.0.bin", [])
            if len(self.special["incompatible"]["ALPH-G2425-R5.0.0.bin"]) < 5:
                self.special["incompatible"]["ALPH-G2425-R5.0.0.bin"].append(onu_id)
        versions = spec["versions"]
        v_active = rng.choice(versions)
        v_other = rng.choice(versions)
        ptr = rng.randrange(2)
        bank_versions = [v_active, v_other] if ptr == 0 else [v_other, v_active]
        bank_files = [FILE_FOR_VERSION.get((vendor, v), "") for v in bank_versions]
        if rng.random() < 0.05:          # a never-written inactive bank
            bank_versions[1 - ptr] = ""
            bank_files[1 - ptr] = ""

        t = (now or self.now) - datetime.timedelta(seconds=rng.uniform(0, 30))
        online = t - datetime.timedelta(seconds=rng.uniform(300, 90 * 86400))
        rx = -rng.uniform(12.0, 27.5)
        counters_max = special == "max_counter"
        big = lambda: U64_MAX if counters_max else rng.randrange(2 ** 40, 2 ** 63)  # noqa: E731
        state_ptr = 65535 if special == "unknown_bank" else ptr

        state = {
            F.ID: onu_id,
            F.TIME: stamp(t),
            F.ONU: {
                F.ONLINE_TIME: stamp(online, micro=rng.random() > 0.1),
                F.FW_BANK_PTR: state_ptr,
                F.FW_BANK_VERSIONS: list(bank_versions),
                F.VENDOR: vendor,
                F.EQUIPMENT_ID: equipment,
                F.MODEL: model,
                F.ONU_SERIAL: onu_id[4:],
                "Registration ID": "",
                F.OMCI_VERSION: "0xA3",
            },
            F.OLT: {F.MAC_ADDRESS: mac, F.PON_PORT: index % 16, F.ONU_ID: index % 128},
            F.STATS: {
                F.RX_OPTICAL: dec(rx),
                F.TX_OPTICAL: dec(rng.uniform(0.5, 5.0)),
                F.TEMPERATURE: dec(rng.uniform(30, 60), 1),
                F.VOLTAGE: dec(rng.uniform(3.2, 3.4)),
                F.BIAS: dec(rng.uniform(5, 20), 3),
                F.FEC_CORRECTED: big() if counters_max else rng.randrange(0, 10 ** 9),
                F.FEC_UNCORRECTABLE: 0 if rng.random() < 0.8 else rng.randrange(1, 5000),
                "RX Frames": big(),
                "TX Frames": big(),
                "RX Bytes": big(),
                "TX Bytes": big(),
                F.RX_RATE: rng.randrange(0, 10 ** 9),
                F.TX_RATE: rng.randrange(0, 10 ** 9),
                F.BIP_ERRORS: rng.randrange(0, 100),
            },
        }
        for port in range(1, uni_count + 1):
            up = rng.random() < 0.8 if port == 1 else rng.random() < 0.3
            state[F.UNI_ETH % port] = {
                F.LINK: "Up" if up else "Down",
                F.SPEED: rng.choice(["1000-Full", "100-Full", "2500-Full"]) if up else "",
                "RX Bytes": big(), "TX Bytes": big(),
            }
        if special != "missing_state":
            self.onu_states.add(state)

        roll = rng.random()
        name = "" if roll < 0.05 else "%s %d%s" % (rng.choice(STREETS), rng.randrange(1, 120),
                                                    rng.choice(["", "", "B", " kiosk", " lgh 2"]))
        name = NAME_SCRIPTS[self.names](name, rng)
        config = {
            F.ID: onu_id,
            F.ONU: {
                F.NAME: name,
                F.RESET_COUNT: rng.randrange(0, 12),
                F.FW_BANK_PTR: ptr,
                F.FW_BANK_FILES: bank_files,
                F.FW_BANK_VERSIONS: bank_versions,
                F.ENABLE: True,
                "Location": {"Latitude": dec(62.0 + rng.uniform(0, 1), 6),
                             "Longitude": dec(6.0 + rng.uniform(0, 1), 6)},
                "Alarm Profile": "default",
                "Rogue Detect": False,
                F.CUSTOM_NOTE: None,
            },
            F.NETCONF: {F.NAME: onu_id, "Template": "default"},
            "SLA": {"Upstream CIR bps": rng.randrange(10 ** 6, 10 ** 9),
                    "Upstream PIR bps": 10 ** 10,
                    "Downstream Max bps": U64_MAX if counters_max else 2 ** 34,
                    "Weight": dec(rng.uniform(0, 1), 3)},
            "OPTICS": {"RX Low Threshold dBm": dec(-28.0), "RX High Threshold dBm": dec(-8.0)},
            "PM": {"Interval s": 900, "Threshold Scale": raw_number("1e3"), "Counter Max": U64_MAX},
            "VLANs": [{"CVID": 100 + index % 50, "SVID": 1000, "Priority": 0}],
        }
        self.onu_configs.add(config)
        for kind in ("missing_state", "unknown_bank", "unbucketed", "max_counter"):
            if special == kind:
                self.special[kind].append(onu_id)

    def _make_olt(self, rng, index, mac, buckets):
        t = self.now - datetime.timedelta(seconds=rng.uniform(0, 10))
        online = t - datetime.timedelta(seconds=rng.uniform(3600, 200 * 86400))
        state = {
            F.ID: mac,
            F.TIME: stamp(t),
            F.OLT: {F.ONLINE_TIME: stamp(online), F.FW_VERSION: rng.choice(["R2.4.1", "R2.5.0"]),
                    F.MODEL: rng.choice(["XGS-OLT-16", "GPON-OLT-8"]), F.SERIAL: "OLT%06d" % (index + 1)},
            F.ONU_STATES: buckets,
            F.STATS: {F.RX_RATE: rng.randrange(10 ** 8, 10 ** 10), F.TX_RATE: rng.randrange(10 ** 8, 10 ** 10),
                      "RX Bytes": rng.randrange(2 ** 50, 2 ** 64), "TX Bytes": rng.randrange(2 ** 50, 2 ** 64)},
            F.ENVIRONMENT: {F.TEMPERATURE: dec(rng.uniform(35, 60)), "Fan RPM": rng.randrange(3000, 9000)},
            F.UPLINK: {F.LINK: "Up", F.SPEED: rng.choice(["10G", "25G"])},
        }
        self.olt_states.add(state)
        config = {
            F.ID: mac,
            F.OLT: {F.NAME: "OLT %s %d" % (rng.choice(STREETS), index + 1), F.RESET_COUNT: rng.randrange(0, 5),
                    "Location": "Sentral %d" % (index + 1), "Max ONUs": 128, "Enable": True},
            F.NETCONF: {F.NAME: mac},
            "PON": {"Max Distance km": 20, "Upstream FEC": True, "Laser Bias mA": dec(rng.uniform(20, 40), 3)},
            "Counters": {"Wrap At": U64_MAX},
        }
        self.olt_configs.add(config)


# --- the application ------------------------------------------------------------------------
def fail(status, message, kind="fail"):
    return Response(status, {"status": kind, "details": {"message": message}})


def success_raw(data_text):
    return Response(200, raw='{"status":"success","data":' + data_text + "}")


def compile_routes():
    table = []
    for method, pattern, handler, collection in ROUTES:
        table.append((method, pattern.strip("/").split("/"), handler, collection))
    return table


ROUTE_TABLE = compile_routes()


class UnknownDevice(Exception):
    """An admin body names a device the fleet does not have (args: message, id): 404."""


CLOCK_EXPECTED = '{"set": "2026-06-02T08:00:00", "advance": seconds >= 0, "frozen": true|false}, each optional'
# Bounds of a drift spec: far past any real ONU (optical levels live within -40..+10 dBm), near
# enough that a level stays a number and a counter an integer for any moment a clock can read.
MAX_DB = 100
MAX_PER_HOUR = 10 ** 12
MAX_BLIP_SECONDS = 365 * 86400
DRIFT_KEYS = ("rx_db_per_day", "tx_db_per_day", "step_db", "step_at", "fec_per_hour", "bip_per_hour", "blips", "from")
ALL_DRIFT_KEYS = ("fec_per_hour", "bip_per_hour", "from")
BLIP_KEYS = ("at", "seconds", "rx_db")
DRIFT_EXPECTED = ('{"onus": {"<ONU id>": {"rx_db_per_day": dB, "tx_db_per_day": dB, "step_db": dB, "step_at": ISO, '
                  '"fec_per_hour": n >= 0, "bip_per_hour": n >= 0, "blips": [{"at": ISO, "seconds": n > 0, '
                  '"rx_db": dB}], "from": ISO}}, "all": {"fec_per_hour": n >= 0, "bip_per_hour": n >= 0, '
                  '"from": ISO}}, every key optional')
SCHEDULE_EXPECTED = ('{"alarms": [{"device": "<ONU id or OLT MAC>", "alarm": {"Name": "Loss of Signal", '
                     '"Severity": "CRITICAL", "Message": "..."}, "raise_at": ISO, "clear_at": ISO or null}]}')


def counter_bases(stats, start):
    """The counters "all" grows from, as a state's STATS holds them; `start`: the ONU's own from
    (None: the spec's)."""
    stats = stats if isinstance(stats, dict) else {}
    return {F.FEC_CORRECTED: counter_value(stats.get(F.FEC_CORRECTED)),
            F.BIP_ERRORS: counter_value(stats.get(F.BIP_ERRORS)), "from": start}


def public(value):
    """An admin answer's copy of a spec: moments as iso(), the rest as it is."""
    if isinstance(value, datetime.datetime):
        return iso(value)
    if isinstance(value, dict):
        return {k: public(v) for k, v in value.items()}
    if isinstance(value, list):
        return [public(v) for v in value]
    return value


class MCMSApp(App):
    name = "mcms"

    @staticmethod
    def add_arguments(parser):
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--olts", type=int, default=8)
        parser.add_argument("--onus", type=int, default=2000)
        parser.add_argument("--names", choices=sorted(NAME_SCRIPTS), default="mixed",
                            help="ONU names: mixed (Norwegian), ascii (folded) or world (CJK, emoji, marks)")
        parser.add_argument("--host-cookies", action="store_true",
                            help="name cookies __Host-sessionid/__Host-csrftoken (implied by TLS)")
        parser.add_argument("--strict-ids", action="store_true",
                            help="answer 400 'invalid id' to a double-encoded id")
        parser.add_argument("--session-ttl", type=float, default=0,
                            help="seconds a session lives (0 = until logout or expiry by admin)")
        parser.add_argument("--boot-delay", type=float, default=0,
                            help="seconds an ONU takes to boot a newly activated bank (0 = at once)")
        parser.add_argument("--boot-jitter", type=float, default=0,
                            help="the boot delay varies by up to this many seconds either way")
        parser.add_argument("--no-upgrade-block", action="store_true",
                            help='an older appliance: ONU-STATE never carries "FW Upgrade"')

    # A pooled emulator serves a test that wants another fleet after a reset, not a new process.
    resettable_options = ("seed", "olts", "onus")

    def options_changed(self, previous):
        if (previous.seed, previous.olts, previous.onus) != (self.options.seed, self.options.olts, self.options.onus):
            self.pristine_fleet = None

    def __init__(self, options):
        # The fleet as generated from the options, never served itself: every reset (and the
        # start) serves a copy of it, so a reset costs a few dict copies, not a generation.
        self.pristine_fleet = None
        self.fleets_generated = 0
        super().__init__(options)

    # --- state ---------------------------------------------------------------------------
    def reset(self):
        self.started = time.monotonic()
        # The clock (now()): it read `clock_anchor` at the monotonic moment `clock_anchor_mono`
        # and runs on with real time unless frozen; `clock_jumps` is how far /__admin/clock has
        # moved it, so the seeded fixtures move along (seeded_time()).
        self.clock_anchor = BASE_TIME
        self.clock_anchor_mono = self.started
        self.clock_frozen = False
        self.clock_jumps = datetime.timedelta(0)
        # Drifting optical levels and counters (/__admin/drift): the spec of each ONU given one,
        # and the growth of every ONU's counters ("all"), None until set.
        self.drift_specs = {}
        self.drift_all = None
        # Alarms raised and cleared by the clock (/__admin/alarm-schedule), in the order given,
        # and by device, so serving a device without any costs one dict lookup.
        self.alarm_schedule = []
        self.scheduled_alarms = {}
        if self.pristine_fleet is None:
            self.pristine_fleet = Fleet(self.options.seed, self.options.olts, self.options.onus, BASE_TIME,
                                        self.options.names)
            self.fleets_generated += 1
        self.fleet = self.pristine_fleet.copy()
        self.collections = {
            "onu_states": self.fleet.onu_states,
            "onu_configs": self.fleet.onu_configs,
            "olt_states": self.fleet.olt_states,
            "olt_configs": self.fleet.olt_configs,
        }
        self.sessions = {}
        self.writes = []
        self.scheduled_changes = []
        self.fleet_changes = []
        self.ignore_skip = False
        self.firmware_text = render(FIRMWARE_FILES)
        # Active alarms by device id, generated on first use and replaceable by tests.
        self.alarm_lists = {}
        self.activations = Activations(self.options.seed, self.options.boot_delay, self.options.boot_jitter,
                                       upgrade_block=not self.options.no_upgrade_block, clock=self.clock_seconds)

    @property
    def host_cookies(self):
        return bool(self.options.host_cookies or self.options.tls_cert)

    def cookie_names(self):
        prefix = "__Host-" if self.host_cookies else ""
        return prefix + "sessionid", prefix + "csrftoken"

    def now(self):
        """The emulator's clock: the fleet's base time plus the real time since the reset, unless
        /__admin/clock set, advanced or froze it."""
        if self.clock_frozen:
            return self.clock_anchor
        return self.clock_anchor + datetime.timedelta(seconds=time.monotonic() - self.clock_anchor_mono)

    def clock_seconds(self):
        """now() as seconds after BASE_TIME: the clock of activations and session lifetimes."""
        return (self.now() - BASE_TIME).total_seconds()

    def seeded_time(self):
        """The moment the seeded fixtures (generated alarms, logs, CPE leases) are dated from:
        BASE_TIME, moved as far as the clock was moved. Never after now(), and the same in every
        fresh process."""
        return BASE_TIME + self.clock_jumps

    def set_clock(self, moment, frozen, was):
        """The clock reads `moment` now, and runs on from it unless `frozen`; `was`: the now() the
        caller moved it from (freezing alone moves it by nothing, not by the microseconds since)."""
        self.clock_jumps += moment - was
        self.clock_anchor = moment
        self.clock_anchor_mono = time.monotonic()
        self.clock_frozen = frozen

    def state(self):
        return {
            "seed": self.options.seed,
            "fleets_generated": self.fleets_generated,
            "options": {"olts": self.options.olts, "onus": self.options.onus,
                        "host_cookies": self.host_cookies, "strict_ids": self.options.strict_ids,
                        "session_ttl": self.options.session_ttl},
            "cookie_names": list(self.cookie_names()),
            "counts": {name: len(c.docs) for name, c in self.collections.items()}
            | {"olts": len(self.fleet.olt_ids), "onus": len(self.fleet.onu_ids),
               "firmware_files": len(FIRMWARE_FILES), "sessions": len(self.sessions),
               "writes": len(self.writes)},
            "users": [{"email": email, "can_write": u["can_write"]} for email, u in USERS.items()],
            "sessions": [dict(s, sessionid=key) for key, s in self.sessions.items()],
            "writes": list(self.writes),
            "special": self.fleet.special,
            "first_onus": self.fleet.onu_ids[:10],
            "fleet_changes": list(self.fleet_changes),
            "olt_ids": self.fleet.olt_ids,
        }

    # --- admin ---------------------------------------------------------------------------
    def admin(self, req):
        path = req.raw_path[len("/__admin"):]
        if path == "/clock" and not self.is_date_skew(req):
            with self.lock:
                return self.admin_call(req, self.admin_clock, ("GET", "POST"), CLOCK_EXPECTED)
        if path == "/drift":
            with self.lock:
                return self.admin_call(req, self.admin_drift, ("GET", "POST", "DELETE"), DRIFT_EXPECTED)
        if path == "/alarm-schedule":
            with self.lock:
                return self.admin_call(req, self.admin_alarm_schedule, ("GET", "POST", "DELETE"),
                                       SCHEDULE_EXPECTED)
        if path.startswith("/alarms"):
            with self.lock:
                return self.admin_alarms(req, urllib.parse.unquote(path[len("/alarms"):].strip("/")))
        if path == "/activation" and req.method == "POST":
            with self.lock:
                try:
                    self.activations.configure(req.json() or {})
                except (ValueError, TypeError) as error:
                    return Response(400, {"error": str(error)})
                return Response(200, {"ok": True, "settings": self.activations.settings()})
        if path == "/activations" and req.method == "GET":
            with self.lock:
                self.advance_activations()
                return Response(200, self.activations.report())
        if path == "/paging" and req.method == "POST":
            # An appliance that ignores `skip` (every page is the first), for the client's guard.
            with self.lock:
                self.ignore_skip = bool((req.json() or {}).get("ignore_skip"))
            return Response(200, {"ok": True, "ignore_skip": self.ignore_skip})
        if path == "/onu-ids" and req.method == "GET":
            with self.lock:
                return Response(200, list(self.collections["onu_configs"].sorted_ids()))
        if path == "/fleet" and req.method == "POST":
            with self.lock:
                return self.admin_fleet(req)
        if path == "/expire-sessions" and req.method == "POST":
            with self.lock:
                count = len(self.sessions)
                self.sessions = {}
            return Response(200, {"ok": True, "expired": count})
        for prefix, names, owners in (("/config/", ("onu_configs", "olt_configs"), ()),
                                      ("/onu-state/", ("onu_states",), ("onu_configs",)),
                                      ("/olt-state/", ("olt_states",), ("olt_configs",))):
            if path.startswith(prefix):
                doc_id = urllib.parse.unquote(path[len(prefix):].rstrip("/"))
                with self.lock:
                    self.advance_activations()
                    return self.admin_document(req, doc_id, names, owners)
        return super().admin(req)

    @staticmethod
    def is_date_skew(req):
        """POST /__admin/clock {"offset_seconds": N} alone is emulator_base's: the Date header's skew."""
        body = req.json()
        return req.method == "POST" and isinstance(body, dict) and set(body) == {"offset_seconds"}

    @staticmethod
    def admin_call(req, handler, methods, expected):
        """Runs handler(method, body) for an admin endpoint taking a JSON object: 405 for another
        method, 400 {"error"} naming what is expected for a bad body, 404 {"error", "id"} for an
        unknown device."""
        if req.method not in methods:
            return Response(405, {"error": "method not allowed", "allowed": list(methods)})
        body = {}
        if req.method == "POST" and req.body.strip():
            try:
                body = json.loads(req.body.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as error:
                return Response(400, {"error": "body is not JSON (%s); expected %s" % (error, expected)})
        if not isinstance(body, dict):
            return Response(400, {"error": "body must be a JSON object; expected %s" % expected})
        try:
            return Response(200, handler(req.method, body))
        except UnknownDevice as error:
            return Response(404, {"error": error.args[0], "id": error.args[1]})
        except (ValueError, OverflowError) as error:
            return Response(400, {"error": "%s; expected %s" % (error, expected)})

    # --- the clock (/__admin/clock) --------------------------------------------------------
    def admin_clock(self, method, body):
        """GET reads the clock; POST {"set": ISO, "advance": seconds, "frozen": bool} moves it
        (set first, then advance; the clock never runs backwards through advance) and freezes
        or thaws it, then every state document reads as polled at the new now()."""
        if method == "POST":
            unknown = sorted(set(body) - {"set", "advance", "frozen"})
            if unknown:
                raise ValueError("unknown key %s" % ", ".join(map(repr, unknown)))
            was = self.now()
            moment = was if "set" not in body else parse_moment(body["set"], "set")
            if "advance" in body:
                moment += datetime.timedelta(seconds=number_value(body["advance"], "advance", minimum=0))
            frozen = body.get("frozen", self.clock_frozen)
            if not isinstance(frozen, bool):
                raise ValueError("frozen must be true or false")
            self.set_clock(moment, frozen, was)
            self.advance_activations()
            self.refresh_states()
        return {"now": iso(self.now()), "frozen": self.clock_frozen}

    def refresh_states(self):
        """Every ONU and OLT state document with a top-level "Time" reads now() there, as if just
        polled (an ONU dead after a never-back activation reports nothing); the ONUs with a drift
        spec also report their drifted levels and counters. The others are re-timed from their
        text: nothing is computed for them, and their projections without "Time" stay cached."""
        moment = self.now()
        time_text = stamp(moment)
        dead = self.activations.dead()
        everyone = self.drift_all is not None
        states = self.collections["onu_states"]
        for doc_id, doc in list(states.docs.items()):
            if doc_id in dead:
                continue
            if everyone or doc_id in self.drift_specs:
                states.replace_tree(doc_id, self.drifted_tree(doc_id, doc.tree, moment, time_text))
            else:
                self.retime(states, doc_id, doc, time_text)
        olts = self.collections["olt_states"]
        for doc_id, doc in list(olts.docs.items()):
            self.retime(olts, doc_id, doc, time_text)

    @staticmethod
    def retime(collection, doc_id, doc, time_text):
        twin = doc.with_time(doc_id, time_text)
        if twin is not None:
            collection.store_document(doc_id, twin)
            return
        tree = doc.tree
        if isinstance(tree, dict) and isinstance(tree.get(F.TIME), str):
            tree = dict(tree)   # a stored tree is never changed in place (the pristine fleet shares it)
            tree[F.TIME] = time_text
            collection.replace_tree(doc_id, tree)

    # --- drifting levels and counters (/__admin/drift) -------------------------------------
    def admin_drift(self, method, body):
        """GET the specs; DELETE forgets them (the documents keep their values); POST {"onus":
        {"<id>": spec}, "all": spec} adds or replaces specs, then the documents are refreshed.
        Everything is checked before anything changes."""
        if method == "DELETE":
            self.drift_specs = {}
            self.drift_all = None
        elif method == "POST":
            unknown = sorted(set(body) - {"onus", "all"})
            if unknown:
                raise ValueError("unknown key %s" % ", ".join(map(repr, unknown)))
            if "onus" not in body and "all" not in body:
                raise ValueError("nothing to drift")
            moment = self.now()
            onus = body.get("onus", {})
            if not isinstance(onus, dict):
                raise ValueError('onus must be an object of specs by ONU id')
            specs = {}
            for onu_id, spec in onus.items():
                if onu_id not in self.collections["onu_configs"].docs:
                    raise UnknownDevice("unknown id", onu_id)
                if onu_id not in self.collections["onu_states"].docs:
                    raise UnknownDevice("no ONU-STATE document to drift", onu_id)
                specs[onu_id] = self.drift_spec(spec, "onus.%s" % onu_id, DRIFT_KEYS, moment)
            everyone = None
            if "all" in body:
                everyone = self.drift_spec(body["all"], "all", ALL_DRIFT_KEYS, moment)
                if "fec_per_hour" not in everyone and "bip_per_hour" not in everyone:
                    raise ValueError("all needs fec_per_hour or bip_per_hour")
            for onu_id, spec in specs.items():
                old = self.drift_specs.get(onu_id)
                base = old["base"] if old is not None else {}
                stats = self.collections["onu_states"].docs[onu_id].tree.get(F.STATS)
                stats = stats if isinstance(stats, dict) else {}
                for key, read in ((F.RX_OPTICAL, level_value), (F.TX_OPTICAL, level_value),
                                  (F.FEC_CORRECTED, counter_value), (F.BIP_ERRORS, counter_value)):
                    if base.get(key) is None:
                        base[key] = read(stats.get(key))   # from the first spec, or the first time it had one
                spec["base"] = base
                self.drift_specs[onu_id] = spec
            if everyone is not None:
                if self.drift_all is not None:
                    everyone["base"] = self.drift_all["base"]   # each ONU's from the first "all"
                else:
                    everyone["base"] = {doc_id: counter_bases(doc.tree.get(F.STATS), None)
                                        for doc_id, doc in self.collections["onu_states"].docs.items()}
                self.drift_all = everyone
            self.refresh_states()
        return self.drift_report()

    @staticmethod
    def drift_spec(spec, where, keys, moment):
        """A drift spec checked and with its moments parsed; "from" is `moment` unless given."""
        if not isinstance(spec, dict):
            raise ValueError("%s must be an object" % where)
        unknown = sorted(set(spec) - set(keys))
        if unknown:
            raise ValueError("unknown key %s in %s" % (", ".join(map(repr, unknown)), where))
        out = {}
        for key in ("rx_db_per_day", "tx_db_per_day", "step_db"):
            if key in spec:
                out[key] = number_value(spec[key], "%s.%s" % (where, key), limit=MAX_DB)
        for key in ("fec_per_hour", "bip_per_hour"):
            if key in spec:
                out[key] = number_value(spec[key], "%s.%s" % (where, key), minimum=0, limit=MAX_PER_HOUR)
        out["from"] = parse_moment(spec["from"], where + ".from") if "from" in spec else moment
        if "step_at" in spec:
            out["step_at"] = parse_moment(spec["step_at"], where + ".step_at")
        elif "step_db" in spec:
            out["step_at"] = out["from"]
        if "blips" in spec:
            if not isinstance(spec["blips"], list):
                raise ValueError("%s.blips must be a list" % where)
            out["blips"] = []
            for index, blip in enumerate(spec["blips"]):
                name = "%s.blips[%d]" % (where, index)
                if not isinstance(blip, dict) or set(blip) != set(BLIP_KEYS):
                    raise ValueError('%s must be {"at": ISO, "seconds": n > 0, "rx_db": dB}' % name)
                out["blips"].append({"at": parse_moment(blip["at"], name + ".at"),
                                     "seconds": number_value(blip["seconds"], name + ".seconds", above=0,
                                                             limit=MAX_BLIP_SECONDS),
                                     "rx_db": number_value(blip["rx_db"], name + ".rx_db", limit=MAX_DB)})
        return {key: out[key] for key in keys if key in out}

    def drifted_tree(self, doc_id, tree, moment, time_text):
        """A new tree of the ONU's state at `moment`: "Time" and the STATS its drift drives."""
        tree = dict(tree)
        if isinstance(tree.get(F.TIME), str):
            tree[F.TIME] = time_text
        stats = tree.get(F.STATS)
        if not isinstance(stats, dict):
            return tree
        stats = dict(stats)
        spec = self.drift_specs.get(doc_id)
        if spec is not None:
            base = spec["base"]
            days = (moment - spec["from"]).total_seconds() / 86400
            drives_rx = "rx_db_per_day" in spec or "step_db" in spec or "blips" in spec
            if base[F.RX_OPTICAL] is not None and drives_rx:
                rx = base[F.RX_OPTICAL] + spec.get("rx_db_per_day", 0) * days
                if "step_db" in spec and moment >= spec["step_at"]:
                    rx += spec["step_db"]
                for blip in spec.get("blips", ()):
                    if blip["at"] <= moment < blip["at"] + datetime.timedelta(seconds=blip["seconds"]):
                        rx += blip["rx_db"]
                stats[F.RX_OPTICAL] = dec(rx)
            if base[F.TX_OPTICAL] is not None and "tx_db_per_day" in spec:
                stats[F.TX_OPTICAL] = dec(base[F.TX_OPTICAL] + spec["tx_db_per_day"] * days)
        everyone = self.drift_all
        if everyone is not None and doc_id not in everyone["base"]:
            # An ONU with a state since "all" was set (added, or its state seeded): grows from now.
            everyone["base"][doc_id] = counter_bases(stats, moment)
        for key, rate in ((F.FEC_CORRECTED, "fec_per_hour"), (F.BIP_ERRORS, "bip_per_hour")):
            if spec is not None and rate in spec:
                per_hour, base, start = spec[rate], spec["base"][key], spec["from"]
            elif everyone is not None and rate in everyone:
                own = everyone["base"][doc_id]
                per_hour, base, start = everyone[rate], own[key], own["from"] or everyone["from"]
            else:
                continue
            if base is not None:
                grown = base + math.floor(per_hour * (moment - start).total_seconds() / 3600)
                stats[key] = max(0, grown) % (U64_MAX + 1)   # a 64-bit counter wraps
        tree[F.STATS] = stats
        return tree

    def drift_report(self):
        """What GET /__admin/drift shows: every spec as given, with its "from" and "base"."""
        everyone = None
        if self.drift_all is not None:
            everyone = public(self.drift_all)
            for own in everyone["base"].values():
                if own.get("from") is None:
                    own.pop("from", None)
        return {"onus": {onu_id: public(spec) for onu_id, spec in self.drift_specs.items()}, "all": everyone}

    # --- alarms on the clock (/__admin/alarm-schedule) --------------------------------------
    def admin_alarm_schedule(self, method, body):
        """GET the schedule; DELETE clears it; POST {"alarms": [{"device", "alarm", "raise_at",
        "clear_at"}]} appends to it (all checked first). An entry is among its device's active
        alarms while raise_at <= now() < clear_at (no clear_at: from raise_at on)."""
        if method == "DELETE":
            self.alarm_schedule = []
            self.scheduled_alarms = {}
        elif method == "POST":
            if set(body) != {"alarms"} or not isinstance(body["alarms"], list):
                raise ValueError("the body must be {\"alarms\": [...]}")
            entries = [self.scheduled_alarm(entry, "alarms[%d]" % i) for i, entry in enumerate(body["alarms"])]
            for entry in entries:
                self.alarm_schedule.append(entry)
                self.scheduled_alarms.setdefault(entry["device"], []).append(entry)
        moment = self.now()
        return {"alarms": [{"device": e["device"], "alarm": e["alarm"], "raise_at": iso(e["raise_at"]),
                            "clear_at": iso(e["clear_at"]) if e["clear_at"] is not None else None,
                            "active": self.raised(e, moment)} for e in self.alarm_schedule]}

    def scheduled_alarm(self, entry, where):
        """One schedule entry checked, with the alarm as the device will show it."""
        if not isinstance(entry, dict):
            raise ValueError("%s must be an object" % where)
        unknown = sorted(set(entry) - {"device", "alarm", "raise_at", "clear_at"})
        if unknown:
            raise ValueError("unknown key %s in %s" % (", ".join(map(repr, unknown)), where))
        device = entry.get("device")
        if not isinstance(device, str):
            raise ValueError("%s.device must be an ONU id or an OLT MAC address" % where)
        if not any(device in self.collections[name].docs for name in ("onu_configs", "olt_configs")):
            raise UnknownDevice("unknown id", device)
        alarm = entry.get("alarm")
        if not isinstance(alarm, dict) or not all(isinstance(alarm.get(k), str) and alarm[k]
                                                  for k in (F.NAME, F.SEVERITY)):
            raise ValueError('%s.alarm must be {"%s": "Loss of Signal", "%s": "CRITICAL", "%s": "..."}'
                             % (where, F.NAME, F.SEVERITY, F.MESSAGE))
        if F.TIME in alarm:
            raise ValueError("%s.alarm must not carry %s: it is raise_at" % (where, F.TIME))
        if not isinstance(alarm.get(F.MESSAGE, ""), str):
            raise ValueError("%s.alarm.%s must be a string" % (where, F.MESSAGE))
        raise_at = parse_moment(entry.get("raise_at"), where + ".raise_at")
        clear_at = entry.get("clear_at")
        if clear_at is not None:
            clear_at = parse_moment(clear_at, where + ".clear_at")
            if clear_at <= raise_at:
                raise ValueError("%s.clear_at must be after raise_at" % where)
        # The shape of every alarm the emulator serves: Name, Severity, Time, Message, then the rest.
        shown = {F.NAME: alarm[F.NAME], F.SEVERITY: alarm[F.SEVERITY], F.TIME: stamp(raise_at)}
        shown.update((k, v) for k, v in alarm.items() if k not in shown)
        return {"device": device, "alarm": alarm, "raise_at": raise_at, "clear_at": clear_at, "shown": shown}

    @staticmethod
    def raised(entry, moment):
        return entry["raise_at"] <= moment and (entry["clear_at"] is None or moment < entry["clear_at"])

    def admin_alarms(self, req, doc_id):
        """PUT /__admin/alarms/<id> [alarm…] sets one device's alarms; DELETE /__admin/alarms
        clears every device's; GET /__admin/alarms/<id> reads one."""
        known = doc_id in self.collections["onu_configs"].docs or doc_id in self.collections["olt_configs"].docs
        if not doc_id:
            if req.method != "DELETE":
                return Response(405, {"error": "method not allowed"})
            for name in ("onu_configs", "olt_configs"):
                for device in self.collections[name].docs:
                    self.alarm_lists[device] = []
            return Response(200, {"ok": True})
        if not known:
            return Response(404, {"error": "unknown id", "id": doc_id})
        if req.method == "GET":
            return Response(200, raw=render(self.device_alarms(doc_id)))
        if req.method == "PUT":
            try:
                alarms = parse(req.body.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as error:
                return Response(400, {"error": "not JSON: %s" % error})
            if isinstance(alarms, dict):
                alarms = alarms.get(F.ALARMS)
            if not isinstance(alarms, list):
                return Response(400, {"error": "body must be a list of alarms"})
            self.alarm_lists[doc_id] = alarms
            return Response(200, {"ok": True})
        return Response(405, {"error": "method not allowed"})

    def admin_document(self, req, doc_id, names, owners):
        """GET the raw text; PUT raw text to replace it (tests seed odd shapes); DELETE a state."""
        name = next((n for n in names if doc_id in self.collections[n].docs), None)
        if req.method == "GET":
            if name is None:
                return Response(404, {"error": "unknown id", "id": doc_id})
            return Response(200, raw=self.collections[name].docs[doc_id].text)
        if req.method == "PUT":
            # A state may be created for a known device whose state was missing.
            if name is None and owners and doc_id in self.collections[owners[0]].docs:
                name = names[0]
            if name is None:
                return Response(404, {"error": "unknown id", "id": doc_id})
            try:
                text = req.body.decode("utf-8")
                tree = parse(text)
            except (ValueError, UnicodeDecodeError) as error:
                return Response(400, {"error": "not JSON: %s" % error})
            if not isinstance(tree, dict) or tree.get(F.ID) != doc_id:
                return Response(400, {"error": "body must be a document whose _id is " + doc_id})
            self.collections[name].store_text(doc_id, text, tree)
            return Response(200, {"ok": True})
        if req.method == "DELETE" and owners:
            if name is None:
                return Response(404, {"error": "unknown id", "id": doc_id})
            self.collections[name].remove(doc_id)
            return Response(200, {"ok": True})
        return Response(405, {"error": "method not allowed"})

    # --- routing -------------------------------------------------------------------------
    def route(self, req):
        try:
            self.advance_activations()
            resp = self.resolve(req)
        except Exception as error:  # the real server answers 500 with an error envelope
            sys.stderr.write("mcms: %s %s failed: %r\n" % (req.method, req.raw_path, error))
            return fail(500, "Internal server error.", kind="error")
        self.run_scheduled_changes(req)
        return resp

    # --- the fleet changing under a listing ------------------------------------------------
    def admin_fleet(self, req):
        """POST /__admin/fleet {"add": N, "remove": [id…], "after": {"path", "requests"}}: ONUs
        come and go now, or right after the n-th answered request for that path (between two
        page requests of a listing). Every change applied is listed in state "fleet_changes"."""
        spec = req.json() or {}
        if not isinstance(spec, dict) or not isinstance(spec.get("add", 0), int) \
                or not isinstance(spec.get("remove", []), list):
            return Response(400, {"error": 'expected {"add": N, "remove": [id...], "after": {...}}'})
        after = spec.get("after")
        if after is not None:
            if not isinstance(after, dict) or not isinstance(after.get("path"), str) \
                    or not isinstance(after.get("requests"), int) or after["requests"] < 1:
                return Response(400, {"error": 'after must be {"path": "/api/...", "requests": n >= 1}'})
            self.scheduled_changes.append({"spec": spec, "path": after["path"], "left": after["requests"]})
            return Response(200, {"ok": True, "scheduled": True})
        return Response(200, {"ok": True} | self.change_fleet(spec))

    def run_scheduled_changes(self, req):
        for change in list(self.scheduled_changes):
            if req.path != change["path"]:
                continue
            change["left"] -= 1
            if change["left"] == 0:
                self.scheduled_changes.remove(change)
                self.change_fleet(change["spec"], after=req.raw_path)

    def change_fleet(self, spec, after=None):
        added = [self.add_onu() for _ in range(spec.get("add", 0))]
        removed = [onu_id for onu_id in spec.get("remove", []) if self.remove_onu(onu_id)]
        record = {"added": added, "removed": removed, "after": after}
        self.fleet_changes.append(record)
        return record

    def add_onu(self):
        """A new registered ONU with a fresh id: its state, config and a place in a bucket."""
        fleet = self.fleet
        rng = random.Random("%d:added:%d" % (self.options.seed, len(self.fleet_changes) * 1000 + len(fleet.onu_ids)))
        while True:
            onu_id = rng.choice(list(VENDORS)) + "%08x" % rng.getrandbits(32)
            if onu_id not in self.collections["onu_configs"].docs:
                break
        index = len(fleet.onu_ids)
        mac = fleet.olt_ids[index % len(fleet.olt_ids)] if fleet.olt_ids else "00:00:00:00:00:00"
        fleet._make_onu(rng, index, onu_id, mac, None, now=self.now())
        fleet.onu_ids.append(onu_id)
        olt = self.collections["olt_states"].docs.get(mac)
        if olt is not None:
            tree = parse(olt.text)
            tree.setdefault(F.ONU_STATES, {}).setdefault(F.REGISTERED, []).append(onu_id)
            self.collections["olt_states"].replace_tree(mac, tree)
        return onu_id

    def remove_onu(self, onu_id):
        """The ONU gone from every collection and bucket; False when there was no such ONU."""
        if onu_id not in self.collections["onu_configs"].docs:
            return False
        state = self.collections["onu_states"].docs.get(onu_id)
        mac = lookup(state.tree, F.OLT + "." + F.MAC_ADDRESS) if state else MISSING
        for name in ("onu_states", "onu_configs"):
            self.collections[name].remove(onu_id)
        if onu_id in self.fleet.onu_ids:
            self.fleet.onu_ids.remove(onu_id)
        macs = [mac] if isinstance(mac, str) else list(self.collections["olt_states"].docs)
        for olt_mac in macs:
            doc = self.collections["olt_states"].docs.get(olt_mac)
            if doc is None:
                continue
            tree = parse(doc.text)
            buckets = tree.get(F.ONU_STATES) or {}
            if any(onu_id in ids for ids in buckets.values() if isinstance(ids, list)):
                for ids in buckets.values():
                    if isinstance(ids, list) and onu_id in ids:
                        ids.remove(onu_id)
                self.collections["olt_states"].replace_tree(olt_mac, tree)
        self.alarm_lists.pop(onu_id, None)
        self.drift_specs.pop(onu_id, None)
        if self.drift_all is not None:
            self.drift_all["base"].pop(onu_id, None)
        if self.scheduled_alarms.pop(onu_id, None):
            self.alarm_schedule = [e for e in self.alarm_schedule if e["device"] != onu_id]
        return True

    def resolve(self, req):
        segments = req.raw_path.strip("/").split("/")
        matched_path = False
        for method, pattern, handler, collection in ROUTE_TABLE:
            if len(pattern) != len(segments) or not req.raw_path.endswith("/"):
                continue
            raw_id = None
            for want, got in zip(pattern, segments):
                if want == "{id}":
                    raw_id = got
                elif want != got:
                    break
            else:
                matched_path = True
                if method != req.method:
                    continue
                return self.dispatch(req, handler, collection, raw_id)
        if matched_path:
            return fail(405, 'Method "%s" not allowed.' % req.method)
        return fail(404, "Not found.")

    def dispatch(self, req, handler, collection, raw_id):
        # Django order: URL resolved, then authentication, then CSRF, then permission, then view.
        doc_id = urllib.parse.unquote(raw_id) if raw_id is not None else None
        if handler not in PUBLIC_HANDLERS:
            session = self.current_session(req)
            if session is None:
                return fail(401, MSG_NO_AUTH).add_header("WWW-Authenticate", 'Session realm="api"')
            if req.method in UNSAFE_METHODS:
                problem = self.csrf_problem(req)
                if problem:
                    self.log_write(req, doc_id, 403)
                    return fail(403, "CSRF Failed: " + problem)
                if not USERS[session["user"]]["can_write"] and handler not in READ_ONLY_ALLOWED:
                    self.log_write(req, doc_id, 403)
                    return fail(403, MSG_NO_PERMISSION)
            session["last_used"] = time.time()
        if raw_id is not None and self.options.strict_ids:
            # The real server's answer to an id whose ':' was encoded twice (%253A).
            if "%253a" in raw_id.lower() or "%3a" in doc_id.lower():
                if req.method in UNSAFE_METHODS:
                    self.log_write(req, doc_id, 400)
                return fail(400, "invalid id")
        return getattr(self, "handle_" + handler)(req, collection, doc_id)

    # --- session -------------------------------------------------------------------------
    def current_session(self, req):
        session_cookie, _ = self.cookie_names()
        key = req.cookies().get(session_cookie)
        session = self.sessions.get(key) if key else None
        if session is None:
            return None
        ttl = self.options.session_ttl
        if ttl and self.clock_seconds() - session["clock_created"] > ttl:
            del self.sessions[key]
            return None
        return session

    def csrf_problem(self, req):
        _, csrf_cookie = self.cookie_names()
        cookie = req.cookies().get(csrf_cookie)
        header = req.headers.get("X-CSRFToken")
        referer = req.headers.get("Referer")
        if not referer:
            return "Referer checking failed - no Referer."
        ref = urllib.parse.urlsplit(referer)
        if ref.netloc != req.headers.get("Host", ""):
            return "Referer checking failed - %s does not match any trusted origins." % referer
        if not cookie:
            return "CSRF cookie not set."
        if not header:
            return "CSRF token missing."
        if header != cookie:
            return "CSRF token incorrect."
        return None

    def handle_authenticate(self, req, _collection, _doc_id):
        try:
            body = json.loads(req.body.decode("utf-8")) if req.body else None
        except (ValueError, UnicodeDecodeError):
            return fail(400, "JSON parse error.")
        creds = body.get("data") if isinstance(body, dict) else None
        if not isinstance(creds, dict) or F.LOGIN_EMAIL not in creds or F.LOGIN_PASSWORD not in creds:
            return fail(400, "email and password are required.")
        user = USERS.get(creds[F.LOGIN_EMAIL])
        if user is None or user["password"] != creds[F.LOGIN_PASSWORD]:
            return fail(401, MSG_BAD_LOGIN)
        key = secrets.token_hex(16)
        csrf = "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(64))
        # "created" is wall time for the record; a session's lifetime runs on the emulator's clock.
        self.sessions[key] = {"user": creds[F.LOGIN_EMAIL], "created": time.time(), "last_used": time.time(),
                              "csrftoken": csrf, "clock_created": self.clock_seconds()}
        session_name, csrf_name = self.cookie_names()
        secure = "; Secure" if self.host_cookies else ""
        resp = Response(200, {"status": "success"})
        resp.add_header("Set-Cookie", "%s=%s; HttpOnly; Max-Age=1209600; Path=/; SameSite=Lax%s"
                        % (session_name, key, secure))
        resp.add_header("Set-Cookie", "%s=%s; Max-Age=31449600; Path=/; SameSite=Lax%s"
                        % (csrf_name, csrf, secure))
        return resp

    def handle_logout(self, req, _collection, _doc_id):
        session_name, _ = self.cookie_names()
        self.sessions.pop(req.cookies().get(session_name), None)
        secure = "; Secure" if self.host_cookies else ""
        resp = Response(200, {"status": "success"})
        resp.add_header("Set-Cookie", '%s=""; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/%s'
                        % (session_name, secure))
        return resp

    # --- documents -----------------------------------------------------------------------
    def handle_get_doc(self, _req, collection, doc_id):
        doc = self.collections[collection].docs.get(doc_id)
        if doc is None:
            return fail(404, "Not found.")
        return success_raw(doc.text)

    def handle_list_docs(self, req, collection, _doc_id):
        try:
            projection = self.json_arg(req, "projection")
            query = self.json_arg(req, "query")
            if query:
                check_query(query)
            sort = self.sort_arg(req)
            limit, skip = self.page_args(req)
        except ValueError as error:
            return fail(400, str(error))
        if self.ignore_skip:
            skip = 0
        store = self.collections[collection]
        docs = self.id_ordered_page(store, query, sort, skip, limit)
        if docs is None:
            docs = list(store.docs.values())
            if query:
                docs = [d for d in docs if matches(d.tree, query)]
            for path, direction in reversed(sort):
                docs.sort(key=lambda d, p=path: sort_key(lookup(d.tree, p)), reverse=direction < 0)
            docs = self.window(docs, skip, limit)
        if projection:
            projection_text = req.arg("projection")
            texts = [d.projected(projection_text, projection) for d in docs]
        else:
            texts = [d.text for d in docs]
        return success_raw("[" + ",".join(texts) + "]")

    @staticmethod
    def page_args(req):
        try:
            limit = int(req.arg("limit", "0") or 0)
            skip = int(req.arg("skip", "0") or 0)
        except ValueError:
            raise ValueError("limit and skip must be integers")
        if limit < 0 or skip < 0:
            raise ValueError("limit and skip must not be negative")
        return limit, skip

    @staticmethod
    def window(items, skip, limit):
        items = items[skip:] if skip else items
        return items[:limit] if limit > 0 else items

    def id_ordered_page(self, store, query, sort, skip, limit):
        """A page sorted by `_id` (optionally after / before an id) straight from the sorted id
        index, touching only the documents on the page; None when the request needs the
        general path (another sort or filter)."""
        if len(sort) != 1 or sort[0][0] != F.ID:
            return None
        bounds = id_range(query)
        if bounds is None:
            return None
        ids = ids_in_range(store.sorted_ids(), bounds)
        if sort[0][1] < 0:
            ids = ids[::-1]
        return [store.docs[i] for i in self.window(ids, skip, limit)]

    @staticmethod
    def json_arg(req, name):
        text = req.arg(name)
        if not text:
            return None
        try:
            value = parse(text)
        except ValueError:
            raise ValueError("%s is not valid JSON" % name)
        if not isinstance(value, dict):
            raise ValueError("%s must be a JSON object" % name)
        return value

    def sort_arg(self, req):
        text = req.arg("sort")
        if not text:
            return []
        if text.lstrip().startswith("{"):
            spec = self.json_arg(req, "sort")
            return [(path, -1 if int(direction) < 0 else 1) for path, direction in spec.items()]
        keys = []
        for part in text.split(","):
            part = part.strip()
            if part:
                keys.append((part[1:], -1) if part.startswith("-") else (part, 1))
        return keys

    def handle_put_doc(self, req, collection, doc_id):
        store = self.collections[collection]
        old = store.docs.get(doc_id)
        if old is None:
            self.log_write(req, doc_id, 404)
            return fail(404, "Not found.")
        try:
            tree, text = data_span(req.body.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            self.log_write(req, doc_id, 400)
            return fail(400, "JSON parse error - %s" % error)
        if not isinstance(tree, dict):
            self.log_write(req, doc_id, 400)
            return fail(400, "data must be a document object.")
        if tree.get(F.ID) != doc_id:
            self.log_write(req, doc_id, 400)
            return fail(400, "_id in the document does not match the id in the URL.")
        before = old.tree
        store.store_text(doc_id, text, tree)
        self.log_write(req, doc_id, 200)
        self.follow_config(collection, doc_id, before, tree)
        return Response(200, {"status": "success"})

    def follow_config(self, collection, doc_id, before, after):
        """Reboot the device the way the real one would after its config changed."""
        section = F.ONU if collection == "onu_configs" else F.OLT
        states = self.collections["onu_states" if collection == "onu_configs" else "olt_states"]
        state_doc = states.docs.get(doc_id)
        if state_doc is None:
            return
        old = before.get(section) if isinstance(before.get(section), dict) else {}
        new = after.get(section) if isinstance(after.get(section), dict) else {}
        rebooted = False
        state = parse(state_doc.text)
        if collection == "onu_configs":
            ptr = new.get(F.FW_BANK_PTR)
            if ptr != old.get(F.FW_BANK_PTR) and ptr in (0, 1) and not isinstance(ptr, bool):
                running = state[F.ONU].get(F.FW_BANK_PTR)
                versions = new.get(F.FW_BANK_VERSIONS)
                if ptr != running:
                    # The pointer names a bank the ONU does not run: it fetches and boots it.
                    self.begin_activation(doc_id, state, running, ptr, versions)
                    self.advance_activations()
                    return
                if isinstance(versions, list):
                    state[F.ONU][F.FW_BANK_VERSIONS] = list(versions)
                    states.replace_tree(doc_id, state)
        old_count, new_count = old.get(F.RESET_COUNT), new.get(F.RESET_COUNT)
        if isinstance(old_count, int) and isinstance(new_count, int) and new_count > old_count:
            rebooted = True
        if rebooted:
            moment = stamp(self.now())
            state[F.TIME] = moment
            state[section][F.ONLINE_TIME] = moment
            states.replace_tree(doc_id, state)

    # --- firmware activation (mcms_activation.py) -----------------------------------------
    def begin_activation(self, onu_id, state, running, bank, versions):
        olt = (state.get(F.OLT) or {}).get(F.MAC_ADDRESS)
        record = self.activations.start(onu_id, olt, running, bank, versions)
        record["bucketed"] = self.move_bucket(onu_id, olt, F.DEREGISTERED)
        record["progress_at"] = float("-inf")
        if self.activations.upgrade_block:
            state[F.ONU][F.FW_UPGRADE] = {F.UPGRADE_STATUS: "downloading", F.UPGRADE_PROGRESS: 0}
        state[F.TIME] = stamp(self.now())
        self.collections["onu_states"].replace_tree(onu_id, state)

    def advance_activations(self):
        """Finishes the activations whose boot time is up; refreshes the progress of the rest."""
        activations = self.activations
        if not activations.pending:
            return
        states = self.collections["onu_states"]
        for record in activations.due():
            doc = states.docs.get(record["id"])
            if doc is None:
                continue
            state = parse(doc.text)
            onu = state[F.ONU]
            moment = stamp(self.now())
            state[F.TIME] = moment
            outcome = record["outcome"]
            if outcome == "never-back":
                continue   # dead: nothing it reports changes any more
            if record["versions"] is not None:
                onu[F.FW_BANK_VERSIONS] = list(record["versions"])
            onu[F.ONLINE_TIME] = moment
            if outcome == "success":
                onu[F.FW_BANK_PTR] = record["to"]
                upgrade = {F.UPGRADE_STATUS: "done", F.UPGRADE_PROGRESS: 100}
            else:
                onu[F.FW_BANK_PTR] = record["from"]
                upgrade = {F.UPGRADE_STATUS: "failed", F.UPGRADE_PROGRESS: 100,
                           F.UPGRADE_FAILURE: "image %s in bank %s did not boot; running bank %s again"
                           % (record["version"], record["to"], record["from"])}
            if activations.upgrade_block:
                onu[F.FW_UPGRADE] = upgrade
            states.replace_tree(record["id"], state)
            if record.get("bucketed"):
                self.move_bucket(record["id"], record["olt"], F.REGISTERED)
        if not activations.upgrade_block:
            return
        now = self.clock_seconds()
        for record in activations.pending.values():
            if abs(now - record["progress_at"]) < 0.5 or record["id"] not in states.docs:
                continue
            record["progress_at"] = now
            state = parse(states.docs[record["id"]].text)
            state[F.ONU][F.FW_UPGRADE] = activations.progress(record)
            states.replace_tree(record["id"], state)

    def move_bucket(self, onu_id, olt, bucket):
        """Moves the ONU to `bucket` of its OLT's registration buckets; False when it was in none."""
        doc = self.collections["olt_states"].docs.get(olt) if olt else None
        if doc is None:
            return False
        tree = parse(doc.text)
        buckets = tree.get(F.ONU_STATES)
        if not isinstance(buckets, dict) or not any(onu_id in ids for ids in buckets.values() if isinstance(ids, list)):
            return False
        for ids in buckets.values():
            if isinstance(ids, list) and onu_id in ids:
                ids.remove(onu_id)
        buckets.setdefault(bucket, []).append(onu_id)
        self.collections["olt_states"].replace_tree(olt, tree)
        return True

    def log_write(self, req, doc_id, status):
        _, csrf_name = self.cookie_names()
        self.writes.append({
            "method": req.method,
            "path": req.path,
            "id": doc_id,
            # The harness's record of the request (like /__admin/requests "at"): wall time, UTC,
            # not the emulated clock the documents show.
            "time": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f"),
            "had_csrf": bool(req.headers.get("X-CSRFToken")),
            "csrf_matches_cookie": req.headers.get("X-CSRFToken") == req.cookies().get(csrf_name),
            "had_referer": bool(req.headers.get("Referer")),
            "bytes": len(req.body),
            "status": status,
        })

    # --- alarms, logs, firmware, CPE -----------------------------------------------------
    def device_rng(self, kind, doc_id):
        return random.Random("%d:%s:%s" % (self.options.seed, kind, doc_id))

    def device_alarms(self, doc_id):
        """The device's active alarms: its stored ones, with the scheduled alarms raised now()
        placed among them newest first (the stored ones keep their order)."""
        alarms = self.stored_alarms(doc_id)
        entries = self.scheduled_alarms.get(doc_id)
        if not entries:
            return alarms
        moment = self.now()
        raised = [e["shown"] for e in entries if self.raised(e, moment)]
        if not raised:
            return alarms
        merged = list(alarms)
        for alarm in sorted(raised, key=lambda a: a[F.TIME], reverse=True):
            at = next((i for i, other in enumerate(merged) if isinstance(other, dict)
                       and isinstance(other.get(F.TIME), str) and other[F.TIME] < alarm[F.TIME]), len(merged))
            merged.insert(at, alarm)
        return merged

    def stored_alarms(self, doc_id):
        """The device's alarms seeded from its id (dated from seeded_time() when first asked
        for), or what a test set with PUT /__admin/alarms/<id>."""
        alarms = self.alarm_lists.get(doc_id)
        if alarms is None:
            rng = self.device_rng("alarms", doc_id)
            alarms = []
            for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3])):
                name, severity, message = rng.choice(ALARM_NAMES)
                moment = self.seeded_time() - datetime.timedelta(seconds=rng.uniform(0, 7 * 86400))
                alarms.append({F.NAME: name, F.SEVERITY: severity, F.TIME: stamp(moment), F.MESSAGE: message})
            alarms.sort(key=lambda a: a[F.TIME], reverse=True)
            self.alarm_lists[doc_id] = alarms
        return alarms

    def handle_alarms(self, _req, collection, doc_id):
        if doc_id not in self.collections[collection].docs:
            return fail(404, "Not found.")
        return success_raw(render({F.ID: doc_id, F.ALARMS: self.device_alarms(doc_id)}))

    def handle_alarm_list(self, req, collection, _doc_id):
        """Every device's alarms document, with projection, query, sort, limit and skip (a page
        sorted by `_id` builds only the documents on it)."""
        try:
            projection = self.json_arg(req, "projection")
            query = self.json_arg(req, "query")
            if query:
                check_query(query)
            sort = self.sort_arg(req)
            limit, skip = self.page_args(req)
        except ValueError as error:
            return fail(400, str(error))
        store = self.collections[collection]
        bounds = id_range(query) if len(sort) == 1 and sort[0][0] == F.ID else None
        if bounds is not None:
            ids = ids_in_range(store.sorted_ids(), bounds)
            ids = self.window(ids[::-1] if sort[0][1] < 0 else ids, skip, limit)
            docs = [{F.ID: doc_id, F.ALARMS: self.device_alarms(doc_id)} for doc_id in ids]
        else:
            docs = [{F.ID: doc_id, F.ALARMS: self.device_alarms(doc_id)} for doc_id in store.docs]
            if query:
                docs = [d for d in docs if matches(d, query)]
            for path, direction in reversed(sort):
                docs.sort(key=lambda d, p=path: sort_key(lookup(d, p)), reverse=direction < 0)
            docs = self.window(docs, skip, limit)
        if projection:
            docs = [apply_projection(d, projection) for d in docs]
        return success_raw(render(docs))

    def handle_logs(self, req, collection, doc_id):
        if doc_id not in self.collections[collection].docs:
            return fail(404, "Not found.")
        try:
            limit = int(req.arg("limit", "100") or 100)
        except ValueError:
            return fail(400, "limit must be an integer")
        rng = self.device_rng("logs", doc_id)
        moment = self.seeded_time() - datetime.timedelta(seconds=rng.uniform(0, 600))
        entries = []
        for _ in range(200):
            severity, message = rng.choice(LOG_MESSAGES)
            entries.append({F.TIME: stamp(moment), F.SEVERITY: severity, F.MESSAGE: message})
            moment -= datetime.timedelta(seconds=rng.uniform(1, 3600))
        return success_raw(render(entries if limit <= 0 else entries[:limit]))

    def handle_firmware_files(self, _req, _collection, _doc_id):
        return success_raw(self.firmware_text)

    def handle_cpe(self, _req, collection, doc_id):
        if doc_id not in self.collections[collection].docs:
            return fail(404, "Not found.")
        rng = self.device_rng("cpe", doc_id)
        result = [0]
        for n in range(rng.choice([0, 1, 1, 2, 3])):
            mac = "%02x:%02x:%02x:%02x:%02x:%02x" % tuple([0x02] + [rng.randrange(256) for _ in range(5)])
            expiry = self.seeded_time() + datetime.timedelta(seconds=rng.uniform(600, 86400))
            result.append({F.CPE_MAC: mac, F.CPE_IPV4: "100.64.%d.%d" % (rng.randrange(256), rng.randrange(1, 255)),
                           F.CPE_HOSTNAME: rng.choice(HOSTS), F.CPE_LEASE_EXPIRY: stamp(expiry, micro=False)})
        return Response(200, raw=render(result))


if __name__ == "__main__":
    serve(MCMSApp)
