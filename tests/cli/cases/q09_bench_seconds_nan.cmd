sortid bench --seconds nan
