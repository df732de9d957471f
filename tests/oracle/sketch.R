# R oracle for the relative-error sketches of bstat --sketch (libstat/stat/sketch.c).
# Writes two samples and, for each, R's exact quantiles and moments:
#   testdata/oracle/sketch_lognormal.txt   20000 latencies, lognormal
#                                          (meanlog log(20000), sdlog 0.6)
#   testdata/oracle/sketch_mixed.txt       12000 values: negative lognormal,
#                                          exact zeros, positive lognormal
#                                          over 8 decades, shuffled
#   tests/expected/sketch_quantiles.csv    data, n, p, q1 = quantile(type = 1),
#                                          q7 = quantile(type = 7), mean, sd
# The sketch guarantees |estimate - x_(r)| <= a |x_(r)| for an order
# statistic x_(r); type 1 is one (rank ceil(n p)), which is what the test
# holds it to; q7 is written for the record only.
#
# Values have 7 significant digits and are parsed back as C's strtod does
# (parse_num in common.R), so R and the C test see the same doubles.
#
# Run from the repository root:   Rscript tests/oracle/sketch.R

options(warn = 2)
source("tests/oracle/common.R")

set.seed(20240611)
lognormal <- sprintf("%.7g", rlnorm(20000, log(20000), 0.6))
mixed <- c(sprintf("%.7g", -rlnorm(4000, log(3), 1.5)),
           rep("0", 1500),
           sprintf("%.7g", rlnorm(6500, 0, 2.6)))
mixed <- mixed[sample.int(length(mixed))]

probs <- c("0", "0.001", "0.01", "0.05", "0.1", "0.25", "0.3", "0.5",
           "0.6", "0.75", "0.9", "0.95", "0.99", "0.995", "0.999",
           "0.9999", "1")

rows <- character(0)
for (name in c("lognormal", "mixed")) {
  txt <- get(name)
  write_lines(txt, sprintf("testdata/oracle/sketch_%s.txt", name))
  x <- vapply(txt, parse_num, 0.0, USE.NAMES = FALSE)
  p <- as.numeric(probs)
  q1 <- quantile(x, p, type = 1, names = FALSE)
  q7 <- quantile(x, p, type = 7, names = FALSE)
  rows <- c(rows, sprintf("%s,%d,%s,%s,%s,%s,%s", name, length(x), probs,
                          fmt17(q1), fmt17(q7), fmt17(mean(x)),
                          fmt17(sd(x))))
}
write_lines(c("data,n,p,q1,q7,mean,sd", rows),
            "tests/expected/sketch_quantiles.csv")
