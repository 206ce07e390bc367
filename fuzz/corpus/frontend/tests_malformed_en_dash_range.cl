let x = 12–15 MW
