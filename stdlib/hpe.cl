// std.hpe: HPE (Cray) Slingshot, the interconnect of Frontier, Aurora and El Capitan, built as a
// dragonfly (Kim, Dally, Scott and Abts, ISCA 2008). Use it with `topology = dragonfly { ... }`.
//
// Every figure names its source.

// Slingshot switch ("Rosetta" ASIC). Argonne ALCF, "Aurora interconnect": "a 64-port switch
// (called Rosetta) with 12.8 Tb/s/dir per switch coming from 64 200 Gbps ports", dragonfly
// topology. Power: 250 W per ASIC, from G. Lockwood's Slingshot notes (a secondary source: TSMC
// 16 nm, 250 W apiece); that is the ASIC, not a switch blade with its fans and converters.
switch Rosetta {
  radix          = 64        // ALCF: 64 ports
  port_bandwidth = 200 Gb/s  // ALCF: 200 Gbps ports
  protocol       = ethernet  // Slingshot: Ethernet-compatible "HPC Ethernet"
  power          = 250 W     // Lockwood, Slingshot notes (ASIC power, secondary source)
}

// Slingshot-11 NIC ("Cassini"): 200 Gb/s (Lockwood, Slingshot notes: "200G Slingshot NICs
// (codenamed Cassini)"). Aurora attaches 8 fabric endpoints per node (ALCF).
nic Cassini {
  bandwidth = 200 Gb/s  // Lockwood: 200G NIC
  ports     = 1
  protocol  = ethernet
}
