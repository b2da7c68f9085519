#!/usr/bin/env python3
"""Appends the metadata footer DuckDB checks before it loads an extension.

The footer (DuckDB's extension metadata, read by LOAD): a WebAssembly custom
section named "duckdb_signature" whose payload is eight 32-byte fields,
NUL-padded and stored last field first, followed by a 256-byte signature
area (all zero: the extension is unsigned, so loading it needs
allow_unsigned_extensions). Fields, in DuckDB's numbering: 1 the magic "4",
2 the platform, 3 the DuckDB version or (C_STRUCT ABI) the C API version it
needs, 4 the extension's version, 5 the ABI type, 6-8 unused.

Usage: add_metadata_footer.py INPUT.so OUTPUT.duckdb_extension PLATFORM
           C_API_VERSION EXTENSION_VERSION
"""
import shutil
import sys

FIELD_BYTES = 32
SIGNATURE_BYTES = 256
SECTION_NAME = b"duckdb_signature"


def leb128(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(text):
    data = text.encode("ascii")
    if len(data) > FIELD_BYTES:
        sys.exit(f"add_metadata_footer: field '{text}' is longer than {FIELD_BYTES} bytes")
    return data.ljust(FIELD_BYTES, b"\0")


def footer(platform, c_api_version, extension_version):
    fields = [field("4"), field(platform), field(c_api_version), field(extension_version),
              field("C_STRUCT"), field(""), field(""), field("")]
    payload = b"".join(reversed(fields)) + bytes(SIGNATURE_BYTES)
    body = leb128(len(SECTION_NAME)) + SECTION_NAME + leb128(len(payload)) + payload
    return b"\0" + leb128(len(body)) + body


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    source, target, platform, c_api_version, extension_version = sys.argv[1:]
    shutil.copyfile(source, target + ".tmp")
    with open(target + ".tmp", "ab") as out:
        out.write(footer(platform, c_api_version, extension_version))
    shutil.move(target + ".tmp", target)


if __name__ == "__main__":
    main()
