sortid bounds --help
