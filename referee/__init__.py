"""referee: a play-by-email referee for hidden-information deduction games."""
