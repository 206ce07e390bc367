gpu g { let y = 1 }
