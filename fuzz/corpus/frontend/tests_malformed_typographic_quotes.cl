gpu g { vendor = “NVIDIA” }
