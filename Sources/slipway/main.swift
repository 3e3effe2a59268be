import SlipwayCLI

// All behaviour lives in SlipwayCLI and the modules below it; this file only hands over the process.
SlipwayCommandLine.main()
