sortid convert --to ms ulids.txt - crlf.txt < no_final_newline.txt
