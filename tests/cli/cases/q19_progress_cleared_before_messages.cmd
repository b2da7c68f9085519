sortid convert --to uuid --progress always --on-error skip bad_rows.txt 2>&1 >/dev/null | tr '\r' '\n' | sed $'s/^\x1b\\[K//' | grep 'sortid convert:' | grep -c -v '^sortid convert:'
