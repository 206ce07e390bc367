// Tests name.wrong-kind: `gpus` names a nic; the label points at its declaration.
nic c { bandwidth = 400 Gb/s }
node n { gpus = 8 x c; nics = 1 x c }
