{ sortid convert --from bin --to ulid --rejects $WORK/rj.txt trailing.bin; echo "exit $?"; cat $WORK/rj.txt; sortid validate --format bin trailing.bin; echo "exit $?"; } 2>&1 | sed "s|$WORK|\$WORK|g"
