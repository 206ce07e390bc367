let x = GB
