gpu g { memory == 80 GB }
