gpu require { }
