"""The screens of Rami Simple: the table, the round's result, the score sheet and the rules."""
