sortid gen --seed 12ab
