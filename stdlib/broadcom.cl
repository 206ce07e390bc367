// std.broadcom: Broadcom Ethernet switch chips and NICs, as the Ethernet AI fabrics of Meta,
// Alibaba HPN and others build them (modelled as a switch of that chip's port configuration).
//
// Every figure names its source. Broadcom publishes chip power only as analysts' estimates, and a
// switch built on a chip adds fans, CPU and power-supply losses, so `power` is a shipping
// switch's datasheet figure where one was readable (named below, without optics, as std.nvidia's
// switches) and left out otherwise; set it from the datasheet of the switch you buy.

// StrataXGS Tomahawk 5 (BCM78900). Broadcom press release "Broadcom ships Tomahawk 5" (2022-08):
// 51.2 Tb/s, 64 x 800GbE, 128 x 400GbE or 256 x 200GbE ports, 512 x 100G PAM4 SerDes.
// Power: the UfiSpace S9321-64E (2U, 64 x QSFP-DD800 on one Tomahawk 5), "913 W typical (no
// transceivers)", its datasheet figure as listed on IP Infusion's Tomahawk 5 platform page
// (ipinfusion.com/technology/tomahawk-5); other Tomahawk 5 switches differ.
switch Tomahawk5 {
  radix          = 64        // Broadcom: 64 ports of 800GbE
  port_bandwidth = 800 Gb/s  // Broadcom: 800GbE
  protocol       = ethernet
  power          = 913 W  // UfiSpace S9321-64E, typical without transceivers (IP Infusion)
}

// Tomahawk 5 run as 128 x 400GbE (the same Broadcom release), the usual leaf for 400G NICs: the
// same switch with each 800G cage split in two (the S9321-64E breaks out 2 x 400G), the same power.
switch Tomahawk5_400G {
  radix          = 128  // Broadcom: 128 x 400GbE
  port_bandwidth = 400 Gb/s
  protocol       = ethernet
  power          = 913 W  // as Tomahawk5
}

// StrataDNX Jericho3-AI (BCM88890). ServeTheHome, "Broadcom Jericho3-AI Ethernet switch launched"
// (2023-04): 28.8 Tb/s, 144 SerDes lanes at 106 Gb/s PAM4, up to 18 x 800GbE, 36 x 400GbE or
// 72 x 200GbE network-facing ports. TechInsights, "Broadcom retargets Jericho at AI clusters":
// its fabric element Ramon3 switches 51.2 Tb/s of cells, and Jericho3-AI leaves with Ramon3
// spines build fabrics of up to 32,768 x 800 Gb/s ports. `radix` here is the network-facing
// (NIC) ports only: the Ramon3 spine tier is a different chip, and clusterc takes one switch
// model for every tier of a fat tree, so a Jericho3-AI/Ramon3 fabric is not modelled tier by
// tier. No power figure was found in a readable source: left out.
switch Jericho3_AI {
  radix          = 18  // ServeTheHome: 18 x 800GbE network-facing
  port_bandwidth = 800 Gb/s
  protocol       = ethernet
}

// Jericho3-AI run as 36 x 400GbE (the same ServeTheHome article).
switch Jericho3_AI_400G {
  radix          = 36  // ServeTheHome: 36 x 400GbE
  port_bandwidth = 400 Gb/s
  protocol       = ethernet
}

// Thor 2 (BCM57608) 400G Ethernet NIC: one 400GbE port (or 2 x 200GbE), RoCE v2. Broadcom
// product brief "BCM57608 Thor 2 400G Ethernet controller".
nic Thor2 {
  bandwidth = 400 Gb/s  // Broadcom BCM57608 product brief
  ports     = 1
  protocol  = ethernet
}
