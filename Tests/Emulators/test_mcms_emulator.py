"""Tests for the MCMS emulator: real subprocesses on loopback, driven with urllib.

Run from the repository root:  python3 -m unittest Tests/Emulators/test_mcms_emulator.py
"""

import datetime
import json
import os
import sys
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mcms_emulator  # noqa: E402
from emulator_process import EmulatorProcess  # noqa: E402

TECH = ("tech@example.net", "pon-secret")
VIEWER = ("viewer@example.net", "pon-secret")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


class Emulator(EmulatorProcess):
    """One emulator subprocess and a tiny cookie-aware client for it."""

    def __init__(self, *args):
        super().__init__("mcms_emulator.py", *args)
        self.host = urllib.parse.urlsplit(self.base).netloc

    def call(self, method, path, body=None, cookies=None, headers=None, raw_body=None):
        data = raw_body if raw_body is not None else (
            json.dumps(body).encode("utf-8") if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if cookies:
            request.add_header("Cookie", "; ".join("%s=%s" % kv for kv in cookies.items()))
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with OPENER.open(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def login(self, user=TECH):
        status, headers, _ = self.call("POST", "/api/v1/users/authenticate/",
                                       {"data": {"email": user[0], "password": user[1]}})
        if status != 200:
            raise AssertionError("login failed: %d" % status)
        return Session(self, headers.get_all("Set-Cookie"))

    def admin(self, path, body=None, method=None):
        status, _, raw = self.call(method or ("POST" if body is not None else "GET"), "/__admin" + path, body)
        return status, raw

    def admin_json(self, path, body=None, method=None):
        status, raw = self.admin(path, body, method)
        return json.loads(raw)


class Session:
    """The cookies of one login, and requests that send them like a browser would."""

    def __init__(self, emulator, set_cookies):
        self.emulator = emulator
        self.set_cookies = set_cookies
        self.cookies = {}
        for header in set_cookies:
            name, value = header.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        self.csrf = next(v for k, v in self.cookies.items() if k.endswith("csrftoken"))

    def get(self, path):
        return self.emulator.call("GET", path, cookies=self.cookies)

    def get_json(self, path):
        status, _, raw = self.get(path)
        return status, json.loads(raw)

    def write(self, method, path, body=None, raw_body=None, csrf=True, referer=True):
        headers = {}
        if csrf:
            headers["X-CSRFToken"] = self.csrf
        if referer:
            headers["Referer"] = self.emulator.base + "/"
        return self.emulator.call(method, path, body=body, raw_body=raw_body, cookies=self.cookies,
                                  headers=headers)


def envelope_data_bytes(raw):
    """The exact bytes of `data` inside a success envelope the emulator produced."""
    prefix, suffix = b'{"status":"success","data":', b"}"
    assert raw.startswith(prefix) and raw.endswith(suffix), raw[:80]
    return raw[len(prefix):-len(suffix)]


def quote_projection(spec):
    return urllib.parse.quote(json.dumps(spec))


class MCMSEmulatorTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.emu = Emulator("--onus", "300", "--olts", "4", "--seed", "7")
        cls.strict = Emulator("--onus", "40", "--olts", "2", "--strict-ids", "--host-cookies")
        cls.state = cls.emu.admin_json("/state")

    @classmethod
    def tearDownClass(cls):
        cls.emu.stop()
        cls.strict.stop()

    def setUp(self):
        self.emu.admin("/reset", {})
        self.strict.admin("/reset", {})

    def normal_onu(self):
        special = self.state["special"]
        odd = set(special["missing_state"]) | set(special["unknown_bank"]) | set(special["unbucketed"])
        return next(i for i in self.state["first_onus"] if i not in odd)

    # MARK: login and cookies

    def test_login_sets_plain_session_and_csrf_cookies(self):
        session = self.emu.login()
        self.assertEqual(set(session.cookies), {"sessionid", "csrftoken"})
        session_header = next(h for h in session.set_cookies if h.startswith("sessionid="))
        self.assertIn("HttpOnly", session_header)
        self.assertIn("Path=/", session_header)
        self.assertNotIn("Secure", session_header)
        self.assertEqual(len(session.csrf), 64)

    def test_host_cookie_mode_sets_secure_host_prefixed_cookies_without_domain(self):
        session = self.strict.login()
        self.assertEqual(set(session.cookies), {"__Host-sessionid", "__Host-csrftoken"})
        for header in session.set_cookies:
            attributes = [a.strip() for a in header.split(";")[1:]]
            self.assertIn("Secure", attributes)
            self.assertIn("Path=/", attributes)
            self.assertFalse(any(a.lower().startswith("domain") for a in attributes), header)
        status, _ = session.get_json("/api/v1/olts/states/")
        self.assertEqual(status, 200)
        # The plain names are not what this server reads.
        plain = {"sessionid": session.cookies["__Host-sessionid"]}
        status, _, _ = self.strict.call("GET", "/api/v1/olts/states/", cookies=plain)
        self.assertEqual(status, 401)

    def test_wrong_password_is_refused(self):
        status, headers, raw = self.emu.call("POST", "/api/v1/users/authenticate/",
                                             {"data": {"email": TECH[0], "password": "nope"}})
        self.assertEqual(status, 401)
        self.assertIsNone(headers.get("Set-Cookie"))
        self.assertEqual(json.loads(raw)["status"], "fail")

    def test_requests_without_a_session_get_401(self):
        onu = self.normal_onu()
        for method, path in (("GET", "/api/v1/onus/states/"), ("GET", "/api/v1/onus/configs/%s/" % onu),
                             ("GET", "/api/cpe/onu/%s/" % onu), ("PUT", "/api/v1/onus/configs/%s/" % onu),
                             ("GET", "/api/v1/files/onu-firmware/")):
            status, _, raw = self.emu.call(method, path, body={"data": {}} if method == "PUT" else None)
            self.assertEqual(status, 401, path)
            self.assertEqual(json.loads(raw), {"status": "fail", "details": {
                "message": "Authentication credentials were not provided."}})

    def test_logout_and_admin_expiry_end_sessions(self):
        session = self.emu.login()
        status, _, raw = session.write("POST", "/api/v1/users/logout/")
        self.assertEqual((status, json.loads(raw)), (200, {"status": "success"}))
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 401)
        other = self.emu.login()
        self.assertEqual(other.get("/api/v1/olts/states/")[0], 200)
        self.assertEqual(self.emu.admin_json("/expire-sessions", {})["expired"], 1)
        self.assertEqual(other.get("/api/v1/olts/states/")[0], 401)

    # MARK: CSRF and permissions

    def test_unsafe_requests_without_csrf_or_referer_get_403_and_change_nothing(self):
        onu = self.normal_onu()
        session = self.emu.login()
        _, before = self.emu.admin("/config/%s" % onu)
        body = b'{"data":' + before.replace(b'"Reset Count":', b'"Reset Count":1', 1) + b"}"
        for kwargs in ({"csrf": False}, {"referer": False}):
            status, _, raw = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, raw_body=body, **kwargs)
            self.assertEqual(status, 403, kwargs)
            reply = json.loads(raw)
            self.assertEqual(reply["status"], "fail")
            self.assertTrue(reply["details"]["message"].startswith("CSRF Failed: "), reply)
        session.csrf = "x" * 64
        status, _, raw = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, raw_body=body)
        self.assertEqual(json.loads(raw)["details"]["message"], "CSRF Failed: CSRF token incorrect.")
        self.assertEqual(self.emu.admin("/config/%s" % onu)[1], before)
        writes = self.emu.admin_json("/state")["writes"]
        self.assertEqual([w["status"] for w in writes], [403, 403, 403])
        self.assertEqual([w["had_csrf"] for w in writes], [False, True, True])

    def test_viewer_reads_but_cannot_write(self):
        onu = self.normal_onu()
        viewer = self.emu.login(VIEWER)
        status, doc = viewer.get_json("/api/v1/onus/configs/%s/" % onu)
        self.assertEqual(status, 200)
        status, _, raw = viewer.write("PUT", "/api/v1/onus/configs/%s/" % onu, {"data": doc["data"]})
        self.assertEqual(status, 403)
        self.assertEqual(json.loads(raw), {"status": "fail", "details": {
            "message": "You do not have permission to perform this action."}})

    # MARK: documents and queries

    def test_projection_returns_only_requested_paths_and_id(self):
        session = self.emu.login()
        status, reply = session.get_json("/api/v1/onus/configs/?projection=" + quote_projection({"ONU.Name": 1}))
        self.assertEqual(status, 200)
        docs = reply["data"]
        self.assertEqual(len(docs), 300)
        for doc in docs:
            self.assertEqual(list(doc), ["_id", "ONU"])
            self.assertEqual(list(doc["ONU"]), ["Name"])

    def test_exclusion_projection_drops_only_the_named_paths(self):
        session = self.emu.login()
        spec = quote_projection({"STATS": 0, "ONU.Model": 0})
        _, reply = session.get_json("/api/v1/onus/states/?limit=2&projection=" + spec)
        _, full = session.get_json("/api/v1/onus/states/?limit=2")
        for doc, whole in zip(reply["data"], full["data"]):
            self.assertNotIn("STATS", doc)
            self.assertNotIn("Model", doc["ONU"])
            self.assertEqual(doc["OLT"], whole["OLT"])
            self.assertEqual(len(doc["ONU"]), len(whole["ONU"]) - 1)

    def test_query_operators_and_bad_queries(self):
        session = self.emu.login()
        wanted = self.state["first_onus"][:3]
        query = urllib.parse.quote(json.dumps({"_id": {"$in": wanted}}))
        _, reply = session.get_json("/api/v1/onus/configs/?query=" + query)
        self.assertEqual([d["_id"] for d in reply["data"]], wanted)
        for bad in ('{"_id": {"$regex": "^A"}}', "not json", "[1]"):
            status, reply = session.get_json("/api/v1/onus/configs/?query=" + urllib.parse.quote(bad))
            self.assertEqual(status, 400, bad)
            self.assertEqual(reply["status"], "fail")

    def test_query_limit_skip_and_sort_on_list_endpoints(self):
        session = self.emu.login()
        mac = self.state["olt_ids"][1]
        query = urllib.parse.quote(json.dumps({"OLT.MAC Address": mac}))
        _, reply = session.get_json("/api/v1/onus/states/?query=" + query)
        self.assertTrue(reply["data"])
        self.assertTrue(all(d["OLT"]["MAC Address"] == mac for d in reply["data"]))
        _, everything = session.get_json("/api/v1/onus/states/")
        expected = [d["_id"] for d in everything["data"] if d["OLT"]["MAC Address"] == mac]
        self.assertEqual([d["_id"] for d in reply["data"]], expected)
        _, page = session.get_json("/api/v1/onus/states/?skip=5&limit=3")
        self.assertEqual([d["_id"] for d in page["data"]], [d["_id"] for d in everything["data"][5:8]])
        _, ordered = session.get_json("/api/v1/onus/states/?sort=" + urllib.parse.quote('{"_id":-1}'))
        ids = [d["_id"] for d in ordered["data"]]
        self.assertEqual(ids, sorted(ids, reverse=True))

    def test_pages_sorted_by_id_and_id_ranges_cover_the_collection_once(self):
        session = self.emu.login()
        ids = self.emu.admin_json("/onu-ids")
        self.assertEqual(ids, sorted(ids))
        by_id = urllib.parse.quote('{"_id":1}')
        seen = []
        for skip in range(0, len(ids), 70):
            _, page = session.get_json("/api/v1/onus/configs/?sort=%s&limit=70&skip=%d&projection=%s"
                                       % (by_id, skip, quote_projection({"ONU.Name": 1})))
            self.assertLessEqual(len(page["data"]), 70)
            self.assertTrue(all(set(d) <= {"_id", "ONU"} for d in page["data"]))
            seen += [d["_id"] for d in page["data"]]
        self.assertEqual(seen, ids)
        after = urllib.parse.quote(json.dumps({"_id": {"$gt": ids[100], "$lt": ids[110]}}))
        _, gap = session.get_json("/api/v1/onus/configs/?sort=%s&query=%s" % (by_id, after))
        self.assertEqual([d["_id"] for d in gap["data"]], ids[101:110])
        # The same range on another field goes through the general filter.
        _, alarms = session.get_json("/api/v1/onus/alarms/?sort=%s&limit=5&skip=3" % by_id)
        self.assertEqual([d["_id"] for d in alarms["data"]], ids[3:8])
        self.assertEqual(session.get("/api/v1/onus/states/?limit=-1")[0], 400)

    def test_fleet_changes_now_and_between_page_requests(self):
        session = self.emu.login()
        ids = self.emu.admin_json("/onu-ids")
        change = self.emu.admin_json("/fleet", {"add": 2, "remove": [ids[0], "NOPE00000000"]})
        self.assertEqual(len(change["added"]), 2)
        self.assertEqual(change["removed"], [ids[0]])
        now = self.emu.admin_json("/onu-ids")
        self.assertEqual(set(now), (set(ids) - {ids[0]}) | set(change["added"]))
        self.assertEqual(session.get("/api/v1/onus/states/%s/" % ids[0])[0], 404)
        _, olts = session.get_json("/api/v1/olts/states/")
        bucketed = {i for olt in olts["data"] for bucket in olt["ONU States"].values() for i in bucket}
        self.assertNotIn(ids[0], bucketed)
        self.assertTrue(set(change["added"]) <= bucketed)
        # Scheduled: applied right after the second answered request for that path.
        self.assertTrue(self.emu.admin_json("/fleet", {"remove": [ids[5]], "after": {"path": "/api/v1/onus/configs/", "requests": 2}})["scheduled"])
        session.get("/api/v1/onus/configs/?limit=1")
        self.assertIn(ids[5], self.emu.admin_json("/onu-ids"))
        session.get("/api/v1/onus/configs/?limit=1")
        self.assertNotIn(ids[5], self.emu.admin_json("/onu-ids"))
        changes = self.emu.admin_json("/state")["fleet_changes"]
        self.assertEqual(changes[-1]["removed"], [ids[5]])
        self.assertEqual(changes[-1]["after"], "/api/v1/onus/configs/")
        self.assertEqual(self.emu.admin("/fleet", {"after": {"path": "/x"}})[0], 400)

    def test_registration_comes_from_olt_buckets_with_unbucketed_onus(self):
        session = self.emu.login()
        _, reply = session.get_json("/api/v1/olts/states/")
        bucketed = {}
        for olt in reply["data"]:
            self.assertEqual(list(olt["ONU States"]),
                             ["Registered", "Unprovisioned", "Deregistered", "Disabled", "Dying Gasp"])
            for bucket, ids in olt["ONU States"].items():
                for onu in ids:
                    bucketed[onu] = bucket
        unbucketed = self.state["special"]["unbucketed"]
        self.assertTrue(unbucketed)
        for onu in unbucketed:
            self.assertNotIn(onu, bucketed)
        self.assertEqual(len(bucketed) + len(unbucketed), 300)

    def test_state_documents_carry_exact_number_text_and_oddities(self):
        session = self.emu.login()
        state = self.state["special"]
        status, _, raw = session.get("/api/v1/onus/states/%s/" % state["max_counter"][0])
        self.assertEqual(status, 200)
        self.assertIn(b'"RX Frames":18446744073709551615', raw)
        doc = json.loads(raw)["data"]
        rx_text = raw.split(b'"RX Optical Level":', 1)[1].split(b",", 1)[0]
        self.assertRegex(rx_text.decode(), r"^-\d+\.\d\d$")
        self.assertRegex(doc["Time"], r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$")
        self.assertEqual(session.get("/api/v1/onus/states/%s/" % state["missing_state"][0])[0], 404)
        _, unknown = session.get_json("/api/v1/onus/states/%s/" % state["unknown_bank"][0])
        self.assertEqual(unknown["data"]["ONU"]["FW Bank Ptr"], 65535)

    def test_unknown_ids_and_routes(self):
        session = self.emu.login()
        self.assertEqual(session.get("/api/v1/onus/configs/NOPE00000000/")[0], 404)
        self.assertEqual(session.get("/api/v1/onus/configs")[0], 404)
        self.assertEqual(session.get("/api/v2/onus/configs/")[0], 404)
        status, _, _ = session.write("PATCH", "/api/v1/onus/configs/%s/" % self.normal_onu(), {"data": {}})
        self.assertEqual(status, 405)

    # MARK: ids in the path

    def test_strict_ids_accept_single_encoding_and_reject_double_encoding(self):
        session = self.strict.login()
        mac = self.strict.admin_json("/state")["olt_ids"][0]
        self.assertEqual(session.get("/api/v1/olts/configs/%s/" % mac)[0], 200)
        self.assertEqual(session.get("/api/v1/olts/configs/%s/" % mac.replace(":", "%3A"))[0], 200)
        status, _, raw = session.get("/api/v1/olts/configs/%s/" % mac.replace(":", "%253A"))
        self.assertEqual(status, 400)
        self.assertEqual(json.loads(raw), {"status": "fail", "details": {"message": "invalid id"}})
        # Without --strict-ids a double-encoded id is simply an unknown id.
        plain = self.emu.login()
        mac = self.state["olt_ids"][0]
        self.assertEqual(plain.get("/api/v1/olts/configs/%s/" % mac.replace(":", "%253A"))[0], 404)
        self.assertEqual(plain.get("/api/v1/olts/configs/%s/" % mac)[0], 200)

    # MARK: writes

    def test_put_round_trips_the_data_text_byte_for_byte(self):
        onu = self.normal_onu()
        session = self.emu.login()
        status, _, raw = session.get("/api/v1/onus/configs/%s/" % onu)
        original = envelope_data_bytes(raw)
        self.assertEqual(original, self.emu.admin("/config/%s" % onu)[1])
        self.assertIn(b'"Counter Max":18446744073709551615', original)
        self.assertIn(b'"Threshold Scale":1e3', original)
        self.assertIn(b'"RX Low Threshold dBm":-28.00', original)
        # A client that keeps the document as text: odd spacing, exponents, non-ASCII, new keys.
        edited = original[:-1] + (
            ', "Extra" : {"Big": 18446744073709551615, "Neg": -9223372036854775808, "Dec": -18.20,'
            ' "Exp": 1E+3, "Zero": 0.000, "Name": "Ålesund \\u00e5", "Nested": [1.10, [], {}]}}').encode("utf-8")
        body = b'{ "data" :  ' + edited + b' , "meta": {"client": "fieldops"} }'
        status, _, raw = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, raw_body=body)
        self.assertEqual((status, json.loads(raw)), (200, {"status": "success"}))
        self.assertNotIn("data", json.loads(raw))
        self.assertEqual(self.emu.admin("/config/%s" % onu)[1], edited)
        self.assertEqual(envelope_data_bytes(session.get("/api/v1/onus/configs/%s/" % onu)[2]), edited)
        write = self.emu.admin_json("/state")["writes"][-1]
        self.assertEqual((write["id"], write["status"], write["had_csrf"], write["bytes"]),
                         (onu, 200, True, len(body)))

    def test_put_with_mismatched_id_or_bad_json_is_refused(self):
        onu, other = self.normal_onu(), self.state["first_onus"][-1]
        session = self.emu.login()
        _, before = self.emu.admin("/config/%s" % onu)
        wrong = before.replace(onu.encode(), other.encode(), 1)
        status, _, _ = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, raw_body=b'{"data":' + wrong + b"}")
        self.assertEqual(status, 400)
        status, _, _ = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, raw_body=b'{"data":{"_id":')
        self.assertEqual(status, 400)
        self.assertEqual(self.emu.admin("/config/%s" % onu)[1], before)

    def test_olt_config_put_and_reset_count(self):
        mac = self.state["olt_ids"][0]
        session = self.emu.login()
        _, doc = session.get_json("/api/v1/olts/configs/%s/" % mac)
        count = doc["data"]["OLT"]["Reset Count"]
        _, raw = self.emu.admin("/config/%s" % mac)
        edited = raw.replace(b'"Reset Count":%d' % count, b'"Reset Count":%d' % (count + 1), 1)
        status, _, _ = session.write("PUT", "/api/v1/olts/configs/%s/" % mac, raw_body=b'{"data":' + edited + b"}")
        self.assertEqual(status, 200)
        self.assertEqual(self.emu.admin("/config/%s" % mac)[1], edited)
        _, state = session.get_json("/api/v1/olts/states/%s/" % mac)
        self.assertGreater(state["data"]["OLT"]["Online Time"], "2026-06-01 12:00:00")

    def test_fw_bank_pointer_change_reboots_the_onu_onto_the_new_bank(self):
        onu = self.normal_onu()
        session = self.emu.login()
        _, state = session.get_json("/api/v1/onus/states/%s/" % onu)
        active = state["data"]["ONU"]["FW Bank Ptr"]
        inactive = 1 - active
        _, raw = self.emu.admin("/config/%s" % onu)
        config = json.loads(raw)
        self.assertEqual(config["ONU"]["FW Bank Ptr"], active)
        config["ONU"]["FW Bank Files"][inactive] = "ALPH-R4.3.1.bin"
        config["ONU"]["FW Bank Versions"][inactive] = "R9.9.9"
        config["ONU"]["FW Bank Ptr"] = inactive
        status, _, _ = session.write("PUT", "/api/v1/onus/configs/%s/" % onu, {"data": config})
        self.assertEqual(status, 200)
        _, after = session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(after["data"]["ONU"]["FW Bank Ptr"], inactive)
        self.assertEqual(after["data"]["ONU"]["FW Bank Versions"], config["ONU"]["FW Bank Versions"])
        self.assertGreater(after["data"]["ONU"]["Online Time"], state["data"]["ONU"]["Online Time"])
        self.assertEqual(json.loads(self.emu.admin("/onu-state/%s" % onu)[1])["ONU"]["FW Bank Ptr"], inactive)

    # MARK: other endpoints

    def test_cpe_is_a_bare_array_without_envelope(self):
        session = self.emu.login()
        found_cpe = False
        for onu in self.state["first_onus"]:
            status, _, raw = session.get("/api/cpe/onu/%s/" % onu)
            self.assertEqual(status, 200)
            reply = json.loads(raw)
            self.assertIsInstance(reply, list)
            self.assertEqual(reply[0], 0)
            for cpe in reply[1:]:
                found_cpe = True
                self.assertEqual(list(cpe), ["MAC", "IPv4", "Hostname", "Lease Expiry"])
        self.assertTrue(found_cpe)
        self.assertEqual(session.get("/api/v1/cpe/onu/%s/" % self.normal_onu())[0], 404)

    def test_firmware_files_alarms_and_logs(self):
        session = self.emu.login()
        _, files = session.get_json("/api/v1/files/onu-firmware/")
        by_name = {f["filename"]: f for f in files["data"]}
        self.assertEqual(by_name["ALPH-G2425-R5.0.0.bin"]["models"], ["AP-G2425"])
        incompatible = self.state["special"]["incompatible"]["ALPH-G2425-R5.0.0.bin"][0]
        _, state = session.get_json("/api/v1/onus/states/%s/" % incompatible)
        self.assertEqual(state["data"]["ONU"]["Model"], "AP-G2110")
        onu = self.normal_onu()
        _, logs = session.get_json("/api/v1/onus/logs/%s/?limit=5" % onu)
        times = [entry["Time"] for entry in logs["data"]]
        self.assertEqual(len(times), 5)
        self.assertEqual(times, sorted(times, reverse=True))
        _, alarms = session.get_json("/api/v1/olts/alarms/%s/" % self.state["olt_ids"][0])
        self.assertEqual(alarms["data"]["_id"], self.state["olt_ids"][0])
        self.assertIsInstance(alarms["data"]["Alarms"], list)
        self.assertEqual(session.get("/api/v1/onus/alarms/NOPE00000000/")[0], 404)

    def test_alarm_collections_hold_every_device_and_match_the_single_documents(self):
        session = self.emu.login()
        _, onus = session.get_json("/api/v1/onus/alarms/")
        _, olts = session.get_json("/api/v1/olts/alarms/")
        self.assertEqual(len(onus["data"]), self.state["counts"]["onu_configs"])
        self.assertEqual([d["_id"] for d in olts["data"]], self.state["olt_ids"])
        with_alarms = next(d for d in onus["data"] if d["Alarms"])
        _, one = session.get_json("/api/v1/onus/alarms/%s/" % with_alarms["_id"])
        self.assertEqual(one["data"], with_alarms)
        _, projected = session.get_json("/api/v1/onus/alarms/?projection=" + quote_projection({"Alarms.Severity": 1}))
        first = next(d for d in projected["data"] if d["_id"] == with_alarms["_id"])
        self.assertEqual(first["Alarms"], [{"Severity": a["Severity"]} for a in with_alarms["Alarms"]])
        self.assertEqual(session.get("/api/v1/olts/alarms/")[0], 200)

    def test_admin_sets_and_clears_alarms(self):
        session = self.emu.login()
        onu = self.normal_onu()
        alarm = {"Name": "LOS", "Severity": "CRITICAL", "Time": "2026-06-01 11:59:00.000000", "Message": "Loss of signal"}
        status, _, _ = self.emu.call("PUT", "/__admin/alarms/%s" % onu, body=[alarm])
        self.assertEqual(status, 200)
        _, one = session.get_json("/api/v1/onus/alarms/%s/" % onu)
        self.assertEqual(one["data"]["Alarms"], [alarm])
        self.assertEqual(self.emu.call("PUT", "/__admin/alarms/NOPE00000000", body=[])[0], 404)
        self.assertEqual(self.emu.call("DELETE", "/__admin/alarms")[0], 200)
        _, onus = session.get_json("/api/v1/onus/alarms/")
        _, olts = session.get_json("/api/v1/olts/alarms/")
        self.assertTrue(all(d["Alarms"] == [] for d in onus["data"] + olts["data"]))

    def test_id_only_projection_and_the_fields_of_more_of_the_documents(self):
        session = self.emu.login()
        _, ids = session.get_json("/api/v1/onus/states/?projection=" + quote_projection({"_id": 1}))
        self.assertTrue(all(list(d) == ["_id"] for d in ids["data"]))
        _, state = session.get_json("/api/v1/onus/states/%s/" % self.normal_onu())
        data = state["data"]
        self.assertIn("Serial", data["ONU"])
        self.assertIn("OMCI Version", data["ONU"])
        self.assertEqual(set(data["OLT"]), {"MAC Address", "PON Port", "ONU ID"})
        for key in ("Temperature C", "Voltage V", "Bias mA", "BIP Errors"):
            self.assertIn(key, data["STATS"])
        _, config = session.get_json("/api/v1/onus/configs/%s/" % self.normal_onu())
        self.assertIs(config["data"]["ONU"]["Enable"], True)
        self.assertIsNone(config["data"]["ONU"]["Custom Note"])

    def test_admin_can_seed_and_delete_state_documents(self):
        session = self.emu.login()
        missing = self.state["special"]["missing_state"][0]
        text = b'{"_id":"%s","Time":"2026-06-01 12:00:00","ONU":{"FW Bank Ptr":7,"Odd":1.50}}' % missing.encode()
        status, _, _ = self.emu.call("PUT", "/__admin/onu-state/%s" % missing, raw_body=text)
        self.assertEqual(status, 200)
        self.assertEqual(envelope_data_bytes(session.get("/api/v1/onus/states/%s/" % missing)[2]), text)
        self.assertEqual(self.emu.call("PUT", "/__admin/onu-state/NOPE00000000", raw_body=text)[0], 404)
        self.assertEqual(self.emu.call("DELETE", "/__admin/onu-state/%s" % missing)[0], 200)
        self.assertEqual(session.get("/api/v1/onus/states/%s/" % missing)[0], 404)

    def test_base_faults_and_latency_apply_to_mcms_routes(self):
        session = self.emu.login()
        self.emu.admin("/faults", {"path": "/api/v1/olts/*", "status": 503, "count": 1})
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 503)
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 200)
        self.emu.admin("/latency", {"delay_ms": 150})
        began = time.monotonic()
        self.assertEqual(session.get("/api/v1/files/onu-firmware/")[0], 200)
        self.assertGreaterEqual(time.monotonic() - began, 0.15)

    def test_a_held_request_waits_for_the_release(self):
        session = self.emu.login()
        self.emu.admin("/faults", {"path": "/api/v1/olts/states/", "hold": True, "count": 1})
        answers = []
        thread = threading.Thread(target=lambda: answers.append(session.get("/api/v1/olts/states/")[0]))
        thread.start()
        deadline = time.monotonic() + 10
        while self.emu.admin_json("/held")["held"] == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        self.assertEqual(self.emu.admin_json("/held")["held"], 1)
        self.assertEqual(answers, [], "not answered while held")
        self.emu.admin("/release", {})
        thread.join(10)
        self.assertEqual(answers, [200])
        self.assertEqual(self.emu.admin_json("/held")["held"], 0)
        # Only the one request was held.
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 200)

    def test_fleet_is_deterministic_from_the_seed(self):
        first = mcms_emulator.Fleet(3, 2, 30, mcms_emulator.BASE_TIME)
        again = mcms_emulator.Fleet(3, 2, 30, mcms_emulator.BASE_TIME)
        other = mcms_emulator.Fleet(4, 2, 30, mcms_emulator.BASE_TIME)
        self.assertEqual(first.onu_ids, again.onu_ids)
        self.assertEqual([d.text for d in first.onu_configs.docs.values()],
                         [d.text for d in again.onu_configs.docs.values()])
        self.assertNotEqual(first.onu_ids, other.onu_ids)
        self.assertRegex(first.olt_ids[0], r"^70:b3:d5(:[0-9a-f]{2}){3}$")
        self.assertRegex(first.onu_ids[0], r"^ALPH[0-9a-f]{8}$")


class MCMSActivationTests(unittest.TestCase):
    """The device side of an upgrade: reboot, registration buckets, outcomes, the FW Upgrade block."""

    @classmethod
    def setUpClass(cls):
        cls.emu = Emulator("--onus", "60", "--olts", "2", "--seed", "7", "--boot-delay", "0.6")
        cls.state = cls.emu.admin_json("/state")

    @classmethod
    def tearDownClass(cls):
        cls.emu.stop()

    def setUp(self):
        self.emu.admin("/reset", {})
        self.session = self.emu.login()

    def registered_onus(self, count):
        special = self.state["special"]
        odd = set(special["missing_state"]) | set(special["unknown_bank"]) | set(special["unbucketed"])
        found = []
        for mac in self.state["olt_ids"]:
            _, olt = self.session.get_json("/api/v1/olts/states/%s/" % mac)
            found += [i for i in olt["data"]["ONU States"]["Registered"] if i not in odd]
        return found[:count]

    def bucket_of(self, onu):
        _, state = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        mac = state["data"]["OLT"]["MAC Address"]
        _, olt = self.session.get_json("/api/v1/olts/states/%s/" % mac)
        return next((name for name, ids in olt["data"]["ONU States"].items() if onu in ids), None)

    def activate(self, onu, version="R9.9.9"):
        _, state = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        active = state["data"]["ONU"]["FW Bank Ptr"]
        config = json.loads(self.emu.admin("/config/%s" % onu)[1])
        config["ONU"]["FW Bank Ptr"] = active
        self.emu.call("PUT", "/__admin/config/%s" % onu, raw_body=json.dumps(config).encode())
        config["ONU"]["FW Bank Files"][1 - active] = "ALPH-R4.3.1.bin"
        config["ONU"]["FW Bank Versions"][1 - active] = version
        config["ONU"]["FW Bank Ptr"] = 1 - active
        status, _, _ = self.session.write("PUT", "/api/v1/onus/configs/%s/" % onu, {"data": config})
        self.assertEqual(status, 200)
        return state["data"], active

    def wait_for_boot(self):
        deadline = time.monotonic() + 10
        while self.emu.admin_json("/activations")["pending"] and time.monotonic() < deadline:
            time.sleep(0.1)

    def test_success_leaves_registered_while_booting_and_comes_back_on_the_new_bank(self):
        onu = self.registered_onus(1)[0]
        before, active = self.activate(onu)
        _, booting = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(booting["data"]["ONU"]["FW Bank Ptr"], active, "still the old bank while it boots")
        self.assertIn(booting["data"]["ONU"]["FW Upgrade"]["Status"], ("downloading", "activating"))
        self.assertEqual(self.bucket_of(onu), "Deregistered")
        self.wait_for_boot()
        _, after = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(after["data"]["ONU"]["FW Bank Ptr"], 1 - active)
        self.assertEqual(after["data"]["ONU"]["FW Bank Versions"][1 - active], "R9.9.9")
        self.assertEqual(after["data"]["ONU"]["FW Upgrade"], {"Status": "done", "Progress": 100})
        self.assertGreater(after["data"]["ONU"]["Online Time"], before["ONU"]["Online Time"])
        self.assertEqual(self.bucket_of(onu), "Registered")
        log = self.emu.admin_json("/activations")["log"]
        self.assertEqual([(r["id"], r["result"], r["from"], r["to"]) for r in log], [(onu, "success", active, 1 - active)])
        self.assertGreaterEqual(log[0]["ended"] - log[0]["start"], 0.6)

    def test_fall_back_registers_again_on_the_old_bank(self):
        onu = self.registered_onus(1)[0]
        self.emu.admin("/activation", {"outcomes": {onu: "fall-back"}})
        _, active = self.activate(onu)
        self.wait_for_boot()
        _, after = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(after["data"]["ONU"]["FW Bank Ptr"], active)
        self.assertEqual(after["data"]["ONU"]["FW Upgrade"]["Status"], "failed")
        self.assertIn("did not boot", after["data"]["ONU"]["FW Upgrade"]["Failure"])
        self.assertEqual(self.bucket_of(onu), "Registered")
        config = json.loads(self.emu.admin("/config/%s" % onu)[1])
        self.assertEqual(config["ONU"]["FW Bank Ptr"], 1 - active, "the config still points at the new bank")

    def test_never_back_stays_out_of_registered(self):
        onu = self.registered_onus(1)[0]
        self.emu.admin("/activation", {"outcomes": {onu: "never-back"}})
        _, active = self.activate(onu)
        self.wait_for_boot()
        time.sleep(0.2)
        _, after = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(after["data"]["ONU"]["FW Bank Ptr"], active)
        self.assertEqual(self.bucket_of(onu), "Deregistered")
        self.assertEqual(self.emu.admin_json("/activations")["log"][0]["result"], "never-back")

    def test_a_dead_onu_is_not_polled_fresh_by_a_clock_change(self):
        onu, other = self.registered_onus(2)
        self.emu.admin("/activation", {"outcomes": {onu: "never-back"}})
        self.emu.admin("/clock", {"frozen": True})
        self.activate(onu)
        self.emu.admin("/clock", {"advance": 1})
        self.assertEqual(self.emu.admin_json("/activations")["pending"], [])
        _, dead = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        moment = self.emu.admin_json("/clock", {"advance": 3600})["now"]
        _, later = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(later["data"]["Time"], dead["data"]["Time"], "nothing it reports changes any more")
        _, alive = self.session.get_json("/api/v1/onus/states/%s/" % other)
        self.assertEqual(alive["data"]["Time"], moment.replace("T", " "))

    def test_older_appliance_omits_the_block_and_bad_settings_are_refused(self):
        onu = self.registered_onus(1)[0]
        self.emu.admin("/activation", {"upgrade_block": False, "boot_delay": 0})
        self.activate(onu)
        _, after = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertNotIn("FW Upgrade", after["data"]["ONU"])
        status, _ = self.emu.admin("/activation", {"outcomes": {onu: "explode"}})
        self.assertEqual(status, 400)

    def test_boot_delay_runs_on_the_emulated_clock(self):
        onu = self.registered_onus(1)[0]
        self.emu.admin("/activation", {"boot_delay": 600})
        self.emu.admin("/clock", {"frozen": True})
        _, active = self.activate(onu)
        time.sleep(0.3)
        self.assertEqual(self.emu.admin_json("/activations")["pending"], [onu], "a frozen clock boots nothing")
        self.emu.admin("/clock", {"advance": 599})
        self.assertEqual(self.emu.admin_json("/activations")["pending"], [onu])
        self.assertEqual(self.bucket_of(onu), "Deregistered")
        clock = self.emu.admin_json("/clock", {"advance": 1})
        self.assertEqual(self.emu.admin_json("/activations")["pending"], [])
        _, after = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(after["data"]["ONU"]["FW Bank Ptr"], 1 - active)
        self.assertEqual(after["data"]["ONU"]["Online Time"], clock["now"].replace("T", " "))
        self.assertEqual(self.bucket_of(onu), "Registered")
        record = self.emu.admin_json("/activations")["log"][0]
        self.assertAlmostEqual(record["ended"] - record["start"], 600, places=5)

    def test_concurrent_activations_are_counted_per_olt(self):
        onus = self.registered_onus(3)
        self.emu.admin("/activation", {"boot_delay": 0.8, "jitter": 0.1})
        for onu in onus:
            self.activate(onu)
        self.wait_for_boot()
        report = self.emu.admin_json("/activations")
        olts = {}
        for record in report["log"]:
            olts[record["olt"]] = olts.get(record["olt"], 0) + 1
        self.assertEqual(report["max_concurrent_per_olt"], olts)
        self.assertEqual(report["pending"], [])


# What the recorder reads of each ONU state (Sources/MCMS/History/HistoryPoint.swift), and "Time".
RECORDER_PROJECTION = {"Time": 1, "OLT.MAC Address": 1, "OLT.PON Port": 1, "ONU.FW Bank Ptr": 1,
                       "ONU.FW Bank Versions": 1, "STATS.RX Optical Level": 1, "STATS.TX Optical Level": 1,
                       "STATS.FEC Corrected": 1, "STATS.FEC Uncorrectable": 1, "STATS.BIP Errors": 1,
                       "STATS.RX Rate bps": 1, "STATS.TX Rate bps": 1}
BY_ID = urllib.parse.quote('{"_id":1}')
U64_MAX = 18446744073709551615


def stamp_of(iso):
    """The MCMS stamp of an admin ISO moment: 2026-06-02T10:00:00.000000 -> 2026-06-02 10:00:00.000000."""
    return iso.replace("T", " ")


def listed(session, path="/api/v1/onus/states/", projection=None, page=25):
    """Every document of a listing, paged as fieldops pages it (sorted by _id, `page` at a time,
    projected), decimals kept as their text ("-22.59") so their two places can be checked."""
    docs = {}
    skip = 0
    while True:
        query = "?sort=%s&limit=%d&skip=%d" % (BY_ID, page, skip)
        if projection:
            query += "&projection=" + quote_projection(projection)
        status, _, raw = session.get(path + query)
        if status != 200:
            raise AssertionError("listing %s answered %d" % (path, status))
        data = json.loads(raw, parse_float=str)["data"]
        docs.update((doc["_id"], doc) for doc in data)
        if len(data) < page:
            return docs
        skip += page


class MCMSClockTests(unittest.TestCase):
    """The controllable clock, optical levels and counters drifting on it, and alarms it raises
    and clears: what the recorder's tests use to simulate a week in seconds."""

    @classmethod
    def setUpClass(cls):
        cls.emu = Emulator("--onus", "60", "--olts", "2", "--seed", "7")
        cls.state = cls.emu.admin_json("/state")

    @classmethod
    def tearDownClass(cls):
        cls.emu.stop()

    def setUp(self):
        self.emu.admin("/reset", {})
        self.session = self.emu.login()
        special = self.state["special"]
        odd = set(special["missing_state"]) | set(special["unknown_bank"]) | set(special["unbucketed"]) \
            | set(special["max_counter"])
        self.onus = [i for i in self.state["first_onus"] if i not in odd]

    def clock(self, body=None):
        status, raw = self.emu.admin("/clock", body)
        self.assertEqual(status, 200, raw)
        return json.loads(raw)

    def drift(self, body=None, method=None):
        status, raw = self.emu.admin("/drift", body, method)
        self.assertEqual(status, 200, raw)
        return json.loads(raw)

    def refused(self, path, body, status=400, raw_body=None):
        """The admin answer to a bad body: `status` with an "error" saying what was expected."""
        code, _, raw = self.emu.call("POST", "/__admin" + path, body=body, raw_body=raw_body)
        self.assertEqual(code, status, raw)
        answer = json.loads(raw)
        if status == 400:
            self.assertIn("expected", answer["error"])
        return answer

    def onu_alarms(self, onu):
        _, one = self.session.get_json("/api/v1/onus/alarms/%s/" % onu)
        return one["data"]["Alarms"]

    def listed_alarms(self, path, device):
        """The device's alarms from the whole list and from a keyset page starting at it."""
        _, everything = self.session.get_json(path)
        whole = next(d["Alarms"] for d in everything["data"] if d["_id"] == device)
        after = urllib.parse.quote(json.dumps({"_id": {"$gte": device}}))
        _, page = self.session.get_json("%s?sort=%s&query=%s&limit=1" % (path, BY_ID, after))
        self.assertEqual(page["data"][0]["_id"], device)
        self.assertEqual(page["data"][0]["Alarms"], whole)
        return whole

    # MARK: the clock

    def test_clock_reads_the_base_time_running_until_set_advanced_or_frozen(self):
        first = self.clock()
        self.assertRegex(first["now"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$")
        self.assertFalse(first["frozen"])
        self.assertTrue("2026-06-01T12:00:00" <= first["now"] < "2026-06-01T12:01:00", first)
        time.sleep(0.05)
        self.assertGreater(self.clock()["now"], first["now"], "a clock not frozen runs with real time")

        self.assertEqual(self.clock({"set": "2026-06-02T08:00:00", "frozen": True}),
                         {"now": "2026-06-02T08:00:00.000000", "frozen": True})
        time.sleep(0.05)
        self.assertEqual(self.clock(), {"now": "2026-06-02T08:00:00.000000", "frozen": True})
        self.assertEqual(self.clock({"advance": 300.25})["now"], "2026-06-02T08:05:00.250000")
        self.assertEqual(self.clock({"set": "2026-06-01 06:00:00", "advance": 60})["now"],
                         "2026-06-01T06:01:00.000000", "set may go back; advance comes after it")
        self.assertEqual(self.clock({"frozen": False})["now"][:19], "2026-06-01T06:01:00")
        time.sleep(0.05)
        running = self.clock()
        self.assertFalse(running["frozen"])
        self.assertGreater(running["now"], "2026-06-01T06:01:00.040000", "runs on from where it was")

        self.clock({"advance": 7 * 86400, "frozen": True})
        self.emu.admin("/reset", {})
        again = self.clock()
        self.assertFalse(again["frozen"])
        self.assertTrue("2026-06-01T12:00:00" <= again["now"] < "2026-06-01T12:01:00", again)

    def test_a_clock_change_makes_every_state_document_freshly_polled(self):
        onu = self.onus[0]
        _, text_before = self.emu.admin("/onu-state/%s" % onu)
        before = listed(self.session, projection={"Time": 1})
        moment = self.clock({"set": "2026-06-04T09:15:00", "frozen": True})["now"]
        onus = listed(self.session, projection={"Time": 1})
        self.assertEqual(set(onus), set(before))
        self.assertEqual({d["Time"] for d in onus.values()}, {stamp_of(moment)})
        olts = listed(self.session, "/api/v1/olts/states/", {"Time": 1})
        self.assertEqual(len(olts), 2)
        self.assertEqual({d["Time"] for d in olts.values()}, {stamp_of(moment)})
        # Only "Time" changed: the rest of a document is its text as it was.
        _, raw = self.emu.admin("/onu-state/%s" % onu)
        old_time = b'"Time":"%s"' % before[onu]["Time"].encode()
        self.assertEqual(raw, text_before.replace(old_time, b'"Time":"2026-06-04 09:15:00.000000"', 1))
        self.assertNotEqual(raw, text_before)
        _, whole = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(whole["data"]["Time"], "2026-06-04 09:15:00.000000")
        # Written after the change, a document's "Time" is the emulated now too.
        config = json.loads(self.emu.admin("/config/%s" % onu)[1])
        config["ONU"]["Reset Count"] += 1
        self.clock({"advance": 90})
        self.assertEqual(self.session.write("PUT", "/api/v1/onus/configs/%s/" % onu, {"data": config})[0], 200)
        _, rebooted = self.session.get_json("/api/v1/onus/states/%s/" % onu)
        self.assertEqual(rebooted["data"]["ONU"]["Online Time"], "2026-06-04 09:16:30.000000")
        # So does an ONU added after it.
        added = self.emu.admin_json("/fleet", {"add": 1})["added"][0]
        _, fresh = self.session.get_json("/api/v1/onus/states/%s/" % added)
        self.assertTrue("2026-06-04 09:16:00" <= fresh["data"]["Time"] <= "2026-06-04 09:16:30", fresh["data"]["Time"])

    def test_seeded_alarms_logs_and_leases_move_with_the_clock(self):
        def seeded():
            logs = {o: self.session.get_json("/api/v1/onus/logs/%s/?limit=3" % o)[1]["data"] for o in self.onus}
            leases = {o: json.loads(self.session.get("/api/cpe/onu/%s/" % o)[2])[1:] for o in self.onus}
            return ([e["Time"] for entries in logs.values() for e in entries],
                    [c["Lease Expiry"] for cpes in leases.values() for c in cpes])

        def week_later(text):
            moment = datetime.datetime.fromisoformat(text) + datetime.timedelta(days=7)
            return moment.strftime("%Y-%m-%d %H:%M:%S.%f" if "." in text else "%Y-%m-%d %H:%M:%S")

        logs, leases = seeded()
        self.assertTrue(leases)
        self.assertTrue(all(t < "2026-06-01 12:00:00" for t in logs))
        self.assertEqual(seeded(), (logs, leases), "the same while the clock only runs")
        self.clock({"advance": 7 * 86400, "frozen": True})
        self.assertEqual(seeded(), ([week_later(t) for t in logs], [week_later(t) for t in leases]))
        self.clock({"set": "2026-05-01T00:00:00"})
        alarms = self.onu_alarms(self.onus[1])
        self.assertTrue(all(a["Time"] < "2026-05-01 00:00:00" for a in alarms), alarms)

    def test_a_session_lifetime_runs_on_the_emulated_clock(self):
        emu = Emulator("--onus", "10", "--olts", "1", "--session-ttl", "3600")
        self.addCleanup(emu.stop)
        session = emu.login()
        emu.admin("/clock", {"advance": 3599, "frozen": True})
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 200)
        emu.admin("/clock", {"advance": 2})
        self.assertEqual(session.get("/api/v1/olts/states/")[0], 401)

    def test_bad_clock_bodies_are_refused_and_change_nothing(self):
        self.clock({"set": "2026-06-02T08:00:00", "frozen": True})
        for body in ({"advance": -1}, {"advance": "300"}, {"advance": True}, {"set": "yesterday"},
                     {"set": "2026-06-02T08:00:00Z"}, {"set": 1780000000}, {"frozen": "yes"},
                     {"set": "2026-06-02T09:00:00", "advance": -5}, {"advance_by": 5},
                     {"offset_seconds": 5, "advance": 5}, [300]):
            answer = self.refused("/clock", body)
            self.assertIsInstance(answer["error"], str, body)
        self.refused("/clock", None, raw_body=b"advance 300")
        self.assertEqual(self.clock(), {"now": "2026-06-02T08:00:00.000000", "frozen": True})
        self.assertEqual(self.emu.call("DELETE", "/__admin/clock")[0], 405)
        # {"offset_seconds"} alone is still the Date header's skew, and leaves this clock alone.
        self.assertEqual(self.emu.admin_json("/clock", {"offset_seconds": 30}), {"ok": True})
        self.assertEqual(self.emu.admin_json("/settings")["clock_offset"], 30)
        self.assertEqual(self.clock()["now"], "2026-06-02T08:00:00.000000")

    # MARK: drift

    def test_rate_step_and_blip_read_back_through_the_listing(self):
        onu, still = self.onus[0], self.onus[1]
        self.clock({"set": "2026-06-01T12:00:00", "frozen": True})
        before = listed(self.session, projection=RECORDER_PROJECTION)
        spec = {"rx_db_per_day": -0.3, "tx_db_per_day": -0.05, "step_db": -2.4, "step_at": "2026-06-02T10:00:00",
                "fec_per_hour": 5000, "bip_per_hour": 20,
                "blips": [{"at": "2026-06-03T01:00:00", "seconds": 300, "rx_db": -9.0}]}
        shown = self.drift({"onus": {onu: spec}})["onus"][onu]
        base = shown["base"]
        self.assertEqual(shown["from"], "2026-06-01T12:00:00.000000")
        self.assertEqual(shown["step_at"], "2026-06-02T10:00:00.000000")
        self.assertEqual(shown["blips"], [{"at": "2026-06-03T01:00:00.000000", "seconds": 300, "rx_db": -9.0}])
        self.assertEqual(base["RX Optical Level"], float(before[onu]["STATS"]["RX Optical Level"]))
        self.assertEqual(base["TX Optical Level"], float(before[onu]["STATS"]["TX Optical Level"]))
        self.assertEqual(base["FEC Corrected"], before[onu]["STATS"]["FEC Corrected"])
        self.assertEqual(base["BIP Errors"], before[onu]["STATS"]["BIP Errors"])

        def reading(moment):
            self.clock({"set": moment})
            docs = listed(self.session, projection=RECORDER_PROJECTION)
            self.assertEqual(docs[onu]["Time"], moment.replace("T", " ") + ".000000")
            self.assertEqual(docs[still]["STATS"], before[still]["STATS"], "an ONU without a spec keeps its values")
            return docs[onu]["STATS"]

        def level(days, extra=0.0):
            return "%.2f" % (base["RX Optical Level"] + -0.3 * days + extra)

        stats = reading("2026-06-02T09:59:59")    # a second before the step
        days = (22 * 3600 - 1) / 86400
        self.assertEqual(stats["RX Optical Level"], level(days))
        self.assertEqual(stats["TX Optical Level"], "%.2f" % (base["TX Optical Level"] + -0.05 * days))
        self.assertEqual(stats["FEC Corrected"], base["FEC Corrected"] + 109998)    # ⌊5000 × 21.9997 h⌋
        self.assertEqual(stats["BIP Errors"], base["BIP Errors"] + 439)
        stats = reading("2026-06-02T10:00:00")    # the step: a fibre bent in a cabinet
        self.assertEqual(stats["RX Optical Level"], level(22 / 24, -2.4))
        self.assertEqual(stats["FEC Corrected"], base["FEC Corrected"] + 110000)
        self.assertEqual(stats["BIP Errors"], base["BIP Errors"] + 440)
        stats = reading("2026-06-03T01:02:30")    # inside the five-minute blip
        days = (37 * 3600 + 150) / 86400
        self.assertEqual(stats["RX Optical Level"], level(days, -2.4 + -9.0))
        stats = reading("2026-06-03T01:05:00")    # the blip is over
        self.assertEqual(stats["RX Optical Level"], level((37 * 3600 + 300) / 86400, -2.4))
        for text in (stats["RX Optical Level"], stats["TX Optical Level"]):
            self.assertRegex(text, r"^-?\d+\.\d\d$")
        # A week on, through advance: the counters went on growing at their rate.
        self.clock({"set": "2026-06-01T12:00:00"})
        for _ in range(7):
            self.clock({"advance": 86400})
        stats = listed(self.session, projection=RECORDER_PROJECTION)[onu]["STATS"]
        self.assertEqual(stats["FEC Corrected"], base["FEC Corrected"] + 7 * 24 * 5000)
        self.assertEqual(stats["BIP Errors"], base["BIP Errors"] + 7 * 24 * 20)
        self.assertEqual(stats["RX Optical Level"], level(7, -2.4))
        # The whole document agrees with the listing.
        whole = self.session.get("/api/v1/onus/states/%s/" % onu)[2]
        self.assertIn(('"RX Optical Level":%s' % level(7, -2.4)).encode(), whole)

    def test_a_spec_given_again_keeps_the_first_base_and_delete_keeps_the_values(self):
        onu = self.onus[0]
        self.clock({"set": "2026-06-01T12:00:00", "frozen": True})
        base = self.drift({"onus": {onu: {"fec_per_hour": 1000}}})["onus"][onu]["base"]
        self.clock({"advance": 3600})
        # Given again, from a stated moment: the same base, the new rate, no key of the old spec.
        shown = self.drift({"onus": {onu: {"fec_per_hour": 4000, "rx_db_per_day": -1.0,
                                           "from": "2026-06-01T12:00:00"}}})["onus"][onu]
        self.assertEqual(shown["base"], base)
        self.assertNotIn("bip_per_hour", shown)
        stats = listed(self.session, projection=RECORDER_PROJECTION)[onu]["STATS"]
        self.assertEqual(stats["FEC Corrected"], base["FEC Corrected"] + 4000)
        self.assertEqual(stats["RX Optical Level"], "%.2f" % (base["RX Optical Level"] - 1 / 24))
        # Several ONUs in one call; the earlier spec stays.
        other = self.onus[1]
        both = self.drift({"onus": {other: {"bip_per_hour": 2}}})
        self.assertEqual(set(both["onus"]), {onu, other})
        self.assertEqual(self.drift(method="DELETE"), {"onus": {}, "all": None})
        self.clock({"advance": 3600})
        after = listed(self.session, projection=RECORDER_PROJECTION)[onu]["STATS"]
        self.assertEqual(after["FEC Corrected"], stats["FEC Corrected"], "no drift: the values stay")
        self.assertEqual(after["RX Optical Level"], stats["RX Optical Level"])
        # Set again after a DELETE, the base is what the document holds now.
        again = self.drift({"onus": {onu: {"fec_per_hour": 1}}})["onus"][onu]["base"]
        self.assertEqual(again["FEC Corrected"], stats["FEC Corrected"])

    def test_all_grows_the_counters_of_every_onu_from_its_own_base(self):
        self.clock({"set": "2026-06-01T12:00:00", "frozen": True})
        before = listed(self.session, projection=RECORDER_PROJECTION)
        onu = self.onus[0]
        shown = self.drift({"all": {"fec_per_hour": 3600, "bip_per_hour": 1.5},
                            "onus": {onu: {"fec_per_hour": 10}}})
        self.assertEqual(set(shown["all"]["base"]), set(before))
        self.assertEqual(shown["all"]["base"][onu], {"FEC Corrected": before[onu]["STATS"]["FEC Corrected"],
                                                     "BIP Errors": before[onu]["STATS"]["BIP Errors"]})
        self.clock({"advance": 2 * 3600})
        after = listed(self.session, projection=RECORDER_PROJECTION)
        maxed = self.state["special"]["max_counter"][0]
        for doc_id, doc in after.items():
            old = before[doc_id]["STATS"]
            self.assertEqual(doc["STATS"]["BIP Errors"], old["BIP Errors"] + 3, doc_id)
            if doc_id == onu:
                self.assertEqual(doc["STATS"]["FEC Corrected"], old["FEC Corrected"] + 20, "its own rate wins")
            elif doc_id == maxed:
                self.assertEqual(doc["STATS"]["FEC Corrected"], 7199, "a 64-bit counter wraps")
            else:
                self.assertEqual(doc["STATS"]["FEC Corrected"], old["FEC Corrected"] + 7200, doc_id)
            self.assertEqual(doc["STATS"]["RX Optical Level"], before[doc_id]["STATS"]["RX Optical Level"])
        self.assertEqual(before[maxed]["STATS"]["FEC Corrected"], U64_MAX)
        # An ONU whose state appears later grows from when it appeared.
        added = self.emu.admin_json("/fleet", {"add": 1})["added"][0]
        self.clock({"advance": 0})
        start = listed(self.session, projection=RECORDER_PROJECTION)[added]["STATS"]["FEC Corrected"]
        self.clock({"advance": 3600})
        self.assertEqual(listed(self.session, projection=RECORDER_PROJECTION)[added]["STATS"]["FEC Corrected"],
                         start + 3600)
        self.assertIn("from", self.drift()["all"]["base"][added])

    def test_bad_drift_bodies_get_400_unknown_onus_404_and_nothing_changes(self):
        onu = self.onus[0]
        _, before = self.emu.admin("/onu-state/%s" % onu)
        for body in ({}, {"onus": []}, {"onus": {onu: {"rx_db_per_day": "-0.3"}}},
                     {"onus": {onu: {"fec_per_hour": -1}}}, {"onus": {onu: {"rx_per_day": -0.3}}},
                     {"onus": {onu: {"step_at": "soon"}}}, {"onus": {onu: {"blips": {"at": "2026-06-02T00:00:00"}}}},
                     {"onus": {onu: {"blips": [{"at": "2026-06-02T00:00:00", "seconds": 0, "rx_db": -3}]}}},
                     {"onus": {onu: {"blips": [{"at": "2026-06-02T00:00:00", "rx_db": -3}]}}},
                     {"onus": {onu: {"from": "2026-06-02T00:00:00+02:00"}}}, {"onus": {onu: 5}},
                     {"all": {}}, {"all": {"rx_db_per_day": -0.1}}, {"all": {"bip_per_hour": None}},
                     {"all": {"fec_per_hour": 1e308}}, {"onus": {onu: {"step_db": -1e300}}},
                     {"every": {"fec_per_hour": 1}}):
            self.refused("/drift", body)
        self.refused("/drift", None, raw_body=b'{"onus": ')
        answer = self.refused("/drift", {"onus": {onu: {"fec_per_hour": 1}, "NOPE00000000": {}}}, status=404)
        self.assertEqual(answer, {"error": "unknown id", "id": "NOPE00000000"})
        missing = self.state["special"]["missing_state"][0]
        self.assertEqual(self.refused("/drift", {"onus": {missing: {}}}, status=404)["id"], missing)
        self.assertEqual(self.drift(), {"onus": {}, "all": None})
        self.assertEqual(self.emu.admin("/onu-state/%s" % onu)[1], before)
        self.assertEqual(self.emu.call("PUT", "/__admin/drift", body={})[0], 405)

    # MARK: scheduled alarms

    def test_a_scheduled_alarm_is_active_only_inside_its_window(self):
        onu, olt = self.onus[0], self.state["olt_ids"][0]
        earlier = {"Name": "LOW-RX-POWER", "Severity": "MINOR", "Time": "2026-06-02 01:00:00.000000",
                   "Message": "RX optical level below threshold"}
        self.emu.call("PUT", "/__admin/alarms/%s" % onu, body=[earlier])
        self.emu.call("PUT", "/__admin/alarms/%s" % olt, body=[])
        los = {"Name": "Loss of Signal", "Severity": "CRITICAL", "Message": "No optical signal from the ONU"}
        port = {"Name": "PON Port LOS", "Severity": "MAJOR", "Message": "PON port 3: no signal from any ONU"}
        self.clock({"set": "2026-06-02T02:00:00", "frozen": True})
        schedule = self.emu.admin_json("/alarm-schedule", {"alarms": [
            {"device": onu, "alarm": los, "raise_at": "2026-06-02T03:00:00", "clear_at": "2026-06-02T05:30:00"},
            {"device": olt, "alarm": port, "raise_at": "2026-06-02T04:00:00", "clear_at": None}]})
        self.assertEqual(schedule["alarms"][0], {"device": onu, "alarm": los, "raise_at": "2026-06-02T03:00:00.000000",
                                                 "clear_at": "2026-06-02T05:30:00.000000", "active": False})
        raised = {"Name": los["Name"], "Severity": los["Severity"], "Time": "2026-06-02 03:00:00.000000",
                  "Message": los["Message"]}
        olt_raised = {"Name": port["Name"], "Severity": port["Severity"], "Time": "2026-06-02 04:00:00.000000",
                      "Message": port["Message"]}

        def seen(moment):
            self.clock({"set": moment})
            one = self.onu_alarms(onu)
            self.assertEqual(self.listed_alarms("/api/v1/onus/alarms/", onu), one)
            _, olt_one = self.session.get_json("/api/v1/olts/alarms/%s/" % olt)
            self.assertEqual(self.listed_alarms("/api/v1/olts/alarms/", olt), olt_one["data"]["Alarms"])
            return one, olt_one["data"]["Alarms"]

        self.assertEqual(seen("2026-06-02T02:59:59.999999"), ([earlier], []))
        self.assertEqual(seen("2026-06-02T03:00:00"), ([raised, earlier], []))
        raw = self.session.get("/api/v1/onus/alarms/%s/" % onu)[2]
        self.assertIn(b'{"Name":"Loss of Signal","Severity":"CRITICAL","Time":"2026-06-02 03:00:00.000000",', raw)
        self.assertEqual(seen("2026-06-02T05:29:59"), ([raised, earlier], [olt_raised]))
        self.assertEqual([e["active"] for e in self.emu.admin_json("/alarm-schedule")["alarms"]], [True, True])
        self.assertEqual(self.emu.admin_json("/alarms/%s" % onu), [raised, earlier])
        self.assertEqual(seen("2026-06-02T05:30:00"), ([earlier], [olt_raised]))
        self.assertEqual(seen("2026-06-09T00:00:00"), ([earlier], [olt_raised]), "no clear_at: stays raised")
        # The alarms a test sets keep working alongside, and DELETE /__admin/alarms leaves the schedule.
        self.emu.call("DELETE", "/__admin/alarms")
        self.assertEqual(seen("2026-06-09T00:00:00"), ([], [olt_raised]))
        status, _, raw = self.emu.call("DELETE", "/__admin/alarm-schedule")
        self.assertEqual((status, json.loads(raw)), (200, {"alarms": []}))
        self.assertEqual(seen("2026-06-02T04:00:00"), ([], []))

    def test_a_device_gets_its_scheduled_alarms_newest_first_among_the_seeded_ones(self):
        onu = self.onus[0]
        self.clock({"set": "2026-06-02T12:00:00", "frozen": True})
        seeded = self.onu_alarms(onu)
        self.emu.admin("/alarm-schedule", {"alarms": [
            {"device": onu, "alarm": {"Name": "DGI", "Severity": "MAJOR", "Message": "Dying gasp received"},
             "raise_at": "2026-06-02T11:00:00"},
            {"device": onu, "alarm": {"Name": "HIGH-TEMP", "Severity": "WARNING"}, "raise_at": "2026-05-20T00:00:00"}]})
        alarms = self.onu_alarms(onu)
        self.assertEqual([a for a in alarms if a["Name"] not in ("DGI", "HIGH-TEMP")], seeded)
        times = [a["Time"] for a in alarms]
        self.assertEqual(times, sorted(times, reverse=True))
        self.assertEqual(alarms[0]["Time"], "2026-06-02 11:00:00.000000")
        self.assertEqual(len(alarms), len(seeded) + 2)

    def test_bad_schedule_bodies_get_400_unknown_devices_404_and_nothing_is_appended(self):
        onu = self.onus[0]
        good = {"device": onu, "alarm": {"Name": "Loss of Signal", "Severity": "CRITICAL"},
                "raise_at": "2026-06-02T03:00:00"}
        for body in ({}, {"alarms": good}, {"alarms": [dict(good, raise_at=None)]},
                     {"alarms": [dict(good, clear_at="2026-06-02T03:00:00")]},
                     {"alarms": [dict(good, alarm={"Name": "Loss of Signal"})]},
                     {"alarms": [dict(good, alarm=dict(good["alarm"], Time="2026-06-02 03:00:00"))]},
                     {"alarms": [dict(good, alarm=dict(good["alarm"], Message=5))]},
                     {"alarms": [dict(good, device=None)]}, {"alarms": [dict(good, raised_at="x")]},
                     {"alarms": [good, "LOS"]}):
            self.refused("/alarm-schedule", body)
        answer = self.refused("/alarm-schedule", {"alarms": [good, dict(good, device="70:b3:d5:00:00:00")]}, 404)
        self.assertEqual(answer, {"error": "unknown id", "id": "70:b3:d5:00:00:00"})
        self.assertEqual(self.emu.admin_json("/alarm-schedule"), {"alarms": []})

    # MARK: reset

    def test_a_reset_forgets_the_clock_drift_and_schedule(self):
        onu, olt = self.onus[0], self.state["olt_ids"][0]
        _, state_text = self.emu.admin("/onu-state/%s" % onu)
        _, olt_text = self.emu.admin("/olt-state/%s" % olt)
        alarms = self.onu_alarms(onu)
        self.clock({"set": "2026-06-01T12:00:00", "frozen": True})
        self.drift({"onus": {onu: {"rx_db_per_day": -1, "fec_per_hour": 100}}, "all": {"bip_per_hour": 3}})
        self.emu.admin("/alarm-schedule", {"alarms": [
            {"device": onu, "alarm": {"Name": "LOS", "Severity": "CRITICAL"}, "raise_at": "2026-06-01T12:00:00"}]})
        self.clock({"advance": 3 * 86400})
        self.assertNotEqual(self.emu.admin("/onu-state/%s" % onu)[1], state_text)
        self.emu.admin("/reset", {})
        self.assertFalse(self.clock()["frozen"])
        self.assertEqual(self.drift(), {"onus": {}, "all": None})
        self.assertEqual(self.emu.admin_json("/alarm-schedule"), {"alarms": []})
        self.assertEqual(self.emu.admin("/onu-state/%s" % onu)[1], state_text)
        self.assertEqual(self.emu.admin("/olt-state/%s" % olt)[1], olt_text)
        self.assertEqual(self.emu.login().get_json("/api/v1/onus/alarms/%s/" % onu)[1]["data"]["Alarms"], alarms)


class MCMSEmulatorBenchmarkTests(unittest.TestCase):
    def test_ten_thousand_onu_states_list_quickly(self):
        started = time.monotonic()
        emu = Emulator("--onus", "10000", "--olts", "16")
        try:
            startup = time.monotonic() - started
            session = emu.login()
            timings = []
            for _ in range(3):
                began = time.monotonic()
                status, _, raw = session.get("/api/v1/onus/states/")
                timings.append(time.monotonic() - began)
                self.assertEqual(status, 200)
            docs = json.loads(raw)["data"]
            self.assertEqual(len(docs), 10000 - len(emu.admin_json("/state")["special"]["missing_state"]))
            began = time.monotonic()
            status, _, names = session.get("/api/v1/onus/configs/?projection=" + quote_projection({"ONU.Name": 1}))
            projection = time.monotonic() - began
            print("\nmcms emulator, 10,000 ONUs: startup %.2fs, ONU-STATE list %s (%.1f MB), "
                  "name projection %.2fs" % (startup, ", ".join("%.3fs" % t for t in timings),
                                              len(raw) / 1e6, projection))
            self.assertLess(min(timings), 1.0)
        finally:
            emu.stop()

    def test_ten_thousand_onus_follow_clock_changes_quickly(self):
        emu = Emulator("--onus", "10000", "--olts", "16")
        try:
            session = emu.login()
            projection = "/api/v1/onus/states/?projection=" + quote_projection(RECORDER_PROJECTION)

            def timed(call):
                began = time.monotonic()
                answer = call()
                return time.monotonic() - began, answer

            first, _ = timed(lambda: session.get(projection))
            emu.admin("/clock", {"frozen": True})
            moves = [timed(lambda: emu.admin("/clock", {"advance": 900}))[0] for _ in range(3)]
            listing, (status, _, raw) = timed(lambda: session.get(projection))
            self.assertEqual(status, 200)
            onu = json.loads(raw)["data"][0]
            drift, _ = timed(lambda: emu.admin("/drift", {"all": {"fec_per_hour": 4000, "bip_per_hour": 8}}))
            grown = [timed(lambda: emu.admin("/clock", {"advance": 900}))[0] for _ in range(3)]
            _, after = session.get_json("/api/v1/onus/states/%s/" % onu["_id"])
            self.assertEqual(after["data"]["STATS"]["FEC Corrected"], onu["STATS"]["FEC Corrected"] + 3000)
            self.assertEqual(after["data"]["STATS"]["BIP Errors"], onu["STATS"]["BIP Errors"] + 6)
            seconds = lambda ts: ", ".join("%.3fs" % t for t in ts)  # noqa: E731
            print("\nmcms emulator, 10,000 ONUs: recorder projection %.2fs, clock change %s, projection after "
                  "it %.2fs; drift of all %.2fs, clock change with it %s"
                  % (first, seconds(moves), listing, drift, seconds(grown)))
            self.assertLess(min(moves), 0.5)
            self.assertLess(min(grown), 1.0)
            self.assertLess(listing, 1.0)
        finally:
            emu.stop()


if __name__ == "__main__":
    unittest.main()
