let verifier = 1
