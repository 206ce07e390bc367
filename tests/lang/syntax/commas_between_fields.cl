// Tests commas between fields: a note says fields are separated by `;` or new lines.
gpu g { memory = 80 GB, memory_bandwidth = 3.35 TB/s }
