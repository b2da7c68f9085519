sortid convert --field 0 --to uuid ulids.txt; echo "exit $?"; sortid gen --threads -1; echo "exit $?"; sortid convert --to uuid --to hex ulids.txt; echo "exit $?"; sortid; echo "exit $?"
