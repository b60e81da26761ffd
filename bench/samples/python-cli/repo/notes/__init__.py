"""A command-line notebook."""
