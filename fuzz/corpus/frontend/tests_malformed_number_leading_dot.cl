let x = .5
