let brand = "Alpha"
