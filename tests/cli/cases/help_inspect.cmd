sortid inspect --help
