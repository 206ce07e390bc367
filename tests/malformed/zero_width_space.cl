let x​ = 1
