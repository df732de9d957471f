# --stat p90's runs needed on skewed runs (issue 31 item 1, the fix of
# its under-prediction): four pilots of 300 runs per side from gamma
# (shape 16, cv 25%), testdata/power/gamma_base.csv and gamma_cand.csv,
# and tests/expected/bcompare_plan_p90.txt, the band the n bcompare
# --plan 2% names must fall in: the asymptotic n of a difference of two
# sample p90s, 2 p (1 - p) (z_0.975 + z_0.8)^2 / (f(q)^2 delta^2), f and q
# the gamma's density and p90 (R's dgamma, qgamma), delta 2% of q,
# within 0.8 to 1.25 of it (the pilots' own noise).  Run from the root:
#     Rscript tests/oracle/power_p90.R
set.seed(3108)
np <- 300
g <- rep(1:4, each = np)
for (s in c("base", "cand"))
  write.csv(data.frame(g = g, v = round(rgamma(np * 4, 16, 0.16), 4)),
            sprintf("testdata/power/gamma_%s.csv", s), row.names = FALSE,
            quote = FALSE)
q <- qgamma(0.9, 16, 0.16)
f <- dgamma(q, 16, 0.16)
n <- 2 * 0.9 * 0.1 * (qnorm(0.975) + qnorm(0.8))^2 / (f^2 * (0.02 * q)^2)
writeLines(sprintf("%d %d", floor(0.8 * n), ceiling(1.25 * n)),
           "tests/expected/bcompare_plan_p90.txt")
