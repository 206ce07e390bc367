fabric f { kind = ethernet; topology = fat_tree { oversubscription = 1e400:1 } }
