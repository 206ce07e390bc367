// Tests block.unknown-kind without a close kind: the note lists the block kinds.
server s { }
