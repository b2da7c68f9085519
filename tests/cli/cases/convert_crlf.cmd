sortid convert --to uuid crlf.txt | od -c | head -4
