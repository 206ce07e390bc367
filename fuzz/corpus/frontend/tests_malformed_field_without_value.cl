gpu g { memory = }
