"""Tools that build things from the project (the static site); not part of the installed package."""
