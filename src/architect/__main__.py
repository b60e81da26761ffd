from architect.app.cli import main

main()
