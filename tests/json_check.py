#!/usr/bin/env python3
"""Validates the LIBLOCKDEP_JSON output of scenario runs against the committed schema.

usage: tests/json_check.py SCHEMA < CASES
Each line of CASES is "name<TAB>out<TAB>status": the run wrote its JSON to out.json.<pid>
(one file per process), its report text to out, the fingerprint lines of that text to
out.fp. Every line must be one JSON object valid against SCHEMA; the reports that were
not suppressed must have exactly the text's fingerprints; a process that exited
normally (status 0 or 66) ends with a summary object. Prints one FAIL line per bad
case, then "checked N runs"; exits 1 if any case failed.

Uses python3-jsonschema (Debian's package): a schema validator of our own would be a
second, untested reading of JSON Schema.
"""
import glob
import json
import sys

import jsonschema


def check(validator, out, status):
    lines = []
    for path in sorted(glob.glob(glob.escape(out) + ".json.*")):
        with open(path, "rb") as f:
            for number, raw in enumerate(f, 1):
                try:
                    obj = json.loads(raw.decode("utf-8"))
                except (UnicodeDecodeError, ValueError) as e:
                    return f"{path}:{number}: not JSON: {e}"
                errors = sorted(validator.iter_errors(obj), key=str)
                if errors:
                    where = "/".join(str(p) for p in errors[0].absolute_path)
                    return f"{path}:{number}: {where}: {errors[0].message[:300]}"
                lines.append(obj)
    with open(out + ".fp") as f:
        want = sorted(f.read().split())
    got = sorted(o["fingerprint"] for o in lines
                 if o["type"] == "report" and not o["suppressed"])
    if got != want:
        return f"JSON fingerprints {got}, the text's {want}"
    if status in ("0", "66") and not any(o["type"] == "summary" for o in lines):
        return "no summary object"
    return None


def main():
    with open(sys.argv[1]) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    failed = runs = 0
    for line in sys.stdin:
        name, out, status = line.rstrip("\n").split("\t")
        runs += 1
        why = check(validator, out, status)
        if why:
            failed += 1
            print(f"FAIL {name} (json): {why}")
    print(f"checked {runs} runs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
