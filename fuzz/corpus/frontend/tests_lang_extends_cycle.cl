// Tests extends.cycle: a extends b extends a.
gpu a extends b { }
gpu b extends a { }
