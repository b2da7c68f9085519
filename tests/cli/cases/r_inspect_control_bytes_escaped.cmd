sortid inspect $'\e]0;title\a'01ARZ3NDEKTSV4RRFFQ69G5FAV $'\e[31mX'
