let x = 1 ; ; , :
