gpu g extends { }
