"""How an emulated ONU boots a new firmware bank (contract: "Firmware activation as the device
does it") — python3 standard library only.

A config PUT that moves ONU-CFG "FW Bank Ptr" away from the bank the ONU runs starts an
activation: the ONU leaves its OLT's "Registered" bucket for "Deregistered", downloads and boots
for the boot delay (± jitter), then ends one of three ways, chosen per ONU by the tests:
  success     ONU-STATE "FW Bank Ptr" = the new bank, its version reported, Registered again
  fall-back   registers again still on the old bank ("FW Upgrade" Status "failed")
  never-back  stays out of Registered; its state no longer changes
While it works, ONU-STATE carries "FW Upgrade": {"Status", "Progress", "Failure"?} unless the
appliance is set to be an older one without the block.

Time is the emulator's clock, in seconds (the `clock` callable: mcms_emulator.py passes its own,
which runs with real time until a test freezes or moves it through /__admin/clock); activations
finish lazily, on the next request or clock change after their time is up, so no timer threads
touch the documents. Every activation is logged with its start and the moment it ended (booted,
fell back, or went dead) for per-OLT concurrency assertions.
"""

import random
import time

OUTCOMES = ("success", "fall-back", "never-back")


class Activations:
    def __init__(self, seed, boot_delay=0.0, jitter=0.0, upgrade_block=True, clock=time.monotonic):
        self.rng = random.Random("activation:%d" % seed)
        self.clock = clock
        self.epoch = clock()
        self.boot_delay = float(boot_delay)
        self.jitter = float(jitter)
        self.upgrade_block = bool(upgrade_block)
        self.default_outcome = "success"
        self.outcomes = {}
        self.pending = {}
        self.log = []

    # --- settings (POST /__admin/activation) ------------------------------------------
    def configure(self, spec):
        if "boot_delay" in spec:
            self.boot_delay = max(0.0, float(spec["boot_delay"]))
        if "jitter" in spec:
            self.jitter = max(0.0, float(spec["jitter"]))
        if "upgrade_block" in spec:
            self.upgrade_block = bool(spec["upgrade_block"])
        if "default" in spec:
            if spec["default"] not in OUTCOMES:
                raise ValueError("default must be one of %s" % ", ".join(OUTCOMES))
            self.default_outcome = spec["default"]
        for onu_id, outcome in (spec.get("outcomes") or {}).items():
            if outcome not in OUTCOMES:
                raise ValueError("outcome of %s must be one of %s" % (onu_id, ", ".join(OUTCOMES)))
            self.outcomes[onu_id] = outcome

    def settings(self):
        return {"boot_delay": self.boot_delay, "jitter": self.jitter, "upgrade_block": self.upgrade_block,
                "default": self.default_outcome, "outcomes": dict(self.outcomes)}

    def seconds(self, moment):
        return round(moment - self.epoch, 6)

    # --- the log (GET /__admin/activations) ---------------------------------------------
    def report(self):
        """Every activation, the ids still booting, and the most ever booting at once per OLT."""
        now = self.clock()
        events = []
        for record in self.log:
            end = record["ended"] if record["ended"] is not None else min(record["ready"], now)
            events.append((record["start"], 1, record["olt"]))
            events.append((end, 0, record["olt"]))
        # At equal times an end comes before a start: a slot handed over is not an overlap.
        events.sort(key=lambda e: (e[0], e[1]))
        current, peak = {}, {}
        for _, is_start, olt in events:
            current[olt] = current.get(olt, 0) + (1 if is_start else -1)
            peak[olt] = max(peak.get(olt, 0), current[olt])
        return {
            "settings": self.settings(),
            "pending": sorted(self.pending),
            "max_concurrent_per_olt": peak,
            "log": [self.public(r) for r in self.log],
        }

    def public(self, record):
        return {"id": record["id"], "olt": record["olt"], "from": record["from"], "to": record["to"],
                "version": record["version"], "outcome": record["outcome"],
                "start": self.seconds(record["start"]), "ready": self.seconds(record["ready"]),
                "ended": None if record["ended"] is None else self.seconds(record["ended"]),
                "result": record["result"]}

    # --- the device ---------------------------------------------------------------------
    def start(self, onu_id, olt, from_bank, to_bank, versions):
        """Begins booting `to_bank`; returns the record. A second write while booting replaces it."""
        now = self.clock()
        old = self.pending.pop(onu_id, None)
        if old is not None:
            old["ended"] = now
            old["result"] = "superseded"
        delay = self.boot_delay + (self.rng.uniform(-self.jitter, self.jitter) if self.jitter else 0.0)
        version = versions[to_bank] if isinstance(versions, list) and len(versions) > to_bank else None
        record = {"id": onu_id, "olt": olt, "from": from_bank, "to": to_bank, "version": version,
                  "versions": list(versions) if isinstance(versions, list) else None,
                  "outcome": self.outcomes.get(onu_id, self.default_outcome),
                  "start": now, "ready": now + max(0.0, delay), "ended": None, "result": None}
        self.pending[onu_id] = record
        self.log.append(record)
        return record

    def due(self):
        """Records whose boot time is up, oldest first, taken off the pending list."""
        now = self.clock()
        done = [r for r in self.pending.values() if r["ready"] <= now]
        done.sort(key=lambda r: r["ready"])
        for record in done:
            del self.pending[record["id"]]
            record["ended"] = record["ready"]
            record["result"] = record["outcome"]
        return done

    def dead(self):
        """The ids whose latest activation ended never-back: nothing they report changes any more."""
        latest = {}
        for record in self.log:
            latest[record["id"]] = record
        return {onu_id for onu_id, record in latest.items() if record["result"] == "never-back"}

    def progress(self, record):
        """The "FW Upgrade" block of a booting ONU: downloading for the first half, then activating."""
        now = self.clock()
        span = record["ready"] - record["start"]
        share = 1.0 if span <= 0 else min(1.0, (now - record["start"]) / span)
        if share < 0.5:
            return {"Status": "downloading", "Progress": int(share * 200)}
        return {"Status": "activating", "Progress": int((share - 0.5) * 200)}
