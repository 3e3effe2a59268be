let holder = 1
