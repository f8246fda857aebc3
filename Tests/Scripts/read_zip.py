#!/usr/bin/env python3
"""Reads a ZIP archive with Python's zipfile, an independent reader of what logo-mask writes.

Usage: read_zip.py ARCHIVE [FOLDER]. Checks every entry's CRC (testzip), extracts the entries into
FOLDER when given, and prints one JSON object: {"bad": first bad entry or null, "entries":
[{"name", "method" (0 stored, 8 deflated), "size", "compressed", "date"}], "texts": {name: text
of each .json entry}}.
"""
import json
import sys
import zipfile


def main():
    path = sys.argv[1]
    with zipfile.ZipFile(path) as archive:
        bad = archive.testzip()
        entries = []
        texts = {}
        for info in archive.infolist():
            entries.append({
                'name': info.filename, 'method': info.compress_type, 'size': info.file_size,
                'compressed': info.compress_size, 'date': list(info.date_time),
            })
            if info.filename.endswith('.json'):
                texts[info.filename] = archive.read(info).decode('utf-8')
        if len(sys.argv) > 2:
            archive.extractall(sys.argv[2])
    print(json.dumps({'bad': bad, 'entries': entries, 'texts': texts}))


if __name__ == '__main__':
    main()
