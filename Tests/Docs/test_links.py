"""Every relative link of the documentation (README.md, CONTRIBUTING.md, docs/, bench/README.md)
points at a file that exists and, with an anchor, at a heading of that file (GitHub's slugs)."""

import os
import re
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def documents():
    yield os.path.join(ROOT, "README.md")
    yield os.path.join(ROOT, "CONTRIBUTING.md")
    yield os.path.join(ROOT, "bench", "README.md")
    for folder, _, files in os.walk(os.path.join(ROOT, "docs")):
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def slug(heading):
    text = heading.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def anchors(path):
    found = set()
    fenced = False
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("```"):
                fenced = not fenced
            if not fenced and line.startswith("#"):
                found.add(slug(line.lstrip("#")))
    return found


class DocumentationLinks(unittest.TestCase):
    def test_every_relative_link_resolves(self):
        problems = []
        for document in documents():
            with open(document, encoding="utf-8") as handle:
                text = handle.read()
            # Links inside code are code, not links.
            text = re.sub(r"```.*?```", "", text, flags=re.S)
            text = re.sub(r"`[^`\n]*`", "", text)
            for target in LINK.findall(text):
                if re.match(r"^[a-z]+:", target):
                    continue
                file_part, _, anchor = target.partition("#")
                destination = os.path.normpath(os.path.join(os.path.dirname(document), file_part)) if file_part else document
                where = os.path.relpath(document, ROOT)
                if not os.path.exists(destination):
                    problems.append("%s: %s: no such file" % (where, target))
                    continue
                if anchor and destination.endswith(".md") and anchor not in anchors(destination):
                    problems.append("%s: %s: no such heading" % (where, target))
        self.assertEqual(problems, [])

    def test_the_readme_is_for_people(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        self.assertLessEqual(len(lines), 150, "the README keeps to 150 lines; the rest belongs in docs/")


if __name__ == "__main__":
    unittest.main()
