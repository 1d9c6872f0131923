#!/usr/bin/env python3
"""Checks that every target of Package.swift declares the modules its Swift files import, and
imports the targets and products it declares.

SwiftPM builds a target that imports a module it does not declare whenever something else
happened to build that module first; the next clean build, or a change elsewhere, breaks it.
A dependency nothing imports links what no code uses and misleads whoever reads the manifest.
This reads the targets from `swift package dump-package` and the `import` lines of each target's
files, and prints every import that is not declared and every dependency that is not imported
(a test target may declare executables: it runs the programs they build). Exit status 1 when
there is one.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# Modules of the toolchain and the platform: never declared.
SYSTEM = {
    "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Dispatch", "Glibc", "Musl",
    "Darwin", "Testing", "XCTest", "Synchronization", "_StringProcessing", "PackageDescription", "os",
}
# Products whose module has another name than the product.
PRODUCT_MODULES = {}

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    # A scratch folder of its own: the build's may be locked by the `swift test` that runs this.
    with tempfile.TemporaryDirectory() as scratch:
        package = json.loads(subprocess.check_output(["swift", "package", "--scratch-path", scratch, "dump-package"], cwd=root))
    targets = {target["name"]: target for target in package["targets"]}
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        declared = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    module = dependency[kind][0]
                    declared.add(PRODUCT_MODULES.get(module, module).replace("-", "_"))
        imported = set()
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        excluded = [os.path.join(root, path, item) for item in target.get("exclude", [])]
        own = name.replace("-", "_")
        for folder, _, files in os.walk(os.path.join(root, path)):
            if any(folder == item or folder.startswith(item + os.sep) for item in excluded):
                continue
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                text = open(os.path.join(folder, file), encoding="utf-8").read()
                # An `import` inside a block comment or a multi-line string imports nothing.
                text = re.sub(r'/\*.*?\*/|""".*?"""', "", text, flags=re.S)
                imported |= set(IMPORT.findall(text))
                for module in sorted(set(IMPORT.findall(text))):
                    if module in SYSTEM or module == own or module in declared:
                        continue
                    problems.append(f"{os.path.relpath(os.path.join(folder, file), root)}: imports {module}, which target {name} does not declare")
        if not any(file.endswith(".swift") for _, _, files in os.walk(os.path.join(root, path)) for file in files):
            continue  # a C or C++ target: its includes are not read here
        executables = {other.replace("-", "_") for other, item in targets.items() if item["type"] == "executable"}
        for module in sorted(declared - imported):
            if target["type"] == "test" and module in executables:
                continue
            problems.append(f"{path}: target {name} declares {module}, which none of its files imports")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
