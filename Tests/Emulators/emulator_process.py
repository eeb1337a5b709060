"""An emulator of this folder as a subprocess, started and stopped the way the Swift test
harness does it: for the emulators' own tests."""

import os
import select
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


class EmulatorProcess:
    """`script` (a file of this folder) listening on a free loopback port; `base` is its URL.
    Its stderr goes to a file: an undrained pipe could fill and stall the server."""

    def __init__(self, script, *args, timeout=30):
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen([sys.executable, os.path.join(HERE, script), "--port", "0", *args],
                                        stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else ""
        if not line.startswith("listening on "):
            self.stderr.seek(0)
            errors = self.stderr.read()
            self.stop()
            raise RuntimeError("%s did not start: %r %s" % (script, line, errors))
        self.base = line.split()[-1]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()
        self.stderr.close()
