let x = −5
