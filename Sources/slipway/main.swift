import SlipwayCLI

// All behaviour lives in SlipwayCLI and SlipwayKit; this file only hands over the process.
SlipwayCommandLine.main()
