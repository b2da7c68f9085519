"""python3 -m sortid: the sortid command's most common jobs from Python.

    python3 -m sortid gen [-n N] [--kind ulid|ulid-monotonic|record|uuidv7]
    python3 -m sortid convert --to FORMAT [--from FORMAT] [FILE]   (one ID per line)
    python3 -m sortid validate [--from FORMAT] [FILE]
    python3 -m sortid --version

Everything else (CSV fields, shard, inspect, bounds, ...) is the `sortid`
command's (the Debian package sortid, or build/release/cli/sortid).
"""

import argparse
import sys

import sortid


def _lines(path):
    stream = open(path, encoding="ascii", newline="") if path != "-" else sys.stdin
    with stream:
        return [line.rstrip("\r\n") for line in stream]


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m sortid", description=__doc__.split("\n")[0],
                                     epilog="The full tool is the `sortid` command.")
    parser.add_argument("--version", action="version", version=sortid.__version__)
    commands = parser.add_subparsers(dest="command")
    gen = commands.add_parser("gen", help="generate N IDs, one per line")
    gen.add_argument("-n", type=int, default=1)
    gen.add_argument("--kind", default="ulid", choices=sortid.KINDS)
    for name in ("convert", "validate"):
        sub = commands.add_parser(name, help=f"{name} one ID per line")
        sub.add_argument("--from", dest="source", default="ulid", choices=sortid.TEXT_FORMATS)
        if name == "convert":
            sub.add_argument("--to", required=True, choices=[t for t in sortid.OUTPUTS if t != "bin"])
        sub.add_argument("file", nargs="?", default="-")
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        if args.command == "gen":
            if args.n < 0:
                parser.error("-n must be 0 or more")
            out = sortid.generate(args.n, args.kind)
        elif args.command == "convert":
            out = sortid.convert(_lines(args.file), args.to, source=args.source)
        else:
            valid = sortid.validate(_lines(args.file), source=args.source)
            bad = [i + 1 for i, ok in enumerate(valid) if not ok]
            for line in bad:
                print(f"python3 -m sortid validate: line {line}: not a valid {args.source}",
                      file=sys.stderr)
            print(f"{len(valid) - len(bad)} valid, {len(bad)} invalid")
            return 1 if bad else 0
    except (ValueError, OSError, UnicodeDecodeError) as e:
        print(f"python3 -m sortid {args.command}: {e}", file=sys.stderr)
        return 1
    sys.stdout.write("".join(f"{x}\n" for x in out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
