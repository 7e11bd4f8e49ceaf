"""One module per subcommand; each has `add(subparsers)` that registers it."""
