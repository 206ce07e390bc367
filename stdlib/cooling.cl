// std.cooling: rack cooling methods and the heat one rack may dissipate with each.
//
// Limits from the project's reference models (shared/domain/MODELS.md, "Power and cooling"):
// air ≈ 30 kW, rear-door heat exchanger ≈ 50 kW, direct liquid ≈ 80+ kW, immersion ≈ 100+ kW.
// These are typical design limits, not hard physics: a site overrides them inline, e.g.
// `cooling = cooling.direct_liquid { rack_limit = 120 kW }`. Plant prices (USD/W) are not given
// here: no sourced figure; set `price` in a spec.

// Air: raised floor or in-row units, hot/cold aisle containment.
cooling air {
  rack_limit = 30 kW  // MODELS.md
}

// Rear-door heat exchanger: a water coil on the back of an air-cooled rack.
cooling rear_door {
  rack_limit = 50 kW  // MODELS.md
}

// Direct-to-chip liquid cooling: cold plates on GPUs/CPUs, fed by a coolant distribution unit.
cooling direct_liquid {
  rack_limit = 80 kW  // MODELS.md: "80+ kW"; the lower bound
}

// Immersion: the boards sit in dielectric fluid.
cooling immersion {
  rack_limit = 100 kW  // MODELS.md: "100+ kW"; the lower bound
}
