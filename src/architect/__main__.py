from architect.cli import main

main()
