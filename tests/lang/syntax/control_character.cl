// Tests syntax.control-character: a string may not hold a line break or tab (they would reach
// generated scripts and configuration files).
gpu g { vendor = "Acme\ntouch PWNED" }
require 1 < 2 : "two\tcolumns"
