#!/usr/bin/env python3
"""Runs the golden cases of the sortid command kept in transcript files.

  tests/cli/run_transcript.py [--update] SORTID_BINARY TRANSCRIPT [CASE...]
  tests/cli/run_transcript.py --list TRANSCRIPT
  tests/cli/run_transcript.py --unused-files TRANSCRIPT...

Runs the named cases of TRANSCRIPT (every case when none is named), compares
each one's stdout, stderr and exit status with the expectations, prints
"ok NAME" or "FAIL NAME: ..." with a diff, and exits 1 when any case fails.
--update runs them and rewrites their expectations in the file instead
(review the diff); --list prints the file's case names; --unused-files lists
the files in tests/cli/expected that none of the transcripts' cases names.

Format (tests/cli/transcripts/<subcommand>.t, one file per subcommand):

  # comment               lines before the first case, and between a case's
                          "##" line and its "$" line, are comments
  ## NAME                 a case: NAME is its ctest name (cli.NAME)
  $ COMMAND               one shell command line, `sortid` being the command
                          under test; it runs in bash with pipefail, in
                          tests/cli/data, with $WORK a fresh scratch folder
  | TEXT                  a line of stdout: TEXT and a newline
  |                       an empty line of stdout
  |~ ESCAPED              stdout bytes spelled with escapes, with no newline
                          added: \\n \\r \\t \\\\ and \\xHH (lines with control
                          bytes, bytes that are not UTF-8, trailing blanks, or
                          a last line without a newline)
  |= PATH                 stdout bytes that are the whole content of a file,
                          PATH relative to tests/cli: a fixture the output
                          must equal (data/uuids.txt), or the case's own
                          expected output, expected/NAME.out, for long
                          verbatim texts such as --help (then its only
                          stdout line)
  ! TEXT, !, !~ ESCAPED   the same for stderr
  [N]                     the exit status, when it is not 0

Expectations follow the "$" line in that order (stdout, stderr, status);
blank lines between cases are ignored. An absent "|" or "!" line means that
stream is empty; the "|" lines of a case, "|=" among them, are its stdout in
their order.

--update keeps the stdout lines that still hold as they are written. When
stdout changed, it rewrites expected/NAME.out where the case has one, and
otherwise writes the new stdout as "|" lines (a fixture never changes; the
runner says which references it replaced). A new case whose stdout belongs in
its own file is written with the line "|= expected/NAME.out" before --update.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASE_NAME = re.compile(rb"^## ([A-Za-z0-9_.-]+)$")
STATUS = re.compile(rb"^\[(-?[0-9]+)\]$")
# Where "|=" may point: fixtures (inputs the commands read) and expected outputs.
REFERENCE = re.compile(r"^(data|expected)/[A-Za-z0-9_-][A-Za-z0-9_.-]*$")


class Case:
    def __init__(self, name, line):
        self.name = name
        self.line = line
        self.comments = []
        self.command = None
        # stdout as written: ("text", bytes) and ("file", path) pieces in order.
        self.out = []
        self.err = b""
        self.status = 0

    def own_file(self):
        """The path of the case's own expected stdout file."""
        return f"expected/{self.name}.out"

    def owns_its_stdout_file(self):
        return self.out == [("file", self.own_file())]

    def references(self):
        return [value for kind, value in self.out if kind == "file"]


def add_text(pieces, data):
    if pieces and pieces[-1][0] == "text":
        pieces[-1] = ("text", pieces[-1][1] + data)
    else:
        pieces.append(("text", data))


def read_reference(path):
    with open(os.path.join(HERE, path), "rb") as f:
        return f.read()


def expected_stdout(case):
    """The bytes the case's stdout lines stand for; OSError when a file is missing."""
    return b"".join(value if kind == "text" else read_reference(value) for kind, value in case.out)


def check_references(path, case):
    for reference in case.references():
        if reference.startswith("expected/") and not case.owns_its_stdout_file():
            raise ValueError(f"{path}:{case.line}: case {case.name}: an expected-output file must be"
                             f" {case.own_file()} and the case's only stdout line")


def unescape(text, where):
    out = bytearray()
    i = 0
    simple = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("\\"): b"\\"}
    while i < len(text):
        c = text[i]
        if c != ord("\\"):
            out.append(c)
            i += 1
        elif i + 1 < len(text) and text[i + 1] in simple:
            out += simple[text[i + 1]]
            i += 2
        elif text[i + 1:i + 2] == b"x" and re.fullmatch(rb"[0-9a-f]{2}", text[i + 2:i + 4]):
            out.append(int(text[i + 2:i + 4], 16))
            i += 4
        else:
            raise ValueError(f"{where}: bad escape in {text!r}")
    return bytes(out)


def parse(path):
    """Returns (header lines, cases) of a transcript file."""
    with open(path, "rb") as f:
        data = f.read()
    if data and not data.endswith(b"\n"):
        raise ValueError(f"{path}: the last line has no newline")
    header, cases, case = [], [], None
    for number, line in enumerate(data.split(b"\n")[:-1], 1):
        where = f"{path}:{number}"
        match = CASE_NAME.match(line)
        if match:
            case = Case(match.group(1).decode(), number)
            if any(c.name == case.name for c in cases):
                raise ValueError(f"{where}: case {case.name} appears twice")
            cases.append(case)
        elif case is None:
            if line and not line.startswith(b"#"):
                raise ValueError(f"{where}: text before the first case is not a comment")
            header.append(line)
        elif case.command is None:
            if line.startswith(b"$ "):
                case.command = line[2:].decode()
            elif line.startswith(b"#") or not line:
                case.comments.append(line)
            else:
                raise ValueError(f"{where}: case {case.name}: expected a '$ ' command line")
        elif not line:
            continue
        elif line.startswith(b"|= "):
            reference = line[3:].decode(errors="replace")
            if not REFERENCE.match(reference):
                raise ValueError(f"{where}: case {case.name}: '|=' takes data/FILE or expected/FILE,"
                                 f" not {reference!r}")
            case.out.append(("file", reference))
        elif line[:1] in (b"|", b"!"):
            if line[1:] == b"":
                value = b"\n"
            elif line[1:2] == b" ":
                value = line[2:] + b"\n"
            elif line[1:3] == b"~ ":
                value = unescape(line[3:], where)
            else:
                forms = "'| ', '|~ ', '|= '" if line[:1] == b"|" else "'! ', '!~ '"
                raise ValueError(f"{where}: expected {forms} or '{line[:1].decode()}' alone")
            if line[:1] == b"|":
                add_text(case.out, value)
            else:
                case.err += value
        elif STATUS.match(line):
            case.status = int(STATUS.match(line).group(1))
        else:
            raise ValueError(f"{where}: case {case.name}: not an expectation: {line!r}")
    for case in cases:
        if case.command is None:
            raise ValueError(f"{path}:{case.line}: case {case.name} has no '$ ' command line")
        check_references(path, case)
    return header, cases


def plain(line):
    """Whether a line (no newline) can be written as it is."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return False
    if text != text.rstrip(" \t"):
        return False
    # Control characters, and the invisible ones an editor could drop or add.
    return not any(ord(c) < 0x20 and c != "\t" or 0x7F <= ord(c) <= 0x9F or
                   c in "\u200b\u2028\u2029\ufeff" for c in text)


def escape(data):
    out = []
    for b in data:
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif c in "\n\r\t":
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}[c])
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\x{b:02x}")
    return "".join(out).encode()


def render(data, sigil):
    """A stream's bytes as transcript lines (without their newlines)."""
    lines = []
    pieces = data.split(b"\n")
    ended = pieces[-1] == b""
    pieces = pieces[:-1] if ended else pieces
    for i, piece in enumerate(pieces):
        has_newline = ended or i + 1 < len(pieces)
        if has_newline and plain(piece):
            lines.append(sigil + (b" " + piece if piece else b""))
        else:
            lines.append(sigil + b"~ " + escape(piece + (b"\n" if has_newline else b"")))
    return lines


def expectation_lines(out, err, status):
    lines = []
    for kind, value in out:
        lines += render(value, b"|") if kind == "text" else [b"|= " + value.encode()]
    lines += render(err, b"!")
    if status != 0:
        lines.append(f"[{status}]".encode())
    return lines


def run(binary, case):
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, WORK=work, bin=binary)
        script = 'sortid() { "$bin" "$@"; }; ' + case.command
        result = subprocess.run(["bash", "-o", "pipefail", "-c", script], cwd=os.path.join(HERE, "data"),
                                env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, check=False)
    status = result.returncode if result.returncode >= 0 else 128 - result.returncode
    return result.stdout, result.stderr, status


def diff(name, what, expected, actual, sigil):
    import difflib
    lines = difflib.unified_diff([l.decode(errors="replace") for l in render(expected, sigil)],
                                 [l.decode(errors="replace") for l in render(actual, sigil)],
                                 f"{name} expected {what}", f"{name} actual {what}", lineterm="", n=2)
    return "\n".join(list(lines)[:60])


def check(case, out, err, status):
    failures = []
    if status != case.status:
        failures.append(f"FAIL {case.name}: exit status {status}, expected {case.status}")
    try:
        expected_out = expected_stdout(case)
    except OSError as error:
        failures.append(f"FAIL {case.name}: expected stdout: {error.filename}: {error.strerror}")
        expected_out = out
    if out != expected_out:
        files = f" (expected: {', '.join(case.references())})" if case.references() else ""
        failures.append(f"FAIL {case.name}: stdout differs{files}:\n" +
                        diff(case.name, "stdout", expected_out, out, b"|"))
    if err != case.err:
        failures.append(f"FAIL {case.name}: stderr differs:\n" + diff(case.name, "stderr", case.err, err, b"!"))
    return failures


def update_case(case, out, err, status):
    """Makes the case's expectations the output; returns what it wrote besides the transcript."""
    case.err, case.status = err, status
    if case.owns_its_stdout_file():
        target = os.path.join(HERE, case.own_file())
        try:
            if read_reference(case.own_file()) == out:
                return []
        except OSError:
            pass
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target + ".tmp", "wb") as f:
            f.write(out)
        os.replace(target + ".tmp", target)
        return [f"wrote {case.own_file()}"]
    try:
        if expected_stdout(case) == out:
            return []
    except OSError:
        pass
    notes = [f"{case.name}: stdout is no longer {reference}: written as '|' lines"
             for reference in case.references()]
    case.out = [("text", out)] if out else []
    return notes


def write(path, header, cases):
    lines = list(header)
    while lines and not lines[-1]:
        lines.pop()
    for case in cases:
        if lines:
            lines.append(b"")
        lines.append(f"## {case.name}".encode())
        lines += case.comments
        lines.append(b"$ " + case.command.encode())
        lines += expectation_lines(case.out, case.err, case.status)
    with open(path + ".tmp", "wb") as f:
        f.write(b"\n".join(lines) + b"\n")
    os.replace(path + ".tmp", path)


def unused_files(paths):
    """Prints the expected-output files no case of the transcripts names; 1 if there are any."""
    named = set()
    for path in paths:
        named.update(case.own_file() for case in parse(path)[1] if case.owns_its_stdout_file())
    folder = os.path.join(HERE, "expected")
    unused = sorted(f"expected/{name}" for name in os.listdir(folder)) if os.path.isdir(folder) else []
    unused = [path for path in unused if path not in named]
    for path in unused:
        print(f"{path}: no case has it as its stdout (remove it, or name it in its case)")
    return 1 if unused else 0


def main(argv):
    update = "--update" in argv
    listing = "--list" in argv
    args = [a for a in argv if a not in ("--update", "--list", "--unused-files")]
    if "--unused-files" in argv:
        try:
            return unused_files(args)
        except ValueError as error:
            sys.exit(f"run_transcript: {error}")
    if listing:
        if len(args) != 1:
            sys.exit("usage: run_transcript.py --list TRANSCRIPT")
        try:
            cases = parse(args[0])[1]
        except ValueError as error:
            sys.exit(f"run_transcript: {error}")
        for case in cases:
            print(case.name)
        return 0
    if len(args) < 2:
        sys.exit(__doc__.split("\n\n")[0])
    binary, path, names = os.path.abspath(args[0]), args[1], args[2:]
    try:
        header, cases = parse(path)
    except ValueError as error:
        sys.exit(f"run_transcript: {error}")
    known = {case.name for case in cases}
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"{path}: no case named {', '.join(unknown)}")
    failed = 0
    for case in cases:
        if names and case.name not in names:
            continue
        out, err, status = run(binary, case)
        if update:
            notes = update_case(case, out, err, status)
            print(f"updated {case.name} (exit {status})" + "".join(f"\n  {note}" for note in notes))
            continue
        failures = check(case, out, err, status)
        if failures:
            failed += 1
            print("\n".join(failures))
        else:
            print(f"ok {case.name}")
    if update:
        write(path, header, cases)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
