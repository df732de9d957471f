# --skip auto (issue 31 item 2) on testdata/steady/classes.csv (written by
# steady.R): what bstat -f csv --stats n,mean must give once the runs
# before the steady state are dropped, for each count of dropped runs the
# generator's truth allows (flat and no steady state: none; the warm-up's
# 30 runs decaying to the noise: 28 to 32; the slowdown from run 151:
# 148 to 152), n and the mean of the runs kept by R's mean().  Run from
# the root: Rscript tests/oracle/steady_skip.R
d <- read.csv("testdata/steady/classes.csv")
allowed <- list(flat = 0, warmup = 28:32, slowdown = 148:152, none = 0)
rows <- NULL
for (s in names(allowed)) {
  x <- d$time_ms[d$seq == s]
  for (k in allowed[[s]]) {
    kept <- x[(k + 1):length(x)]
    rows <- rbind(rows, data.frame(seq = s, dropped = k, n = length(kept),
                                   mean = sprintf("%.15g", mean(kept))))
  }
}
write.csv(rows, "tests/expected/bstat_skip_auto.csv", row.names = FALSE,
          quote = FALSE)
# bcompare --skip auto --variant seq --baseline flat --candidate warmup:
# the flat sequence against the warm-up's runs after each count of
# dropped runs its truth allows, by R's t.test (Welch): n_cand, mean_cand,
# diff and its 95% interval, p.
flat <- d$time_ms[d$seq == "flat"]
warm <- d$time_ms[d$seq == "warmup"]
rows <- NULL
for (k in allowed$warmup) {
  kept <- warm[(k + 1):length(warm)]
  tt <- t.test(kept, flat)
  rows <- rbind(rows, data.frame(dropped = k, n_cand = length(kept),
    mean_cand = sprintf("%.15g", mean(kept)),
    diff = sprintf("%.15g", mean(kept) - mean(flat)),
    diff_ci_lo = sprintf("%.15g", tt$conf.int[1]),
    diff_ci_hi = sprintf("%.15g", tt$conf.int[2]),
    p = sprintf("%.15g", tt$p.value)))
}
write.csv(rows, "tests/expected/bcompare_skip_auto.csv", row.names = FALSE,
          quote = FALSE)
# boutlier on the warm-up sequence, Tukey's fences at 1.5 x IQR from R's
# quantile(type = 7): with --skip auto the fences of the runs after each
# count of dropped runs k the truth allows (from = k), with --steady auto
# alone those of every run (from = 0); each with the runs flagged, and of
# them those before the steady state (run k + 1).
rows <- NULL
for (k in allowed$warmup) for (from in c(0, k)) {
  q <- quantile(warm[(from + 1):length(warm)], c(0.25, 0.75), type = 7)
  iqr <- q[[2]] - q[[1]]
  lo <- q[[1]] - 1.5 * iqr
  hi <- q[[2]] + 1.5 * iqr
  flag <- warm < lo | warm > hi
  rows <- rbind(rows, data.frame(dropped = k, from = from,
    lo_outer = sprintf("%.10g", q[[1]] - 3 * iqr), lo_inner = sprintf("%.10g", lo),
    hi_inner = sprintf("%.10g", hi), hi_outer = sprintf("%.10g", q[[2]] + 3 * iqr),
    flagged = sum(flag), early = sum(flag[seq_len(k)])))
}
write.csv(rows, "tests/expected/boutlier_skip_auto.csv", row.names = FALSE,
          quote = FALSE)
