let widget = 1
