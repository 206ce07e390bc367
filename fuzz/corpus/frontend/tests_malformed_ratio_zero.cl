let r = 1:0
