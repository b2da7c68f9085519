"""InnoDB (MariaDB) parts of the key-scheme report, used by report.py: the
sizes and page fill as loaded and after OPTIMIZE TABLE, insert rates by how
far the table has outgrown the buffer pool, the UUID type probe, and the
answers to the two quoted InnoDB claims (size, insert rate). Reads the
`note` records of keys_mariadb.cc (loaded_* / rebuilt_* sizes, column, the
probe's ulid_* and uuid_versions)."""
import statistics

PHASES = [(0, 1, "< 1× pool"), (1, 2, "1–2×"), (2, 4, "2–4×"), (4, float("inf"), "> 4×")]


def mib(value):
    return "n/a" if value is None or value < 0 else f"{value / 1048576:.1f}"


def note(r, name, kind=int):
    value = r["notes"].get(name)
    if value is None or value == "n/a":
        return None
    return kind(value)


def pct(value):
    return "n/a" if value is None else f"{100 * value:.0f}%"


def rate(batch):
    return batch[1] / batch[2] if batch[2] > 0 else float("nan")


def sizes_table(variant, schemes, order):
    secondary = variant == "secondary"
    key = "secondary" if secondary else "clustered"
    cols = ["scheme", "column", "clustered MiB", "leaf MiB", "leaf fill"]
    if secondary:
        cols += ["key index MiB", "leaf MiB", "leaf fill"]
    cols += [".ibd file MiB", "rebuilt: clustered leaf MiB", "fill"]
    if secondary:
        cols += ["key index leaf MiB", "fill"]
    cols.append("key leaf pages, loaded vs rebuilt")
    lines = ["InnoDB sizes: MiB = pages allocated to the index (`size` in "
             "`mysql.innodb_index_stats` after `ANALYZE TABLE`, 16 KiB pages, whole extents "
             "once past 32 pages), leaf MiB = its leaf pages (`n_leaf_pages`), leaf fill = rows "
             "× record bytes / leaf bytes (record bytes from the row format, page directory left "
             "out); \"rebuilt\" = the same after `OPTIMIZE TABLE`:", "",
             "| " + " | ".join(cols) + " |", "| --- | --- |" + " ---: |" * (len(cols) - 2)]
    for scheme in order:
        r = schemes.get(scheme)
        if r is None or not r["notes"]:
            continue
        cells = [scheme, f"`{r['notes'].get('column', '?')}`"]
        for part in ("clustered", "secondary") if secondary else ("clustered",):
            cells += [mib(note(r, f"loaded_{part}_bytes")), mib(note(r, f"loaded_{part}_leaf_bytes")),
                      pct(note(r, f"loaded_{part}_leaf_fill", float))]
        cells.append(mib(note(r, "loaded_file_bytes")))
        for part in ("clustered", "secondary") if secondary else ("clustered",):
            cells += [mib(note(r, f"rebuilt_{part}_leaf_bytes")),
                      pct(note(r, f"rebuilt_{part}_leaf_fill", float))]
        loaded, rebuilt = note(r, f"loaded_{key}_leaf_bytes"), note(r, f"rebuilt_{key}_leaf_bytes")
        cells.append(f"{100 * (loaded / rebuilt - 1):+.0f}%" if loaded and rebuilt else "n/a")
        lines.append("| " + " | ".join(cells) + " |")
    return lines + [""]


def phase_rates(r, pool_bytes, size_key):
    """Median insert rows/s per phase of (key B-tree size / buffer pool) at each batch's start;
    the size at a batch is estimated as rows before it × the final bytes per row."""
    final = note(r, size_key)
    rows = r["size"][0] if r["size"] else None
    if not final or not rows:
        return None, []
    per_row = final / rows
    out = []
    for low, high, _ in PHASES:
        rates = [rate(b) for b in r["batches"] if low <= b[0] * per_row / pool_bytes < high]
        out.append(statistics.median(rates) if rates else None)
    return final / pool_bytes, out


def phase_table(variant, schemes, order, pool_mib):
    size_key = "loaded_secondary_bytes" if variant == "secondary" else "loaded_clustered_bytes"
    lines = [f"Insert rows/s as the key's B-tree outgrows the buffer pool ({pool_mib} MiB): the "
             "median of the batches that started while the B-tree (estimated from rows so far × "
             "its final bytes per row) was in each range:", "",
             "| scheme | final B-tree / pool | " + " | ".join(p[2] for p in PHASES)
             + " | final batch |", "| --- |" + " ---: |" * (len(PHASES) + 2)]
    for scheme in order:
        r = schemes.get(scheme)
        if r is None or not r["batches"] or not r["notes"]:
            continue
        times, rates = phase_rates(r, pool_mib * 1048576, size_key)
        if times is None:
            continue
        lines.append(f"| {scheme} | {times:.1f}× | "
                     + " | ".join("—" if x is None else f"{x:,.0f}" for x in rates)
                     + f" | {rate(r['batches'][-1]):,.0f} |")
    return lines + [""]


def probe_text(schemes):
    r = next((r for r in schemes.values() if "ulid_probe" in r["notes"]), None)
    if r is None:
        return []
    n = r["notes"]
    total, refused = int(n["ulid_probe"]), int(n["ulid_refused"])
    reversed_ = int(n["ulid_reversed"])
    accepted = total - refused
    return [
        "MariaDB's `UUID` type, probed on this server (keys_mariadb_uuid.cc): it keeps a UUID "
        "`llllllll-mmmm-Vhhh-vsss-nnnnnnnnnnnn` in the index as `nnnnnnnnnnnn-vsss-Vhhh-mmmm-"
        "llllllll` (groups in reverse order, bytes inside a group unchanged) when byte 6 is "
        "0x01–0x5f and the top bit of byte 8 is set (versions 1–5, RFC variant), and as given "
        "otherwise (since 10.10.6 / 10.11.5, versions ≥ 6 are not reversed); a value with byte 6 "
        "≥ 0x80 and byte 8 in 0x01–0x80 is refused (\"Incorrect uuid value\"), since read back it "
        f"would look like a reversed one. Fixed pairs: {n.get('uuid_versions', '?')}. So UUIDv4 "
        "is stored reversed (still random) and UUIDv7 as given (time-ordered), as the two tables "
        f"above show. Of {total:,} ULIDs (one per simulated clock reading, 24 hours) given as UUID "
        f"text, the server refused **{refused:,} ({100 * refused / total:.1f}%)** (the rule "
        f"predicts {int(n['ulid_refused_predicted']):,}) and stored {reversed_:,} of the "
        f"{accepted:,} accepted ({100 * reversed_ / max(accepted, 1):.1f}%) with the groups "
        f"reversed; `ORDER BY u` matches the rule's order: {n['ulid_order_matches_rule']}, and it "
        f"steps back in time {int(n['ulid_order_descents']):,} times. A ULID column therefore "
        f"cannot be a MariaDB `UUID` column: {100 * refused / total:.0f}% of the IDs fail and "
        f"{100 * reversed_ / max(accepted, 1):.0f}% of the rest sort by their random tail "
        "instead of their time. sortid recommends `BINARY(16)` for ULIDs (the plugin's "
        "`ulid_to_bin` / `ulid_from_bin`; `clustered` table above), or `CHAR(26) CHARACTER SET "
        "ascii COLLATE ascii_bin` for text, and the `UUID` type for UUIDv7.", ""]


def claims(runs, pool_mib):
    """Bullets answering the quoted InnoDB claims, or [] without the clustered MariaDB runs."""
    clustered = runs.get(("mariadb", "clustered"))
    if not clustered:
        return []
    out = []
    v4, v7, big = (clustered.get(s) for s in ("uuidv4", "uuidv7", "bigint"))
    size = lambda r, k="loaded_clustered_bytes": note(r, k) if r and r["notes"] else None
    if size(v4) and size(v7):
        bloat = 100 * (size(v4) / size(v7) - 1)
        verdict = ("inside" if 30 <= bloat <= 60 else "above" if bloat > 60 else "below")
        leaf = "loaded_clustered_leaf_bytes"
        leaf_bloat = (f" (leaf level {mib(size(v4, leaf))} vs {mib(size(v7, leaf))} MiB, "
                      f"{100 * (size(v4, leaf) / size(v7, leaf) - 1):+.0f}%)"
                      if size(v4, leaf) and size(v7, leaf) else "")
        text = (f"- **InnoDB size (MariaDB, clustered `BINARY(16)` primary key, "
                f"{v4['size'][0]:,} rows):** as loaded, UUIDv4's clustered index is "
                f"{mib(size(v4))} MiB against UUIDv7's {mib(size(v7))} MiB: **{bloat:+.0f}%**"
                f"{leaf_bloat}, {verdict} the quoted 30–60%; leaf pages "
                f"{pct(note(v4, 'loaded_clustered_leaf_fill', float))} full against "
                f"{pct(note(v7, 'loaded_clustered_leaf_fill', float))}.")
        if size(v4, "rebuilt_clustered_leaf_bytes") and size(v7, "rebuilt_clustered_leaf_bytes"):
            text += (f" `OPTIMIZE TABLE` packs UUIDv4's leaf level from "
                     f"{mib(size(v4, leaf))} to {mib(size(v4, 'rebuilt_clustered_leaf_bytes'))} "
                     f"MiB (UUIDv7's rebuilt: {mib(size(v7, 'rebuilt_clustered_leaf_bytes'))} "
                     "MiB): the bloat is half-empty pages left by page splits in the middle of "
                     "the B-tree, not the key itself, and it comes back as random inserts go on.")
        for name in ("ulid", "ulid_text", "order_ulid_text"):
            r = clustered.get(name)
            mono = clustered.get("ulid_monotonic")
            if name == "ulid" and size(r) and size(mono):
                text += (f" Plain ULIDs (random within their millisecond, 64 IDs per clock "
                         f"reading here) bloat it as well: {mib(size(r))} MiB, "
                         f"{100 * (size(r) / size(mono) - 1):+.0f}% against `ulid_monotonic` "
                         f"({mib(size(mono))} MiB, "
                         f"{pct(note(r, 'loaded_clustered_leaf_fill', float))} vs "
                         f"{pct(note(mono, 'loaded_clustered_leaf_fill', float))} leaf fill), "
                         "because InnoDB splits a full page in the middle unless the new row "
                         "lands just after the previous insert, and IDs sharing a millisecond "
                         "arrive in random order; monotonic ULIDs, UUIDv7 (sortid's is "
                         "monotonic within a millisecond) and Record IDs are appended and fill "
                         "their pages. (A table fed well under one ID per millisecond would not "
                         "see this; one fed in bursts would.)")
        out.append(text)
    if v4 and v7 and v4["batches"] and v7["batches"]:
        _, r4 = phase_rates(v4, pool_mib * 1048576, "loaded_clustered_bytes")
        _, r7 = phase_rates(v7, pool_mib * 1048576, "loaded_clustered_bytes")
        f4, f7 = rate(v4["batches"][-1]), rate(v7["batches"][-1])
        parts = []
        for (_, _, label), a, b in zip(PHASES, r4, r7):
            if a and b:
                parts.append(f"{label}: UUIDv4 {a:,.0f} vs UUIDv7 {b:,.0f} rows/s ({b / a:.1f}×)")
        text = (f"- **InnoDB inserts as the table outgrows the buffer pool** "
                f"(innodb_buffer_pool_size {pool_mib} MiB; UUIDv4's clustered index ends at "
                f"{size(v4) / (pool_mib * 1048576):.1f}× the pool): " + "; ".join(parts)
                + f". Final batch: UUIDv4 {f4:,.0f}, UUIDv7 {f7:,.0f} rows/s ({f7 / f4:.1f}×)")
        if big and big["batches"]:
            text += f", bigint {rate(big['batches'][-1]):,.0f}"
        start = statistics.median(rate(b) for b in v4["batches"][:3])
        per_row = size(v4) / v4["size"][0]
        half = next((b for b in v4["batches"] if rate(b) < start / 2), None)
        if half:
            text += (f". UUIDv4 first fell below half its starting rate ({start:,.0f} rows/s, "
                     f"median of the first 3 batches) in the batch after {half[0]:,} rows, with "
                     f"the clustered index at about {half[0] * per_row / 1048576:.0f} MiB "
                     f"({half[0] * per_row / (pool_mib * 1048576):.1f}× the pool)")
        text += (". Each random insert dirties a different leaf page, which has to be written "
                 "back (O_DIRECT, to the disk) before its frame can be reused, and the pool also "
                 "holds undo and system pages, so UUIDv4 slows before its B-tree fills the pool; "
                 "once the B-tree is larger than the pool nearly every insert also reads its "
                 "leaf page back in. Time-ordered keys only touch the B-tree's right edge, which "
                 "stays in the pool, and keep their rate.")
        out.append(text)
    uuid_type = runs.get(("mariadb", "uuid_type"))
    if uuid_type and uuid_type.get("uuidv4") and uuid_type.get("uuidv7"):
        u4, u7 = uuid_type["uuidv4"], uuid_type["uuidv7"]
        a, b = size(u4), size(u7)
        if a and b and u4["batches"] and u7["batches"]:
            out.append(f"- **InnoDB, MariaDB's `UUID` type as the primary key:** UUIDv4 "
                       f"{mib(a)} MiB vs UUIDv7 {mib(b)} MiB ({100 * (a / b - 1):+.0f}%); final "
                       f"batch {rate(u4['batches'][-1]):,.0f} vs {rate(u7['batches'][-1]):,.0f} "
                       "rows/s: the type stores UUIDv7 as given, so it behaves like "
                       "`BINARY(16)`.")
    return out
