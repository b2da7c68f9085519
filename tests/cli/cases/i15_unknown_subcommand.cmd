sortid bogus
