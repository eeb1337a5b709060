"""Seeded fixtures for the JQC emulator: users, facilities, areas, templates, history, issues,
notifications and seed photos. Everything is deterministic so tests can name ids.

Ids worth knowing (see also the emulator's module docstring):
  users          1 inspector/secret123 (inspector, "Ines Inspector")
                 2 supervisor/secret123 (supervisor, "Sam Supervisor")
                 3 disabled/secret123 (inspector, account disabled: login fails)
                 4 inspector2/secret123 (inspector, empty full_name -> display name = username)
                 5 director/secret123 (director, the real server's name for a supervisor;
                   "Åse Øvrebø")
  facilities     1-4 with projects 10 "Metro Transit Contract" / 20 "County Schools Contract",
                 5 "Admin Annex" with no project (project_id/project_name null)
  areas          101-111 (area_id values are distinct from facility ids on purpose)
  templates      1 "Restroom Quick Check" (small, integer ids 1-7)
                 2 "Office Full Inspection" (string ids, every field type in the contract)
                 3 "Quarterly Deep Audit" (60 fields, mixed integer and string ids)
                 4 "Site Visit Notes" (no scoreable field: score is always null)
  inspections    1-75 completed by user 1, newest = 75 (2026-09-01), follow_up_required on
                 FOLLOW_UP_IDS; 76-77 flagged by user 1; 78-82 completed by user 4
  issues         1-3 assigned to user 1 (reported by 2), 4 assigned to user 4, 5 reported by 4;
                 every one has an area_id of its own facility (the real model requires one).
                 With the emulator's real_shapes mode also 6, pending_verification, assigned to
                 user 1 and reported two days before the server's "now" (in its time zone), and
                 issue 3 carries its verification by user 5 (REAL_SHAPE_ISSUE_ID,
                 real_shape_issues())
  notifications  1-2 unread and 3 read for user 1, 4 unread for user 4
"""

import random
import struct
import zlib
from datetime import datetime, timedelta

SEED_PASSWORD = "secret123"

USERS = [
    {"id": 1, "username": "inspector", "email": "inspector@jqc.example", "role": "inspector",
     "full_name": "Ines Inspector", "created_at": "2025-01-15T09:00:00", "active": True},
    {"id": 2, "username": "supervisor", "email": "supervisor@jqc.example", "role": "supervisor",
     "full_name": "Sam Supervisor", "created_at": "2024-11-02T08:30:00", "active": True},
    {"id": 3, "username": "disabled", "email": "former@jqc.example", "role": "inspector",
     "full_name": "Dana Former", "created_at": "2024-06-01T12:00:00", "active": False},
    {"id": 4, "username": "inspector2", "email": "inspector2@jqc.example", "role": "inspector",
     "full_name": "", "created_at": "2025-03-20T10:15:00", "active": True},
    {"id": 5, "username": "director", "email": "ase.ovrebo@jqc.example", "role": "director",
     "full_name": "Åse Øvrebø", "created_at": "2024-09-09T07:45:00", "active": True},
]

FACILITIES = [
    {"id": 1, "name": "Central Station", "address": "1 Union Plaza, Springfield",
     "project_id": 10, "project_name": "Metro Transit Contract"},
    {"id": 2, "name": "North Depot", "address": "4400 Rail Yard Rd, Springfield",
     "project_id": 10, "project_name": "Metro Transit Contract"},
    {"id": 3, "name": "Lincoln Elementary", "address": "210 Oak St, Shelbyville",
     "project_id": 20, "project_name": "County Schools Contract"},
    {"id": 4, "name": "Westside High", "address": "9 College Ave, Shelbyville",
     "project_id": 20, "project_name": "County Schools Contract"},
    {"id": 5, "name": "Admin Annex", "address": "77 Main St, Springfield",
     "project_id": None, "project_name": None},
]

AREAS = [
    {"id": 101, "facility_id": 1, "name": "Main Concourse Restrooms", "area_type": "restroom"},
    {"id": 102, "facility_id": 1, "name": "Ticket Hall", "area_type": "lobby"},
    {"id": 103, "facility_id": 1, "name": "Staff Break Room", "area_type": "kitchen"},
    {"id": 104, "facility_id": 2, "name": "Driver Lounge", "area_type": "lobby"},
    {"id": 105, "facility_id": 2, "name": "Maintenance Office", "area_type": "office"},
    {"id": 106, "facility_id": 3, "name": "Room 12", "area_type": "classroom"},
    {"id": 107, "facility_id": 3, "name": "Cafeteria", "area_type": "kitchen"},
    {"id": 108, "facility_id": 3, "name": "Girls' Restroom B", "area_type": "restroom"},
    {"id": 109, "facility_id": 4, "name": "Gymnasium", "area_type": "gym"},
    {"id": 110, "facility_id": 4, "name": "Front Office", "area_type": "office"},
    {"id": 111, "facility_id": 5, "name": "Records Room", "area_type": "office"},
]


def _field(fid, ftype, label, col, row, col_span=4, row_span=1, **extra):
    field = {"id": fid, "type": ftype, "label": label, "col": col, "row": row,
             "colSpan": col_span, "rowSpan": row_span}
    field.update(extra)
    return field


SMALL_TEMPLATE = {
    "id": 1, "name": "Restroom Quick Check", "frequency": "daily",
    "description": "Five-minute restroom walkthrough.",
    "form_schema": [
        _field(1, "section", "Fixtures", 1, 1, 12, order=1),
        _field(2, "rating", "Toilets and urinals", 1, 2, 6, required=True, order=2,
               help_text="5 = spotless, 1 = unacceptable"),
        _field(3, "rating", "Sinks and mirrors", 7, 2, 6, required=True, order=3),
        _field(4, "checkbox", "Supplies restocked", 1, 3, 4, order=4),
        _field(5, "pass_fail", "Floor dry and clean", 5, 3, 4, required=True, order=5),
        _field(6, "radio", "Odor", 9, 3, 4, options=["Good", "Acceptable", "Poor"], order=6),
        _field(7, "image", "Photo of the worst spot", 1, 4, 12, 2, order=7),
    ],
}

FULL_TEMPLATE = {
    "id": 2, "name": "Office Full Inspection", "frequency": "weekly",
    "description": "Every field type the form builder offers; used by client rendering tests.",
    "form_schema": [
        _field("f_1712_a01", "section", "Visit details", 1, 1, 12),
        _field("f_1712_ab3", "text", "Contact on site", 1, 2, 4, placeholder="Name",
               required=True),
        _field("f_1712_b07", "email", "Contact email", 5, 2, 4, placeholder="name@example.com"),
        _field("f_1712_c11", "date", "Visit date", 9, 2, 4, required=True),
        _field("f_1712_d02", "number", "Occupants present", 1, 3, 3,
               help_text="Headcount at the start of the visit"),
        _field("f_1712_e5f", "select", "Shift", 4, 3, 3, options=["Day", "Evening", "Night"]),
        _field("f_1712_f90", "checkbox_group", "Zones covered", 7, 3, 6,
               options=["Desks", "Kitchenette", "Restrooms", "Conference"]),
        _field("f_1712_l01", "label", "", 1, 4, 12,
               text_content="Score each item; tap a star twice to clear it.",
               font_size=14, font_weight="bold"),
        _field("f_1712_g42", "rating", "Desk surfaces", 1, 5, 4, required=True),
        _field("f_1712_h33", "rating", "Carpets", 5, 5, 4),
        _field("f_1712_i8c", "pass_fail", "Trash emptied", 9, 5, 4, required=True),
        _field("f_1712_j19", "checkbox", "Windows wiped", 1, 6, 4),
        _field("f_1712_k27", "radio", "Kitchenette condition", 5, 6, 8,
               options=["Good", "Needs attention", "Poor"]),
        _field("f_1712_m44", "pass_fail", "Restroom soap filled", 1, 7, 6),
        _field("f_1712_n05", "radio", "Compliance with checklist", 7, 7, 6,
               options=["Compliant", "Non-compliant"]),
        _field("f_1712_o66", "table", "Consumables count", 1, 8, 12, 3,
               table_cols=3, table_rows=2, col_headers=["Item", "Stock", "Reorder"]),
        _field("f_1712_p71", "textarea", "Remarks", 1, 11, 12, 2,
               placeholder="Anything the supervisor should know"),
        _field("f_1712_q13", "image", "Overview photo", 1, 13, 6, 2),
        _field("f_1712_r28", "signature", "Inspector signature", 7, 13, 6, 2, required=True),
        _field("f_1712_s90", "button_submit", "Submit", 1, 15, 4, btn_label="Submit inspection"),
        _field("f_1712_t91", "button_print", "Print", 5, 15, 4, btn_label="Print"),
        _field("f_1712_u92", "button_email", "Email", 9, 15, 4, btn_label="Email report"),
    ],
}

_AUDIT_CYCLE = ["rating", "pass_fail", "checkbox", "radio", "rating", "select", "text",
                "pass_fail", "image"]


def _audit_template():
    """60 fields: six zones, each a section followed by nine fields three to a row."""
    fields = []
    row = 1
    slot = 0
    for number in range(1, 61):
        zone = (number - 1) // 10 + 1
        position = (number - 1) % 10
        fid = number if number % 4 else "f_%d_%03x" % (1700 + number, (number * 2654435761) % 4096)
        if position == 0:
            if slot % 3:
                row += 1
            fields.append(_field(fid, "section", "Zone %d" % zone, 1, row, 12, order=number))
            row += 1
            slot = 0
            continue
        ftype = _AUDIT_CYCLE[position - 1]
        if ftype == "image" and zone % 2:
            ftype = "textarea"
        extra = {"order": number}
        if ftype in ("radio", "select"):
            extra["options"] = ["Good", "Fair", "Poor"] if ftype == "radio" else ["A", "B", "C"]
        if ftype == "rating":
            extra["required"] = True
        if number % 7 == 0:
            extra["help_text"] = "Check behind and under fixtures."
        fields.append(_field(fid, ftype, "Zone %d item %d" % (zone, position), 1 + 4 * (slot % 3),
                             row, 4, **extra))
        slot += 1
        if slot % 3 == 0:
            row += 1
    return {"id": 3, "name": "Quarterly Deep Audit", "frequency": "quarterly",
            "description": "Sixty-field audit used by the sync benchmark.", "form_schema": fields}


NOTES_TEMPLATE = {
    "id": 4, "name": "Site Visit Notes", "frequency": "as_needed",
    "description": "Free-form notes; carries no score.",
    "form_schema": [
        _field(1, "text", "Purpose of visit", 1, 1, 8, required=True),
        _field(2, "date", "Date", 9, 1, 4),
        _field(3, "textarea", "Notes", 1, 2, 12, 3),
        _field(4, "signature", "Signature", 1, 5, 6, 2),
    ],
}


def templates():
    return [SMALL_TEMPLATE, FULL_TEMPLATE, _audit_template(), NOTES_TEMPLATE]


def tiny_png(red, green, blue):
    """A valid 1x1 RGB PNG, so seeded photo paths serve real image bytes."""
    def chunk(kind, payload):
        return (struct.pack(">I", len(payload)) + kind + payload
                + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00" + bytes((red, green, blue)))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


SEED_PHOTOS = {
    "seed-issue-1.png": tiny_png(200, 40, 40),
    "seed-result-2.png": tiny_png(40, 160, 60),
    "seed-overview.png": tiny_png(90, 90, 200),
    "seed-signature.png": tiny_png(10, 10, 10),
}


def sample_value(field, rng):
    """A plausible form value for one field, or None for display-only fields."""
    ftype = field["type"]
    options = field.get("options") or ["A", "B"]
    if ftype in ("text", "textarea"):
        return rng.choice(["All clear.", "Minor dust on sills.", "Spill cleaned during visit."])
    if ftype == "email":
        return "site.contact@example.com"
    if ftype == "number":
        return rng.randint(0, 40)
    if ftype == "date":
        return "2026-08-%02d" % rng.randint(1, 28)
    if ftype == "checkbox":
        return rng.choice(["true", "true", "false"])
    if ftype == "checkbox_group":
        return sorted(rng.sample(options, rng.randint(0, len(options))))
    if ftype in ("radio", "select"):
        return rng.choice(options)
    if ftype == "rating":
        return rng.choice([0, 2, 3, 4, 4, 5, 5])
    if ftype == "pass_fail":
        return rng.choice(["pass", "pass", "pass", "fail", ""])
    if ftype == "image":
        return rng.choice(["", "uploads/photos/seed-overview.png"])
    if ftype == "signature":
        return "uploads/photos/seed-signature.png"
    if ftype == "table":
        return [["Paper towels", str(rng.randint(0, 30)), rng.choice(["yes", "no"])]
                for _ in range(int(field.get("table_rows") or 1))]
    return None


def sample_form_data(template, rng):
    data = {}
    for field in template["form_schema"]:
        value = sample_value(field, rng)
        if value is not None:
            data[str(field["id"])] = value
    return data


HISTORY_NEWEST = datetime(2026, 9, 1, 14, 0, 0)
FOLLOW_UP_IDS = (73, 66, 58, 41)


def history(template_list, score):
    """Seeded completed/flagged inspections: [(record, server_score)] with ids 1..82."""
    rng = random.Random(1712)
    by_id = {t["id"]: t for t in template_list}
    facility_areas = {}
    for area in AREAS:
        facility_areas.setdefault(area["facility_id"], []).append(area["id"])
    plan = [(1, "completed")] * 75 + [(1, "flagged")] * 2 + [(4, "completed")] * 5
    records = []
    for index, (inspector_id, status) in enumerate(plan):
        inspection_id = index + 1
        if inspection_id <= 75:
            started = HISTORY_NEWEST - timedelta(days=75 - inspection_id, hours=inspection_id % 5)
        else:
            started = HISTORY_NEWEST - timedelta(days=3 * (inspection_id - 75), hours=7)
        template = by_id[(1, 2, 3, 1, 2)[inspection_id % 5]]
        facility_id = 1 + inspection_id % 5
        form_data = sample_form_data(template, rng)
        server_score = score(template["form_schema"], form_data)
        records.append(({
            "id": inspection_id,
            "local_id": None,
            "template_id": template["id"],
            "facility_id": facility_id,
            "area_id": rng.choice(facility_areas[facility_id] + [None]),
            "inspector_id": inspector_id,
            "status": status,
            "overall_score": server_score,
            "form_data": form_data,
            "notes": "Routine visit." if inspection_id % 3 else None,
            "inspection_date": started.strftime("%Y-%m-%dT%H:%M:%S"),
            "completed_at": (started + timedelta(minutes=25)).strftime("%Y-%m-%dT%H:%M:%S"),
            "follow_up_required": inspection_id in FOLLOW_UP_IDS,
            "parent_inspection_id": None,
        }, server_score))
    return records


ISSUE_KEYS = ("id", "local_id", "inspection_id", "facility_id", "area_id", "severity", "description",
              "status", "photo_path", "result_photos", "result_notes", "assigned_to", "reported_by",
              "reported_at", "resolved_at")


def issues():
    base = {"local_id": None, "inspection_id": None, "area_id": None, "photo_path": None,
            "result_photos": [], "result_notes": None, "resolved_at": None}
    rows = [
        {"id": 1, "facility_id": 1, "area_id": 101, "severity": "high",
         "description": "Hand dryer broken in the men's restroom", "status": "open",
         "photo_path": "uploads/photos/seed-issue-1.png", "assigned_to": 1, "reported_by": 2,
         "reported_at": "2026-10-28T15:20:00"},
        {"id": 2, "facility_id": 2, "area_id": 104, "severity": "medium",
         "description": "Coffee stains on lounge carpet", "status": "in_progress",
         "result_photos": ["uploads/photos/seed-result-2.png"],
         "result_notes": "Shampooed once, needs a second pass", "assigned_to": 1,
         "reported_by": 2, "reported_at": "2026-10-30T09:05:00"},
        {"id": 3, "facility_id": 3, "area_id": 106, "severity": "low", "inspection_id": 58,
         "description": "Dust on classroom window sills", "status": "resolved",
         "result_notes": "Wiped down", "assigned_to": 1, "reported_by": 2,
         "reported_at": "2026-08-20T11:00:00", "resolved_at": "2026-08-22T16:45:00"},
        {"id": 4, "facility_id": 1, "area_id": 102, "severity": "critical",
         "description": "Broken glass near ticket machines", "status": "open",
         "assigned_to": 4, "reported_by": 2, "reported_at": "2026-11-01T07:45:00"},
        {"id": 5, "facility_id": 4, "area_id": 109, "severity": "medium", "inspection_id": 78,
         "description": "Bleacher rows sticky", "status": "open", "assigned_to": None,
         "reported_by": 4, "reported_at": "2026-11-03T13:10:00"},
    ]
    result = []
    for row in rows:
        merged = dict(base, **row)
        result.append({key: merged[key] for key in ISSUE_KEYS})
    return result


REAL_SHAPE_ISSUE_ID = 6


def real_shape_issues(wall_now, stamp):
    """What the real_shapes mode adds to the seed: (new issues, {issue id: extra keys}).

    `wall_now` is the server's naive wall time in its zone and `stamp` its date formatter, so
    the stamps relative to "now" follow the mode's time zone and microseconds."""
    pending = {
        "id": REAL_SHAPE_ISSUE_ID, "local_id": None, "inspection_id": None, "facility_id": 1,
        "area_id": 103, "severity": "medium",
        "description": "Lekkasje under vasken på personalrommet ved Sjøgata 5 – “midlertidig tettet” 🚰",
        "status": "pending_verification", "photo_path": None, "result_photos": [],
        "result_notes": "Pakning byttet; ber om kontroll (leverandør fra 東京 bekreftet delen) ✅",
        "assigned_to": 1, "reported_by": 5, "reported_at": stamp(wall_now - timedelta(days=2)),
        "resolved_at": None, "verified_by": None, "verified_at": None, "verification_note": None,
    }
    verified = {3: {"verified_by": 5, "verified_at": "2026-08-23T08:10:00",
                    "verification_note": "Godkjent på Ålesundsvegen-runden: karmene er rene 👍"}}
    return [pending], verified


def notifications():
    return [
        {"id": 1, "user_id": 1, "type": "issue_assigned", "title": "Issue #1 assigned to you",
         "body": "Hand dryer broken in the men's restroom (Central Station).",
         "link": "/issues/1", "is_read": False, "created_at": datetime(2026, 11, 1, 9, 0, 0),
         "issue_id": 1, "inspection_id": None},
        {"id": 2, "user_id": 1, "type": "follow_up_required",
         "title": "Follow-up required for inspection #73",
         "body": "Sam Supervisor asked for a re-inspection.", "link": "/inspections/73",
         "is_read": False, "created_at": datetime(2026, 11, 2, 10, 30, 0), "issue_id": None,
         "inspection_id": 73},
        {"id": 3, "user_id": 1, "type": "issue_assigned", "title": "Issue #2 assigned to you",
         "body": "Coffee stains on lounge carpet (North Depot).", "link": "/issues/2",
         "is_read": True, "created_at": datetime(2026, 10, 30, 9, 6, 0), "issue_id": 2,
         "inspection_id": None},
        {"id": 4, "user_id": 4, "type": "issue_assigned", "title": "Issue #4 assigned to you",
         "body": "Broken glass near ticket machines (Central Station).", "link": "/issues/4",
         "is_read": False, "created_at": datetime(2026, 11, 1, 7, 46, 0), "issue_id": 4,
         "inspection_id": None},
    ]
