sortid convert --help
