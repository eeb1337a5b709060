#!/usr/bin/env python3
"""Write the curl configs of the raw-capacity baseline for bench/jqc-sync.sh.

    jqc_curl_baseline.py OUT_DIR BASE_URL TOKEN COUNT PHOTO_BYTES

The same requests `fieldops jqc sync` makes for COUNT inspections with one photo and one
issue each: COUNT photo uploads, COUNT inspection POSTs, COUNT issue POSTs (each phase one
config file for `curl --parallel`), then the six reads and the mark-read of steps 0 and 4-6
(`tail.cfg`, run one after another as the sync does).
"""
import json
import os
import sys
import uuid


def entry(out, url, token, extra):
    # `next` separates entries; one after the last would start an entry with no URL.
    if out.tell() > 0:
        out.write("next\n")
    out.write('url = "%s"\n' % url)
    out.write('header = "Authorization: Bearer %s"\n' % token)
    for line in extra:
        out.write(line + "\n")
    out.write('output = "/dev/null"\n')


def main():
    out_dir, base, token, count, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
    api = base.rstrip("/") + "/api/v1"
    photo = os.path.join(out_dir, "photo.jpg")
    with open(photo, "wb") as handle:
        handle.write(b"\xff\xd8\xff\xe0" + os.urandom(size - 4))
    bodies = os.path.join(out_dir, "bodies")
    os.makedirs(bodies, exist_ok=True)
    ids = [str(uuid.uuid4()) for _ in range(count)]
    with open(os.path.join(out_dir, "photos.cfg"), "w") as out:
        for local_id in ids:
            entry(out, api + "/photos/upload", token, [
                'form = "photo=@%s;type=image/jpeg;filename=%s.jpg"' % (photo, local_id),
                'form = "entity_type=inspection"', 'form = "local_id=%s"' % local_id])
    with open(os.path.join(out_dir, "inspections.cfg"), "w") as out:
        for local_id in ids:
            path = os.path.join(bodies, "i-" + local_id + ".json")
            with open(path, "w") as body:
                json.dump({"local_id": local_id, "template_id": 1, "facility_id": 1, "area_id": 101,
                           "status": "completed", "overall_score": 96.0,
                           "form_data": {"2": 4, "3": 5, "4": "true", "5": "pass", "6": "Good",
                                         "7": "uploads/photos/x.jpg"},
                           "started_at": "2026-11-30T07:00:00", "completed_at": "2026-11-30T07:05:00"}, body)
            entry(out, api + "/inspections", token, ['header = "Content-Type: application/json"', 'data-binary = "@%s"' % path])
    with open(os.path.join(out_dir, "issues.cfg"), "w") as out:
        for local_id in ids:
            path = os.path.join(bodies, "s-" + local_id + ".json")
            with open(path, "w") as body:
                json.dump({"local_id": "s-" + local_id, "inspection_id": 1, "facility_id": 1, "area_id": 101,
                           "severity": "medium", "description": "Soap dispenser empty"}, body)
            entry(out, api + "/issues", token, ['header = "Content-Type: application/json"', 'data-binary = "@%s"' % path])
    with open(os.path.join(out_dir, "tail.cfg"), "w") as out:
        for path in ("/auth/me", "/facilities", "/areas", "/templates", "/issues", "/notifications"):
            entry(out, api + path, token, [])
        entry(out, api + "/notifications/mark-read", token, [
            'request = "PATCH"', 'header = "Content-Type: application/json"', 'data = "{\\"ids\\": [1, 2]}"'])


if __name__ == "__main__":
    main()
