SORTID_TARGET=NEON sortid targets | sed -n '3p'
