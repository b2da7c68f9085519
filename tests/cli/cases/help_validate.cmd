sortid validate --help
