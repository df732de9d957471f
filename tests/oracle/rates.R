# R oracle for the requests' rates (issue 30): bstat --ok and --apdex on
# the request logs of testdata/load/ (made by testdata/load/gen.py).
# Writes tests/expected/bstat_rates_<case>.csv and the manifest
# tests/expected/bstat_rates_cases.tsv.
#
# Run from the repository root:   Rscript tests/oracle/rates.R
#
# What is held here, by R's own functions:
#  * errors: the requests (rows of the series past --skip) that --ok
#    fails; error_rate = errors / requests; error_lo, error_hi: Wilson's
#    score interval, prop.test(errors, requests, correct = FALSE).
#  * apdex: (satisfied + tolerating / 2) / N over the requests with a
#    latency, satisfied <= T, tolerating <= 4T, a failed request
#    frustrated whatever its latency; apdex_lo, apdex_hi: Wilson's
#    interval of that share, prop.test(S + Tol / 2, N, correct = FALSE)
#    (prop.test takes the half-count as it is).
#  * Numbers with 17 significant digits.

options(warn = 2)
source("tests/oracle/common.R")

wilson <- function(x, n, conf) {
  ci <- suppressWarnings(prop.test(x, n, correct = FALSE,
                                   conf.level = conf / 100)$conf.int)
  c(ci[1], ci[2])
}

rates <- function(d, ok, T, conf) {
  lat <- parse_num(d$elapsed)
  n <- nrow(d); e <- sum(!ok)
  ew <- wilson(e, n, conf)
  S <- sum(ok & lat <= T); Tol <- sum(ok & lat > T & lat <= 4 * T)
  x <- S + Tol / 2
  aw <- wilson(x, n, conf)
  c(n = n, errors = e, error_rate = e / n, error_lo = ew[1],
    error_hi = ew[2], apdex = x / n, apdex_lo = aw[1], apdex_hi = aw[2])
}

cases <- character(0)
emit <- function(name, file, args, groups, ok_of, T, conf = 95, skip = 0) {
  d <- read_text_csv(file)
  key <- if (length(groups)) d[[groups]] else rep("", nrow(d))
  out <- character(0)
  for (g in unique(key)) {
    dg <- d[key == g, ]
    if (skip > 0) dg <- dg[-seq_len(min(skip, nrow(dg))), ]
    r <- rates(dg, ok_of(dg), T, conf)
    cells <- c(if (length(groups)) g, "elapsed", sprintf("%d", r["n"]),
               sprintf("%d", r["errors"]), fmt17(r[3:8]))
    out <- c(out, paste(cells, collapse = ","))
  }
  hdr <- paste(c(groups, "column", "n", "errors", "error_rate", "error_lo",
                 "error_hi", "apdex", "apdex_lo", "apdex_hi"), collapse = ",")
  exp <- sprintf("tests/expected/bstat_rates_%s.csv", name)
  write_lines(c(hdr, out), exp)
  stats <- "--stats n,errors,error_rate,error_lo,error_hi,apdex,apdex_lo,apdex_hi"
  cases <<- c(cases, paste(name, file, paste("-c elapsed", args, stats), exp,
                           sep = "\t"))
}

by_code <- function(d) parse_num(d$responseCode) < 400
by_flag <- function(d) d$success == "true"

emit("label", "testdata/load/base.csv",
     "-g label --ok responseCode<400 --apdex 500", "label", by_code, 500)
# Pooled over the labels: read as generic CSV (the jmeter reader would
# group by label).
emit("pooled90", "testdata/load/cand.csv",
     "--input-format csv --ok success --apdex 300 --confidence 90",
     character(0), by_flag, 300, conf = 90)
emit("skip", "testdata/load/small_cand.csv",
     "-g label --ok success --apdex 200 --skip 5", "label", by_flag, 200,
     skip = 5)
emit("default_t", "testdata/load/cand.csv",
     "-g label --ok responseCode<=399", "label", by_code, 500)
# --every 10s -t timeStamp: windows of 10 s from the first stamp floored
# to a multiple of 10 s (epoch ms by magnitude), every window to the last
# stamp, an empty one with n = 0 and no statistics; each window's rows
# in time order (the log has some out of order); mean, median, p95
# (quantile type 7), the error rate with Wilson's interval, throughput
# the rows over the seconds of the window the log covers (covered()).
# The seconds of window w the log covers: the first from the first stamp,
# the last to the last stamp, the others whole (throughput's divisor).
covered <- function(w, kmax, origin, every, ts) {
  a <- max(origin + w * every, min(ts))
  b <- if (w == kmax) min(origin + (w + 1) * every, max(ts)) else
    origin + (w + 1) * every
  if (b > a) b - a else every
}
emit_windows <- function(name, file, every) {
  d <- read_text_csv(file)
  ts <- parse_num(d$timeStamp) / 1000
  lat <- parse_num(d$elapsed); ok <- d$success == "true"
  origin <- floor(min(ts) / every) * every
  k <- floor((ts - origin) / every)
  out <- "window,column,n,mean,median,p95,errors,error_rate,error_lo,error_hi,throughput"
  for (w in 0:max(k)) {
    i <- which(k == w); i <- i[order(ts[i])]
    x <- lat[i]; n <- length(x); e <- sum(!ok[i])
    st <- if (n > 0) c(mean(x), quantile(x, c(0.5, 0.95), type = 7,
                                         names = FALSE)) else rep(NA, 3)
    er <- if (n > 0) c(e / n, wilson(e, n, 95)) else rep(NA, 3)
    out <- c(out, paste(fmt17(w * every), "elapsed", n, fmt17(st[1]),
      fmt17(st[2]), fmt17(st[3]), e, fmt17(er[1]), fmt17(er[2]),
      fmt17(er[3]), fmt17(n / covered(w, max(k), origin, every, ts)),
      sep = ","))
  }
  exp <- sprintf("tests/expected/bstat_rates_%s.csv", name)
  write_lines(out, exp)
  cases <<- c(cases, paste(name, file, paste("-c elapsed -t timeStamp",
    sprintf("--every %gs", every), "--ok success",
    "--stats n,mean,median,p95,errors,error_rate,error_lo,error_hi"),
    exp, sep = "\t"))
}
emit_windows("windows", "testdata/load/windows.csv", 10)
write_lines(c("case\tinput\targs\texpected", cases),
            "tests/expected/bstat_rates_cases.tsv")

# ------------------------------------------------------------ bcompare
# bcompare -c elapsed -g label --ok success --apdex T BASE CAND: per label
# the metrics elapsed (Welch's t, t.test), error_rate and apdex:
#  * mean_base, mean_cand: the proportions x / n (Apdex's x = S + Tol / 2);
#  * diff = p_cand - p_base, with Newcombe's hybrid score interval from
#    its definition (method 10, Newcombe 1998): the two Wilson intervals
#    (l, u) of prop.test, lo = d - sqrt((p_c - l_c)^2 + (u_b - p_b)^2),
#    hi = d + sqrt((u_c - p_c)^2 + (p_b - l_b)^2);
#  * change = diff / p_base (none when p_base = 0);
#  * p: fisher.test of the 2x2 table when an expected count is under 5
#    (error_rate only; test "fisher"), else prop.test(correct = FALSE)
#    (test "newcombe", statistic the signed square root of X-squared);
#  * p_adj: Holm over every metric of the run (p.adjust), elapsed's too;
#  * verdict: regressed/improved when p_adj < 0.05 (lower error rate,
#    higher Apdex better), unchanged when the interval lies within
#    +-0.01, else inconclusive.
cmp_rates <- function(name, fb, fc, T) {
  db <- read_text_csv(fb); dc <- read_text_csv(fc)
  rows <- list(); ps <- numeric(0)
  for (g in unique(db$label)) {
    b <- db[db$label == g, ]; c <- dc[dc$label == g, ]
    lb <- parse_num(b$elapsed); lc <- parse_num(c$elapsed)
    ps <- c(ps, t.test(lc, lb)$p.value)
    okb <- b$success == "true"; okc <- c$success == "true"
    ap <- function(l, ok) sum(ok & l <= T) + sum(ok & l > T & l <= 4 * T) / 2
    for (k in c("error_rate", "apdex")) {
      if (k == "error_rate") {
        xb <- sum(!okb); xc <- sum(!okc)
      } else {
        xb <- ap(lb, okb); xc <- ap(lc, okc)
      }
      nb <- nrow(b); nc <- nrow(c)
      pb <- xb / nb; pc <- xc / nc; d <- pc - pb
      wb <- wilson(xb, nb, 95); wc <- wilson(xc, nc, 95)
      lo <- d - sqrt((pc - wc[1])^2 + (wb[2] - pb)^2)
      hi <- d + sqrt((wc[2] - pc)^2 + (pb - wb[1])^2)
      tab <- matrix(c(xb, nb - xb, xc, nc - xc), 2, byrow = TRUE)
      expct <- outer(rowSums(tab), colSums(tab)) / sum(tab)
      if (k == "error_rate" && any(expct < 5)) {
        test <- "fisher"; stat <- NA
        p <- fisher.test(tab)$p.value
      } else {
        pt <- suppressWarnings(prop.test(c(xc, xb), c(nc, nb),
                                         correct = FALSE))
        test <- "newcombe"; p <- pt$p.value
        stat <- sign(d) * sqrt(unname(pt$statistic))
      }
      ps <- c(ps, p)
      rows[[length(rows) + 1]] <- list(g = g, k = k, nb = nb, nc = nc,
        pb = pb, pc = pc, d = d, lo = lo, hi = hi,
        ch = if (pb > 0) d / pb else NA, test = test, stat = stat, p = p,
        i = length(ps), higher = k == "apdex")
    }
  }
  padj <- p.adjust(ps, "holm")
  out <- "label,column,n_base,n_cand,mean_base,mean_cand,diff,diff_ci_lo,diff_ci_hi,change,test,statistic,p,p_adj,verdict,direction"
  for (r in rows) {
    pa <- padj[r$i]
    v <- if (pa < 0.05 && r$d != 0) {
      if ((r$d > 0) == r$higher) "improved" else "regressed"
    } else if (r$lo >= -0.01 && r$hi <= 0.01) "unchanged" else "inconclusive"
    out <- c(out, paste(r$g, r$k, r$nb, r$nc,
      paste(fmt17(c(r$pb, r$pc, r$d, r$lo, r$hi, r$ch)), collapse = ","),
      r$test, fmt17(r$stat), fmt17(r$p), fmt17(pa), v,
      if (r$higher) "higher" else "lower", sep = ","))
  }
  write_lines(out, sprintf("tests/expected/bcompare_rates_%s.csv", name))
}

cmp_rates("load", "testdata/load/base.csv", "testdata/load/cand.csv", 500)
cmp_rates("small", "testdata/load/small_base.csv",
          "testdata/load/small_cand.csv", 500)
