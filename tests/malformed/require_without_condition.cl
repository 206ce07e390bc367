require : "why"
