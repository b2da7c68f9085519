sortid convert --to uuid no_final_newline.txt | tail -c 40 | od -c
