// Tests name.wrong-kind: a gpu cannot extend a nic.
nic c { bandwidth = 400 Gb/s }
gpu g extends c { }
