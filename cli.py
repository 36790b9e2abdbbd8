"""Run the cardrules command line from a checkout: `python cli.py simulate sete-e-meio`."""

from cardrules.cli import main

if __name__ == "__main__":
    main()
