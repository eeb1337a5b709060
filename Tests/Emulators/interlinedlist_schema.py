"""The list schema of the InterlinedList emulator, as the real server reads and enforces it.

Mirrors `lib/lists/dsl-parser.ts` (validateDSLSchema, parseDSLSchema) and
`lib/lists/dsl-validator.ts` (validateFormData) as contracts/interlinedlist-server.md §1.6–1.7
describes them: the schema is a JSON object `{name, description?, fields:[…]}`, each field is
stored as one ListProperty row, and a row's data is checked field by field in displayOrder with
at most one error per field. Messages are the server's, so the client can be tested against them.
"""

import json
import re
from datetime import datetime
from urllib.parse import urlparse

FIELD_TYPES = ["text", "number", "date", "datetime", "boolean", "select", "multiselect",
               "textarea", "email", "url", "tel", "priority"]
OPERATORS = ["equals", "notEquals", "contains", "notContains", "greaterThan", "lessThan",
             "greaterThanOrEqual", "lessThanOrEqual", "isEmpty", "isNotEmpty"]
# The non-destructive `{properties:[…]}` PUT accepts only these types (route.ts).
PROPERTY_TYPES = ["text", "number", "boolean", "date", "url", "email"]
PRIORITY_OPTIONS = ["low", "medium", "high", "urgent"]
EMAIL = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")


class SchemaError(Exception):
    """A schema the server refuses with 400 `Invalid schema: <message>`."""


def validate_dsl(schema):
    """Raises SchemaError with the server's message for a DSL object it would refuse."""
    if not isinstance(schema, dict):
        raise SchemaError("DSL must be an object")
    if not isinstance(schema.get("name"), str):
        raise SchemaError("DSL must have a 'name' property (string)")
    fields = schema.get("fields")
    if not isinstance(fields, list):
        raise SchemaError("DSL must have a 'fields' array")
    if not fields:
        raise SchemaError("DSL must have at least one field")
    keys = []
    for index, field in enumerate(fields):
        if not isinstance(field, dict) or not isinstance(field.get("key"), str):
            raise SchemaError("Field at index %d must have a 'key' property (string)" % index)
        key = field["key"]
        kind = field.get("type")
        if not isinstance(kind, str):
            raise SchemaError("Field '%s' must have a 'type' property (string)" % key)
        if kind not in FIELD_TYPES:
            raise SchemaError("Field '%s' has invalid type '%s'. Valid types: %s" % (key, kind, ", ".join(FIELD_TYPES)))
        if not isinstance(field.get("label"), str):
            raise SchemaError("Field '%s' must have a 'label' property (string)" % key)
        if kind in ("select", "multiselect"):
            options = field.get("options")
            if options is None:
                options = (field.get("validation") or {}).get("options")
            if not isinstance(options, list):
                raise SchemaError("Field '%s' (type: %s) must have an 'options' array" % (key, kind))
        visibility = field.get("visibility")
        if visibility is not None:
            condition = visibility.get("condition") if isinstance(visibility, dict) else None
            if not isinstance(condition, dict) or condition.get("operator") not in OPERATORS:
                raise SchemaError("Field '%s' has an invalid visibility condition" % key)
        keys.append(key)
    duplicates = sorted({k for k in keys if keys.count(k) > 1})
    if duplicates:
        raise SchemaError("Duplicate field keys found: %s" % ", ".join(duplicates))


def parse_dsl(schema, list_id, next_id):
    """The ListProperty rows of a valid DSL object (defaultValue JSON-encoded, options merged)."""
    properties = []
    for index, field in enumerate(schema["fields"]):
        rules = dict(field.get("validation") or {})
        if isinstance(field.get("options"), list):
            rules["options"] = field["options"]
        if field["type"] == "priority" and "options" not in rules:
            rules["options"] = list(PRIORITY_OPTIONS)
        condition = (field.get("visibility") or {}).get("condition")
        order = field.get("displayOrder")
        properties.append({
            "id": next_id("p"), "listId": list_id, "propertyKey": field["key"],
            "propertyName": field["label"], "propertyType": field["type"],
            "displayOrder": order if isinstance(order, (int, float)) and not isinstance(order, bool) else index,
            "isRequired": field.get("required") is True, "isVisible": field.get("visible") is not False,
            "defaultValue": json.dumps(field["defaultValue"]) if "defaultValue" in field else None,
            "validationRules": rules or None, "visibilityCondition": condition,
            "helpText": field.get("helpText"), "placeholder": field.get("placeholder"),
        })
    return properties


def to_dsl(title, description, properties):
    """`GET /api/lists/{id}/schema`: the stored properties as a DSL object again."""
    fields = []
    for prop in sorted(properties, key=lambda p: p["displayOrder"]):
        field = {"key": prop["propertyKey"], "type": prop["propertyType"], "label": prop["propertyName"],
                 "displayOrder": prop["displayOrder"], "required": prop["isRequired"],
                 "visible": prop["isVisible"], "helpText": prop["helpText"], "placeholder": prop["placeholder"]}
        if prop["defaultValue"] is not None:
            try:
                field["defaultValue"] = json.loads(prop["defaultValue"])
            except (TypeError, ValueError):
                field["defaultValue"] = prop["defaultValue"]
        rules = prop.get("validationRules") or {}
        if rules:
            field["validation"] = rules
        if "options" in rules:
            field["options"] = rules["options"]
        if prop.get("visibilityCondition"):
            field["visibility"] = {"condition": prop["visibilityCondition"]}
        fields.append(field)
    return {"name": title, "description": description, "fields": fields}


def empty(value):
    return value is None or value == ""


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def js_parse_float(value):
    """JavaScript's parseFloat: the longest numeric prefix, NaN (None) when there is none."""
    found = re.match(r"^\s*[+-]?(\d+\.?\d*(e[+-]?\d+)?|\.\d+(e[+-]?\d+)?|Infinity)", value, re.I)
    if not found:
        return None
    try:
        return float(found.group(0))
    except ValueError:
        return None


def js_date(value):
    """`new Date(value)` for the ISO forms people send; None when it would be Invalid Date."""
    if is_number(value):
        return float(value)
    if not isinstance(value, str):
        return None
    text = value.strip().replace("Z", "+00:00")
    for candidate in (text, text + "T00:00:00+00:00" if len(text) == 10 else None):
        if candidate is None:
            continue
        try:
            stamp = datetime.fromisoformat(candidate)
            if stamp.tzinfo is None:
                stamp = stamp.replace(tzinfo=datetime.now().astimezone().tzinfo)
            return stamp.timestamp()
        except ValueError:
            continue
    return None


def condition_holds(condition, data):
    value = data.get(condition.get("field"))
    wanted = condition.get("value")
    operator = condition.get("operator")
    if operator == "equals":
        return value == wanted
    if operator == "notEquals":
        return value != wanted
    if operator == "contains":
        return isinstance(value, (str, list)) and wanted in value
    if operator == "notContains":
        return not (isinstance(value, (str, list)) and wanted in value)
    if operator == "isEmpty":
        return empty(value)
    if operator == "isNotEmpty":
        return not empty(value)
    left, right = js_number(value), js_number(wanted)
    if left is None or right is None:
        return False  # JavaScript: a comparison with NaN is false
    return {"greaterThan": left > right, "lessThan": left < right,
            "greaterThanOrEqual": left >= right, "lessThanOrEqual": left <= right}.get(operator, True)


def js_number(value):
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if is_number(value):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def field_error(prop, value):
    """The one message for `value` in `prop`, or None when it passes."""
    label = prop["propertyName"]
    rules = prop.get("validationRules") or {}
    kind = prop["propertyType"]
    if kind == "number":
        number = js_parse_float(value) if isinstance(value, str) else (value if is_number(value) else None)
        if number is None:
            return "%s must be a valid number" % label
        if is_number(rules.get("min")) and number < rules["min"]:
            return "%s must be at least %s" % (label, fmt(rules["min"]))
        if is_number(rules.get("max")) and number > rules["max"]:
            return "%s must be at most %s" % (label, fmt(rules["max"]))
    elif kind == "email":
        if not isinstance(value, str) or not EMAIL.match(value):
            return "%s must be a valid email address" % label
    elif kind == "url":
        parsed = urlparse(value) if isinstance(value, str) else None
        if parsed is None or not parsed.scheme or not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*$", parsed.scheme) \
                or (parsed.scheme in ("http", "https") and not parsed.netloc):
            return "%s must be a valid URL" % label
    elif kind == "select":
        options = rules.get("options") or []
        if options and value not in options:
            return "%s must be one of: %s" % (label, ", ".join(str(o) for o in options))
    elif kind == "multiselect":
        options = rules.get("options") or []
        if options:
            if not isinstance(value, list):
                return "%s must be an array" % label
            bad = [str(v) for v in value if v not in options]
            if bad:
                return "%s contains invalid options: %s" % (label, ", ".join(bad))
    elif kind in ("text", "textarea"):
        text = value if isinstance(value, str) else str(value)
        if is_number(rules.get("minLength")) and len(text) < rules["minLength"]:
            return "%s must be at least %s characters" % (label, fmt(rules["minLength"]))
        if is_number(rules.get("maxLength")) and len(text) > rules["maxLength"]:
            return "%s must be at most %s characters" % (label, fmt(rules["maxLength"]))
        if isinstance(rules.get("pattern"), str):
            try:
                if not re.search(rules["pattern"], text):
                    return "%s format is invalid" % label
            except re.error:
                pass
    elif kind in ("date", "datetime"):
        stamp = js_date(value)
        if stamp is None:
            return "%s must be a valid date" % label
        low, high = js_date(rules.get("min")), js_date(rules.get("max"))
        if low is not None and stamp < low:
            return "%s must be after %s" % (label, rules["min"])
        if high is not None and stamp > high:
            return "%s must be before %s" % (label, rules["max"])
    elif kind == "boolean":
        if not isinstance(value, bool):
            return "%s must be true or false" % label
    return None


def fmt(number):
    return str(int(number)) if float(number).is_integer() else str(number)


def validate_form(properties, data):
    """validateFormData: `[{field, message}]`, at most one per field, in displayOrder."""
    errors = []
    for prop in sorted(properties, key=lambda p: p["displayOrder"]):
        value = data.get(prop["propertyKey"])
        condition = prop.get("visibilityCondition")
        hidden = prop.get("isVisible") is False or (isinstance(condition, dict) and not condition_holds(condition, data))
        if empty(value):
            if prop["isRequired"] and not hidden:
                errors.append({"field": prop["propertyKey"], "message": "%s is required" % prop["propertyName"]})
            continue
        message = field_error(prop, value)
        if message:
            errors.append({"field": prop["propertyKey"], "message": message})
    return errors


def check_property_edit(items):
    """The body rules of the non-destructive PUT; returns an error message or None."""
    if not isinstance(items, list):
        return "properties must be an array"
    keys, names = set(), set()
    for item in items:
        if not isinstance(item, dict):
            return "Each property must be an object"
        key, name, kind = item.get("propertyKey"), item.get("propertyName"), item.get("propertyType")
        if not isinstance(key, str) or not 1 <= len(key) <= 60:
            return "propertyKey must be 1-60 characters"
        if not isinstance(name, str) or not 1 <= len(name) <= 120:
            return "propertyName must be 1-120 characters"
        if kind not in PROPERTY_TYPES:
            return "Unknown propertyType %r" % (kind,)
        if key in keys:
            return "Duplicate propertyKey %s" % key
        if name in names:
            return "Duplicate propertyName %s" % name
        keys.add(key)
        names.add(name)
    return None
