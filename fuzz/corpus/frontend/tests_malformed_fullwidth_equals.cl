let x ＝ 1
