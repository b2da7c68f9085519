sortid convert --quote none --to uuid ulids.txt; echo "exit $?"; sortid convert --field 1 --quote rfc --to uuid ulids.txt; echo "exit $?"
