// std.broadcom: Broadcom Ethernet switch chips and NICs, as the Ethernet AI fabrics of Meta,
// Alibaba HPN and others build them (modelled as a switch of that chip's port configuration).
//
// Every figure names its source. Power is left out: Broadcom publishes chip power only as
// analysts' estimates, and a switch built on a chip adds fans, CPU and power-supply losses;
// set `power` from the datasheet of the switch you buy.

// StrataXGS Tomahawk 5 (BCM78900). Broadcom press release "Broadcom ships Tomahawk 5" (2022-08):
// 51.2 Tb/s, 64 x 800GbE, 128 x 400GbE or 256 x 200GbE ports, 512 x 100G PAM4 SerDes.
switch Tomahawk5 {
  radix          = 64        // Broadcom: 64 ports of 800GbE
  port_bandwidth = 800 Gb/s  // Broadcom: 800GbE
  protocol       = ethernet
}

// Tomahawk 5 run as 128 x 400GbE (the same Broadcom release), the usual leaf for 400G NICs.
switch Tomahawk5_400G {
  radix          = 128  // Broadcom: 128 x 400GbE
  port_bandwidth = 400 Gb/s
  protocol       = ethernet
}

// Jericho3-AI (BCM88890) is not here yet: its per-chip port count was not available from a
// source at hand (TechInsights gives 800GbE ports and 32,768-port fabrics, not the radix).

// Thor 2 (BCM57608) 400G Ethernet NIC: one 400GbE port (or 2 x 200GbE), RoCE v2. Broadcom
// product brief "BCM57608 Thor 2 400G Ethernet controller".
nic Thor2 {
  bandwidth = 400 Gb/s  // Broadcom BCM57608 product brief
  ports     = 1
  protocol  = ethernet
}
