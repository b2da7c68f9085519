sortid convert --help > /dev/full
