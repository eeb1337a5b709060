"""Unit tests of the hostile-server helpers (the modes themselves are driven end to end by
Tests/FieldOpsCoreTests/Commands/HostileServerTests.swift)."""

import gzip
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import hostile  # noqa: E402


class HugeNumbersTests(unittest.TestCase):
    def test_every_number_outside_strings_is_replaced(self):
        body = json.dumps({"a": 1, "b": [-2.5, 3e4], "c": "10 items", "d": {"e": 0}}).encode()
        out = hostile.huge_numbers(body).decode()
        self.assertNotIn(": 1,", out)
        self.assertIn('"10 items"', out)
        self.assertEqual(out.count("1e999999") + out.count("-1e400"), 4)

    def test_escaped_quotes_do_not_end_a_string(self):
        body = b'{"a": "say \\"7\\" twice", "b": 7}'
        out = hostile.huge_numbers(body)
        self.assertIn(b'\\"7\\"', out)
        self.assertTrue(out.endswith(b'"b": 1e999999}'))


class GzipBombTests(unittest.TestCase):
    def test_the_bomb_is_small_and_valid_gzip_of_256_mib(self):
        bomb = hostile.gzip_bomb()
        self.assertLess(len(bomb), 1 << 20)
        inflated = gzip.decompress(bomb)  # checks the CRC and size trailer too
        self.assertEqual(len(inflated), (256 << 20) + 12)
        self.assertTrue(inflated.startswith(b'{"data": [ '))
        self.assertTrue(inflated.endswith(b' ]}'))


class ModeTests(unittest.TestCase):
    def test_unknown_modes_are_refused(self):
        with self.assertRaises(ValueError):
            hostile.Hostile({"mode": "nonsense"})

    def test_paths_match_exactly_or_by_prefix(self):
        self.assertTrue(hostile.Hostile({"mode": "html-200", "path": "/api/*"}).matches("/api/v1/x"))
        self.assertFalse(hostile.Hostile({"mode": "html-200", "path": "/api/v1"}).matches("/api/v1/x"))
        self.assertTrue(hostile.Hostile({"mode": "html-200"}).matches("/anything"))


if __name__ == "__main__":
    unittest.main()
