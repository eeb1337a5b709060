#!/usr/bin/env python3
"""Independent python3 implementation of the JQC server's inspection score.

The JQC contract (shared/contracts/jqc.md, "Score") says the client's score must equal the
server's `_compute_score_from_form(form_schema, form_data)`. This module is that rule written
once from the contract, used by the emulator (it stores its own score next to the one a client
sends) and by the Swift parity test through the CLI:

    python3 jqc_score.py < cases.json
    cases.json: [{"schema": [field, ...], "data": {"field_id": value, ...}}, ...]
    stdout:     [score_or_null, ...]            (one JSON array, same order as the cases)

Rules, field by field (only these four types score; everything else is ignored):
  * The form-data key of a field is the string form of its id: `"f_1712_ab3"` stays as is,
    the integer `5` becomes `"5"`. A field whose id is neither a string nor an integer
    (missing, null, bool, float) cannot be looked up and is skipped.
  * rating: an answered rating is an integer 1-5 and earns value/5 of one possible point.
    0 means unanswered and is excluded. The Swift client stores ratings as JSON integers, so a
    value of any other shape (the string "4", 4.5, 7, -1, true, null, absent) is treated as
    unanswered too rather than guessed at; an integral float such as 4.0 counts as 4 because
    JSON does not distinguish it from 4.
  * checkbox: always counts one possible point (the server scores an absent checkbox as an
    unticked one); it earns the point when the value is the string "true" or JSON true.
  * radio: always counts one possible point (an absent radio fails, as on the server); it
    earns the point when the value is a string whose lower-case form is one of
    pass yes ok good acceptable compliant. A non-string value fails.
  * pass_fail: "" (or absent, or a non-string value) is unanswered and excluded; otherwise one
    possible point, earned on the same pass words as radio.
Score = round(earned / total * 100, 2) with Python's round (correctly rounded, ties to even on
the exact binary value -- the same digits C's printf("%.2f") gives); no counted field -> None.
Shares are summed in schema order so the floating-point result is reproducible.
"""

import json
import sys

PASS_WORDS = frozenset(("pass", "yes", "ok", "good", "acceptable", "compliant"))
SCOREABLE_TYPES = frozenset(("rating", "checkbox", "radio", "pass_fail"))


def field_key(field_id):
    """The form-data key for a schema id, or None when the id has no usable form."""
    if isinstance(field_id, bool):
        return None
    if isinstance(field_id, str):
        return field_id
    if isinstance(field_id, int):
        return str(field_id)
    return None


def rating_value(value):
    """An answered rating 1-5 as an int, or None when the value does not count as answered."""
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and 1 <= value <= 5:
        return value
    return None


def is_pass_word(value):
    return isinstance(value, str) and value.lower() in PASS_WORDS


def compute_score(form_schema, form_data, rule="contract"):
    """The server's `_compute_score_from_form`: a float 0-100 rounded to 2 places, or None.

    rule="contract" is the contract's (and the iPad client's) rule described above.
    rule="public" is the public server's own, which differs (shared/contracts/jqc.md, "The public
    server, as run"): an answered rating earns its value of 5 possible points, and pass_fail is
    not scored; checkbox and radio are counted the same way."""
    if not isinstance(form_schema, list):
        return None
    if not isinstance(form_data, dict):
        form_data = {}
    total = 0
    earned = 0.0
    for field in form_schema:
        if not isinstance(field, dict):
            continue
        field_type = field.get("type")
        if field_type not in SCOREABLE_TYPES:
            continue
        key = field_key(field.get("id"))
        if key is None:
            continue
        value = form_data.get(key)
        if field_type == "rating":
            rating = rating_value(value)
            if rating is None:
                continue
            if rule == "public":
                total += 5
                earned += rating
            else:
                total += 1
                earned += rating / 5
        elif field_type == "checkbox":
            total += 1
            if value is True or value == "true":
                earned += 1
        elif field_type == "radio":
            total += 1
            if is_pass_word(value):
                earned += 1
        else:  # pass_fail
            if rule == "public" or not isinstance(value, str) or value == "":
                continue
            total += 1
            if is_pass_word(value):
                earned += 1
    if total == 0:
        return None
    return round(earned / total * 100, 2)


def main(stdin=sys.stdin, stdout=sys.stdout):
    try:
        cases = json.load(stdin)
    except ValueError as error:
        sys.stderr.write("jqc_score: stdin is not JSON: %s\n" % error)
        return 2
    if not isinstance(cases, list):
        sys.stderr.write("jqc_score: expected a JSON array of {\"schema\", \"data\"} cases\n")
        return 2
    scores = []
    for index, case in enumerate(cases):
        if not isinstance(case, dict):
            sys.stderr.write("jqc_score: case %d is not an object\n" % index)
            return 2
        scores.append(compute_score(case.get("schema"), case.get("data")))
    stdout.write(json.dumps(scores) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
