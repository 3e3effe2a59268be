let brand = "Beta"
