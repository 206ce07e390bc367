gpu g { memory = 80 GB
node n { gpus = 1 x g }
