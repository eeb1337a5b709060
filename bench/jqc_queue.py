#!/usr/bin/env python3
"""Queue JQC outbox work straight into a fieldops JQC store, for bench/jqc-sync.sh.

    jqc_queue.py STORE_DIR COUNT PHOTO_BYTES

Writes COUNT completed inspections of template 1 (facility 1, area 101), each with one photo
of PHOTO_BYTES in field 7 and one issue with no photo, exactly as the store API records them
(`fieldops jqc inspect …` would), and copies of the photos under STORE_DIR/photos. The store
must exist already (any `fieldops jqc` command creates and migrates it). Prints nothing.
"""
import os
import sqlite3
import sys
import uuid
from datetime import datetime, timezone


def main():
    store_dir, count, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    photos = os.path.join(store_dir, "photos")
    os.makedirs(photos, mode=0o700, exist_ok=True)
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
    db = sqlite3.connect(os.path.join(store_dir, "jqc.sqlite"), isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("BEGIN IMMEDIATE")
    body = b"\xff\xd8\xff\xe0" + os.urandom(size - 4)
    for _ in range(count):
        inspection, photo, issue = (str(uuid.uuid4()) for _ in range(3))
        name = photo + ".jpg"
        with open(os.path.join(photos, name), "wb") as handle:
            handle.write(body)
        form = '{"2":4,"3":5,"4":"true","5":"pass","6":"Good","7":"local://%s"}' % photo
        db.execute(
            "INSERT INTO inspections (local_id, template_id, facility_id, area_id, status, sync_status, form_data,"
            " overall_score, started_at, completed_at, created_at, updated_at)"
            " VALUES (?, 1, 1, 101, 'completed', 'pending', ?, 96.0, ?, ?, ?, ?)",
            (inspection, form, now, now, now, now))
        db.execute(
            "INSERT INTO photos (local_id, entity_type, inspection_local_id, field_id, file_name, content_type,"
            " byte_count, original_name, sync_status, created_at)"
            " VALUES (?, 'inspection', ?, '7', ?, 'image/jpeg', ?, 'bench.jpg', 'pending', ?)",
            (photo, inspection, name, size, now))
        db.execute(
            "INSERT INTO issues (local_id, origin, inspection_local_id, facility_id, area_id, severity, description,"
            " status, sync_status, created_at, updated_at)"
            " VALUES (?, 'device', ?, 1, 101, 'medium', 'Soap dispenser empty', 'open', 'pending', ?, ?)",
            (issue, inspection, now, now))
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


if __name__ == "__main__":
    main()
