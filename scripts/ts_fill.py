#!/usr/bin/env python3
"""Fill unfinished entries of a Qt .ts file from a JSON dictionary.

usage: ts_fill.py FILE.ts DICT.json

DICT maps a source string (as written in tr(), unescaped) to its translation,
"Context|source" to a translation for one context only, or "source#comment" to the
translation of one disambiguation (tr(source, comment)). Entries the dictionary
lacks stay unfinished and are listed, so tst_translations keeps failing until
every string is translated. A developer tool; the build never runs it.
"""
import json
import sys
import xml.etree.ElementTree as ET


def main():
    ts_path, dict_path = sys.argv[1], sys.argv[2]
    with open(dict_path, encoding="utf-8") as f:
        table = json.load(f)
    tree = ET.parse(ts_path)
    missing = []
    for context in tree.getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            source = message.findtext("source")
            tr = message.find("translation")
            if tr.get("type") not in ("unfinished", None) or (tr.get("type") is None and (tr.text or len(tr))):
                continue
            comment = message.findtext("comment")
            text = table.get(f"{source}#{comment}") if comment else None
            if text is None:
                text = table.get(f"{name}|{source}", table.get(source))
            if text is None:
                missing.append(f"{name}|{source}")
                continue
            tr.attrib.pop("type", None)
            if message.get("numerus") == "yes":
                for child in list(tr):
                    tr.remove(child)
                form = ET.SubElement(tr, "numerusform")
                form.text = text
                tr.text = None
            else:
                tr.text = text
    with open(ts_path, "wb") as f:
        f.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(f, encoding="utf-8", xml_declaration=False)
    for m in missing:
        print("untranslated:", m, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
