// Tests syntax.unterminated-comment: a block comment opened on line 2 and never closed.
/* TODO: describe the cluster
