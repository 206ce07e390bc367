gpu g extends a. { }
