{ sortid convert --to uuid --rejects $WORK/out.txt bad_rows.txt > $WORK/out.txt; echo "exit $?"; wc -c < $WORK/out.txt; } 2>&1 | sed "s|$WORK|\$WORK|g"
