"""Mail adapters: reading, composing and moving the referee's mail."""
