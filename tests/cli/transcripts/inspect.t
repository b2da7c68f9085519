# Golden cases: sortid inspect.
# Format and --update: tests/cli/run_transcript.py.
# data/inspect_fields.txt: the fields of 01ARZ3NDEKTSV4RRFFQ69G5FAV, the ULID
# several cases print after their own first lines (a prefix, an escaped name).

## f_inspect_stdin_json
$ printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\n0190163d-8694-739b-aea5-966c26f8ad91\nuser_01h455vb4pex5vsknk084sn02q\n0D9RRDT0B50TBK9FWFD6\nX"Y\n' | sortid inspect --json
| {"input":"01ARZ3NDEKTSV4RRFFQ69G5FAV","valid":true,"format":"ulid","time_ms":1469922850259,"time":"2016-07-30T23:54:10.259Z","random":"d6764c61efb99302bd5b","ulid":"01ARZ3NDEKTSV4RRFFQ69G5FAV","uuid":"01563e3a-b5d3-d676-4c61-efb99302bd5b","hex":"01563e3ab5d3d6764c61efb99302bd5b"}
| {"input":"0190163d-8694-739b-aea5-966c26f8ad91","valid":true,"format":"uuid","version":7,"variant":"rfc9562","time_ms":1718360049300,"time":"2024-06-14T10:14:09.300Z","random":"739baea5966c26f8ad91","ulid":"01J0B3V1MMEEDTX9CPDGKFHBCH","uuid":"0190163d-8694-739b-aea5-966c26f8ad91","hex":"0190163d8694739baea5966c26f8ad91"}
| {"input":"user_01h455vb4pex5vsknk084sn02q","valid":true,"format":"typeid","type":"user","time_ms":1688096058518,"time":"2023-06-30T03:34:18.518Z","random":"774bbcceb302099a8057","ulid":"01H455VB4PEX5VSKNK084SN02Q","uuid":"01890a5d-ac96-774b-bcce-b302099a8057","hex":"01890a5dac96774bbcceb302099a8057"}
| {"input":"0D9RRDT0B50TBK9FWFD6","valid":true,"format":"record","time_ms":1781512200000,"time":"2026-06-15T08:30:00.000Z","machine":383353474351,"counter":933286,"hex":"000000003538c37405941a5cd2fe3da6"}
| {"input":"X\"Y","valid":false,"error":"wrong length: 3 bytes, expected 26","read_as":"ULID"}
[1]

## f_inspect_stdin_text
$ printf '01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid inspect
| 01ARZ3NDEKTSV4RRFFQ69G5FAV
|= data/inspect_fields.txt

## help_inspect
$ sortid inspect --help
|= expected/help_inspect.out

## i04_write_error_inspect
$ sortid inspect 01ARZ3NDEKTSV4RRFFQ69G5FAV > /dev/full
! sortid inspect: standard output: write error: No space left on device
[3]

## i09_inspect_expanded
$ sortid inspect 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
| 7ZZZZZZZZZZZZZZZZZZZZZZZZZ
|   format:    ULID
|   time:      281474976710655 ms = +10889-08-02T05:31:50.655Z
|   random:    ffffffffffffffffffff (80 bits)
|   ulid:      7ZZZZZZZZZZZZZZZZZZZZZZZZZ
|   uuid:      ffffffff-ffff-ffff-ffff-ffffffffffff
|   hex:       ffffffffffffffffffffffffffffffff

## i14_inspect_one_char_prefix
$ sortid inspect 001ARZ3NDEKTSV4RRFFQ69G5FAV '#01ARZ3NDEKTSV4RRFFQ69G5FAV'
| 001ARZ3NDEKTSV4RRFFQ69G5FAV
|   not a valid ID: read as a ULID: wrong length: 27 bytes, expected 26
|
| #01ARZ3NDEKTSV4RRFFQ69G5FAV
|   prefix:    #
|= data/inspect_fields.txt
[1]

## inspect_all
$ sortid inspect 01ARZ3NDEKTSV4RRFFQ69G5FAV 0D9RRDT0B50TBK9FWFD6 0190163d-8694-739b-aea5-966c26f8ad91 0190163D8694739BAEA5966C26F8AD91 user_01h455vb4pex5vsknk084sn02q ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV 6ba7b810-9dad-11d1-80b4-00c04fd430c8
| 01ARZ3NDEKTSV4RRFFQ69G5FAV
|= data/inspect_fields.txt
|
| 0D9RRDT0B50TBK9FWFD6
|   format:    Record ID
|   time:      1781512200000 ms = 2026-06-15T08:30:00.000Z
|   machine:   383353474351 (0x5941a5cd2f)
|   counter:   933286
|   hex:       000000003538c37405941a5cd2fe3da6
|
| 0190163d-8694-739b-aea5-966c26f8ad91
|   format:    UUID, version 7, RFC 9562 variant
|   time:      1718360049300 ms = 2024-06-14T10:14:09.300Z
|   ulid:      01J0B3V1MMEEDTX9CPDGKFHBCH
|   uuid:      0190163d-8694-739b-aea5-966c26f8ad91
|   hex:       0190163d8694739baea5966c26f8ad91
|
| 0190163D8694739BAEA5966C26F8AD91
|   format:    UUID, version 7, RFC 9562 variant
|   time:      1718360049300 ms = 2024-06-14T10:14:09.300Z
|   ulid:      01J0B3V1MMEEDTX9CPDGKFHBCH
|   uuid:      0190163d-8694-739b-aea5-966c26f8ad91
|   hex:       0190163d8694739baea5966c26f8ad91
|
| user_01h455vb4pex5vsknk084sn02q
|   type:      user (TypeID)
|   format:    ULID
|   time:      1688096058518 ms = 2023-06-30T03:34:18.518Z
|   random:    774bbcceb302099a8057 (80 bits)
|   ulid:      01H455VB4PEX5VSKNK084SN02Q
|   uuid:      01890a5d-ac96-774b-bcce-b302099a8057
|   hex:       01890a5dac96774bbcceb302099a8057
|
| ORDER#01ARZ3NDEKTSV4RRFFQ69G5FAV
|   prefix:    ORDER#
|= data/inspect_fields.txt
|
| 6ba7b810-9dad-11d1-80b4-00c04fd430c8
|   format:    UUID, version 1, RFC 9562 variant
|   time:      none (not a version 7 UUID; as a ULID it would read 5720-12-08T01:30:07.149Z)
|   ulid:      3BMYW117DD278R1D00R17X8C68
|   uuid:      6ba7b810-9dad-11d1-80b4-00c04fd430c8
|   hex:       6ba7b8109dad11d180b400c04fd430c8

## inspect_invalid
$ sortid inspect 01ARZ3NDEKTSV4RRFFQ69G5FAU XYZ
| 01ARZ3NDEKTSV4RRFFQ69G5FAU
|   not a valid ID: read as a ULID: invalid character 'U' at column 26
|
| XYZ
|   not a valid ID: read as a ULID: wrong length: 3 bytes, expected 26
[1]

## q18_inspect_typeid_and_json_bytes
$ sortid inspect user_01h455vb4pex5vsknk084sn0Uq user_81h455vb4pex5vsknk084sn02q; echo "exit $?"; printf 'caf\xe9\ncafé\n' | sortid inspect --json; echo "exit $?"
| user_01h455vb4pex5vsknk084sn0Uq
|   not a valid ID: read as a TypeID: invalid character 'U' at column 30
|
| user_81h455vb4pex5vsknk084sn02q
|   not a valid ID: read as a TypeID: value overflows 128 bits (first character above '7') at column 6
| exit 1
| {"input":"caf\ufffd","input_hex":"636166e9","valid":false,"error":"wrong length: 4 bytes, expected 26","read_as":"ULID"}
| {"input":"café","valid":false,"error":"wrong length: 5 bytes, expected 26","read_as":"ULID"}
| exit 1

## q20_one_escape_style
$ { sortid inspect $'a\tb\x1bc'; echo "exit $?"; cp ulids.txt "$WORK/x"$'\t'"y"; sortid convert --to uuid --rejects "$WORK/x"$'\t'"y" "$WORK/x"$'\t'"y"; echo "exit $?"; sortid convert --field 1 --delimiter $'\n' --to uuid ulids.txt; echo "exit $?"; } 2>&1 | sed "s|$WORK|\$WORK|g"
| a\tb\x1bc
|   not a valid ID: read as a ULID: wrong length: 5 bytes, expected 26
| exit 1
| sortid convert: --rejects '$WORK/x\ty' is the input '$WORK/x\ty' (the same file): refused, nothing was written
| exit 2
| sortid convert: --delimiter: expected one character (or 'tab'), not a quote or line break
| exit 2

## r_inspect_control_bytes_escaped
$ sortid inspect $'\e]0;title\a'01ARZ3NDEKTSV4RRFFQ69G5FAV $'\e[31mX'
| \x1b]0;title\x0701ARZ3NDEKTSV4RRFFQ69G5FAV
|   prefix:    \x1b]0;title\x07
|= data/inspect_fields.txt
|
| \x1b[31mX
|   not a valid ID: read as a ULID: wrong length: 6 bytes, expected 26
[1]

## r_inspect_json_utf8_kept
$ printf '\xc3\xa901ARZ3NDEKTSV4RRFFQ69G5FAV\n\xff01ARZ3NDEKTSV4RRFFQ69G5FAV\n' | sortid inspect --json
| {"input":"é01ARZ3NDEKTSV4RRFFQ69G5FAV","valid":true,"format":"ulid","prefix":"é","time_ms":1469922850259,"time":"2016-07-30T23:54:10.259Z","random":"d6764c61efb99302bd5b","ulid":"01ARZ3NDEKTSV4RRFFQ69G5FAV","uuid":"01563e3a-b5d3-d676-4c61-efb99302bd5b","hex":"01563e3ab5d3d6764c61efb99302bd5b"}
| {"input":"\ufffd01ARZ3NDEKTSV4RRFFQ69G5FAV","input_hex":"ff303141525a334e44454b54535634525246465136394735464156","valid":true,"format":"ulid","prefix":"\ufffd","time_ms":1469922850259,"time":"2016-07-30T23:54:10.259Z","random":"d6764c61efb99302bd5b","ulid":"01ARZ3NDEKTSV4RRFFQ69G5FAV","uuid":"01563e3a-b5d3-d676-4c61-efb99302bd5b","hex":"01563e3ab5d3d6764c61efb99302bd5b"}
