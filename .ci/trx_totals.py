"""Sums the counters of every TRX file under a folder and prints them as one 'N passed, N failed' line."""
import pathlib
import sys
import xml.etree.ElementTree as ET

NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}


def main(folder: str) -> int:
    passed = failed = skipped = 0
    files = list(pathlib.Path(folder).rglob("*.trx"))
    for trx in files:
        counters = ET.parse(trx).getroot().find("t:ResultSummary/t:Counters", NS)
        if counters is None:
            continue
        passed += int(counters.get("passed", 0))
        failed += int(counters.get("failed", 0)) + int(counters.get("error", 0)) + int(counters.get("timeout", 0))
        # VSTest leaves xUnit's skipped tests out of notExecuted: they are the ones counted but not executed.
        skipped += max(int(counters.get("notExecuted", 0)), int(counters.get("total", 0)) - int(counters.get("executed", 0)))
    if not files:
        print("tests: no TRX results found", file=sys.stderr)
        return 1
    print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
