let x = %
