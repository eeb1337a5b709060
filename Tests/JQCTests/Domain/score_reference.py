#!/usr/bin/env python3
"""Independent reference of the JQC score (contract "Score"), used by ScoreParityTests.

stdin:  [{"schema": [field, ...], "data": {field_id: value}}, ...]
stdout: [score_or_null, ...]

Written from the contract text alone: scoreable types rating, checkbox, radio, pass_fail;
for each answered field add 1 to the total and its earned share; score =
round(earned / total * 100, 2); nothing answered -> null. "Answered": the value is present
(not missing, not null, not ""); a rating must also be a number other than 0.
"""
import json
import sys

PASS_WORDS = {"pass", "yes", "ok", "good", "acceptable", "compliant"}


def field_key(field):
    fid = field.get("id")
    if isinstance(fid, bool):
        return None
    if isinstance(fid, int):
        return str(fid)
    if isinstance(fid, float):
        return str(int(fid)) if fid.is_integer() else repr(fid)
    if isinstance(fid, str) and fid != "":
        return fid
    return None


def score(schema, data):
    earned = 0
    total = 0
    for field in schema:
        if not isinstance(field, dict):
            continue
        ftype = field.get("type")
        if ftype not in ("rating", "checkbox", "radio", "pass_fail"):
            continue
        key = field_key(field)
        if key is None:
            continue
        value = data.get(key)
        if value is None or value == "":
            continue
        if ftype == "rating":
            if isinstance(value, bool) or not isinstance(value, (int, float)) or value == 0:
                continue
            earned += value / 5
        elif ftype == "checkbox":
            if value is True or value == "true":
                earned += 1
        else:
            if isinstance(value, str) and value.lower() in PASS_WORDS:
                earned += 1
        total += 1
    if total == 0:
        return None
    return round(earned / total * 100, 2)


def main():
    cases = json.load(sys.stdin)
    json.dump([score(c["schema"], c.get("data") or {}) for c in cases], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
