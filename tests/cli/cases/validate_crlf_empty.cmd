sortid validate crlf.txt empty.txt no_final_newline.txt
