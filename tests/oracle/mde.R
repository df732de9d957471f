# Oracle of bstat --mde (issue 31 item 1) and of the size of bcompare's
# simulated runs needed for --test mwu.  Run from the repository root:
#     Rscript tests/oracle/mde.R
# tests/expected/bstat_mde.txt: GROUP POWER MDE, R's power.t.test(n, sd,
# power)$delta (tol tightened: its default 1e-4 is coarser than the
# case's 1e-9) per group of testdata/power/base.csv.
# tests/expected/bcompare_plan_mwu.txt: GROUP LO HI, the band the rank
# test's runs needed must fall in: Welch's n for 2% of the median
# (power.t.test at the two sides' pooled sd) over the Mann-Whitney's asymptotic relative efficiency
# at the normal, 3/pi, within 0.8 to 1.25 of it (the data are normal;
# the simulation's 200 experiments and a sample of 25-30 move it).
options(digits = 17)
b <- read.csv("testdata/power/base.csv")
c <- read.csv("testdata/power/cand.csv")
out <- NULL
for (g in c("eq", "uneq")) for (pw in c(0.8, 0.9)) {
  x <- b$v[b$g == g]
  d <- power.t.test(n = length(x), sd = sd(x), power = pw,
                    tol = 1e-14)$delta
  out <- c(out, sprintf("%s %g %.12g", g, pw, d))
}
writeLines(out, "tests/expected/bstat_mde.txt")
out <- NULL
for (g in c("eq", "uneq")) {
  x <- b$v[b$g == g]
  y <- c$v[c$g == g]
  s <- sqrt((var(x) + var(y)) / 2)
  n <- power.t.test(delta = 0.02 * median(x), sd = s, power = 0.8)$n
  n <- n / (3 / pi)
  out <- c(out, sprintf("%s %d %d", g, floor(0.8 * n), ceiling(1.25 * n)))
}
writeLines(out, "tests/expected/bcompare_plan_mwu.txt")
