# Oracle for bstat --percentile-ci and --mvalue: the distribution-free
# interval of a quantile from order statistics, and Gregg's mvalue.
#     Rscript tests/oracle/pctci.R	(from the repository root)
#
# Interval of the p-quantile of n values at confidence c: the order
# statistics l = qbinom((1-c)/2, n, p) and u = qbinom((1+c)/2, n, p) + 1
# (1-based), covering with probability P(l <= B <= u-1) >= c for
# B ~ Binomial(n, p); no interval when l < 1 or u > n.  mvalue: bins of
# Scott's width 3.49 sd n^(-1/3) from the minimum (on coarse data a whole
# number of resolutions from half one below), an empty bin at each end,
# sum |h_i - h_{i+1}| / max h; NA below 30 values.
options(digits = 17, warn = 1)
source("tests/oracle/common.R")
out <- "tests/expected"
num <- function(x) ifelse(is.na(x), "", sprintf("%.17g", x))

ci <- function(x, p, conf) {
  n <- length(x); x <- sort(x); a <- 1 - conf
  l <- qbinom(a / 2, n, p); u <- qbinom(1 - a / 2, n, p) + 1
  stopifnot(l < 1 || u > n ||
            pbinom(u - 1, n, p) - pbinom(l - 1, n, p) >= conf)
  if (l < 1 || u > n) c(NA, NA) else c(x[l], x[u])
}
mvalue <- function(x) {
  n <- length(x)
  if (n < 30 || sd(x) == 0) return(NA)
  h <- 3.49 * sd(x) * n^(-1/3)
  # Issue 31: below 10 resolutions (the smallest gap between distinct
  # values) the width is a whole number of them and the bins start half a
  # resolution below the minimum, every value mid-bin.
  lo <- min(x); r <- min(diff(sort(unique(x))))
  if (h < 10 * r) { h <- ceiling(h / r) * r; lo <- lo - r / 2 }
  k <- pmin(floor((x - lo) / h), floor((max(x) - lo) / h))
  cnt <- c(0, tabulate(k + 1, nbins = max(k) + 1), 0)
  sum(abs(diff(cnt))) / max(cnt)
}

cases <- list()
run <- function(name, input, args, d, gcols, vcol, pcts, conf) {
  keys <- unique(d[gcols])
  rows <- lapply(seq_len(nrow(keys)), function(i) {
    sel <- rep(TRUE, nrow(d))
    for (g in gcols) sel <- sel & d[[g]] == keys[[g]][i]
    x <- d[[vcol]][sel]; x <- x[!is.na(x)]
    r <- c(as.list(keys[i, , drop = FALSE]), column = vcol)
    m <- ci(x, 0.5, conf)
    r$median_lo <- num(m[1]); r$median_hi <- num(m[2])
    for (p in pcts) {
      v <- ci(x, p / 100, conf)
      r[[sprintf("p%g_lo", p)]] <- num(v[1])
      r[[sprintf("p%g_hi", p)]] <- num(v[2])
    }
    r$mvalue <- num(mvalue(x))
    r
  })
  d2 <- do.call(rbind, lapply(rows, as.data.frame))
  path <- file.path(out, sprintf("bstat_pctci_%s.csv", name))
  write.csv(d2, path, row.names = FALSE, quote = FALSE)
  cases[[length(cases) + 1]] <<- c(name, input, args, path)
}

lat <- read_text_csv("testdata/oracle/latency.csv")
lat$latency_us <- as_value(lat$latency_us)
run("latency", "testdata/oracle/latency.csv",
    "-g threads,impl -c latency_us --percentile-ci --mvalue --percentiles 50,90,99",
    lat, c("threads", "impl"), "latency_us", c(50, 90, 99), 0.95)
run("latency_conf99", "testdata/oracle/latency.csv",
    "-g threads,impl -c latency_us --percentile-ci --mvalue --confidence 99 --percentiles 10,95",
    lat, c("threads", "impl"), "latency_us", c(10, 95), 0.99)

# A large sample, two modes: intervals of p99 and p99.9, mvalue ~ 4.
set.seed(20261130)
big <- data.frame(g = "all", v = round(c(rlnorm(3000, log(200), 0.2),
                                        rlnorm(2000, log(900), 0.1)), 3))
write.csv(big, "testdata/oracle/bimodal5000.csv", row.names = FALSE,
          quote = FALSE)
big <- read_text_csv("testdata/oracle/bimodal5000.csv")
big$v <- as_value(big$v)
run("bimodal", "testdata/oracle/bimodal5000.csv",
    "-g g --percentile-ci --mvalue --percentiles 99,99.9", big, "g", "v",
    c(99, 99.9), 0.95)

# Whole-number data, one mode each (issue 31): Poisson(4) counts, normal
# timings rounded to 1 ms, three repeated integers; Scott's width falls
# below the resolution (or near it) and, before the bins were made whole
# resolutions, warned of modes in every series (mvalue 5.4, and 21).
set.seed(31)
whole <- data.frame(g = rep(c("poisson", "rounded", "repeated"), each = 2000),
                    v = c(rpois(2000, 4), round(rnorm(2000, 50, 5)),
                          sample(5:7, 2000, TRUE)))
write.csv(whole, "testdata/oracle/whole2000.csv", row.names = FALSE,
          quote = FALSE)
whole <- read_text_csv("testdata/oracle/whole2000.csv")
whole$v <- as_value(whole$v)
run("whole", "testdata/oracle/whole2000.csv",
    "-g g --percentile-ci --mvalue --percentiles 90", whole, "g", "v", 90,
    0.95)
for (g in unique(whole$g))
  stopifnot(mvalue(whole$v[whole$g == g]) < 2.4)

m <- do.call(rbind, cases)
colnames(m) <- c("case", "input", "args", "expected")
write.table(m, file.path(out, "bstat_pctci_cases.tsv"), sep = "\t",
            quote = FALSE, row.names = FALSE)
cat("R:", R.version.string, "\n")
