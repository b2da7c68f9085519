sortid
