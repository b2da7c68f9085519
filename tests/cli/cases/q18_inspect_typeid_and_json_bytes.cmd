sortid inspect user_01h455vb4pex5vsknk084sn0Uq user_81h455vb4pex5vsknk084sn02q; echo "exit $?"; printf 'caf\xe9\ncafé\n' | sortid inspect --json; echo "exit $?"
