let x = -"five"
