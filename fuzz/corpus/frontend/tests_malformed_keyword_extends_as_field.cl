gpu g { extends = 1 }
