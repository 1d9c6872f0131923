#!/usr/bin/env python3
"""Checks JSON files against a JSON Schema (draft 2020-12).

usage: check_schema.py SCHEMA.json FILE.json... -- prints each violation with its JSON path and
exits 1 when any file violates the schema (0 when all conform).
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import relevance


def leaves(errors):
    """The errors that explain a failure: for oneOf and anyOf, the most relevant branch's own."""
    found = []
    for error in errors:
        if error.context:
            best = min(error.context, key=lambda sub: (-len(sub.absolute_path), relevance(sub)))
            branch = [sub for sub in error.context if sub.schema_path[0] == best.schema_path[0]]
            found.extend(leaves(branch))
        else:
            found.append(error)
    return sorted(found, key=lambda error: [str(p) for p in error.absolute_path])


def main(schema_path: str, paths: list[str]) -> int:
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    failed = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = list(validator.iter_errors(document))
        if errors:
            failed += 1
            print(f"{path}:")
            for error in leaves(errors)[:10]:
                where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                print(f"  {where or '(top)'}: {error.message}")
    print(f"{len(paths) - failed} conform, {failed} do not")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
