sortid --help
