// Tests a `require` reading a declared field: it fails with the field's value shown.
gpu g { memory = 80 GB; memory_bandwidth = 3 TB/s; bf16_flops = 1 TFLOP/s; tdp = 700 W }
require g.tdp <= 500 W : "the racks are air-cooled"
