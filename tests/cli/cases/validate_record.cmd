sortid validate --format record records.txt
