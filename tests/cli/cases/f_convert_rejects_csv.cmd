{ sortid convert --field 1 --header --to uuid --rejects $WORK/rejects.txt people.csv; cat $WORK/rejects.txt; } 2>&1 | sed "s|$WORK|\$WORK|g"
