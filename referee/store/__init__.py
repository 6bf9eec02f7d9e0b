"""Storage: games, seats, events, resolutions, submissions and notices as SQLModel rows."""
