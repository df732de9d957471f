# R oracle for bstat --every 10s -t timeStamp --sketch (issue 30 items 1
# and 7): a sketch per window, as the rows stream.  Writes, for each log,
#   tests/expected/bstat_every_sketch_<name>_exact.csv: per window n,
#     mean, sd, min, max, errors and error_rate (--ok success), throughput
#     (the rows over the seconds the log covers of the window): what the
#     sketch path keeps exactly;
#   tests/expected/bstat_every_sketch_<name>_q.csv: median and p99 as R's
#     quantile(type = 1), which a sketch of relative accuracy 0.5 % holds
#     each within 0.5 %.
# Windows as tests/oracle/rates.R cuts them: 10 s from the first stamp
# floored to a multiple of 10 s (epoch ms by magnitude), every window to
# the last stamp, an empty one with n = 0 and no statistics.
#
# Run from the repository root:   Rscript tests/oracle/windows_sketch.R

options(warn = 2)
source("tests/oracle/common.R")

# The seconds of window w the log covers: the first from the first stamp,
# the last to the last stamp, the others whole (throughput's divisor).
covered <- function(w, kmax, origin, every, ts) {
  a <- max(origin + w * every, min(ts))
  b <- if (w == kmax) min(origin + (w + 1) * every, max(ts)) else
    origin + (w + 1) * every
  if (b > a) b - a else every
}
emit <- function(name, file, every) {
  d <- read_text_csv(file)
  ts <- parse_num(d$timeStamp) / 1000
  lat <- parse_num(d$elapsed); ok <- d$success == "true"
  origin <- floor(min(ts) / every) * every
  k <- floor((ts - origin) / every)
  ex <- "window,column,n,mean,sd,min,max,errors,error_rate,throughput"
  q <- "window,column,n,median,p99"
  for (w in 0:max(k)) {
    x <- lat[k == w]; n <- length(x); e <- sum(!ok[k == w])
    st <- if (n > 0) c(mean(x), if (n > 1) sd(x) else NA, min(x), max(x))
          else rep(NA, 4)
    qq <- if (n > 0) quantile(x, c(0.5, 0.99), type = 1, names = FALSE)
          else rep(NA, 2)
    ex <- c(ex, paste(fmt17(w * every), "elapsed", n, fmt17(st[1]),
      fmt17(st[2]), fmt17(st[3]), fmt17(st[4]), e,
      fmt17(if (n > 0) e / n else NA), fmt17(n / covered(w, max(k), origin, every, ts)), sep = ","))
    q <- c(q, paste(fmt17(w * every), "elapsed", n, fmt17(qq[1]),
      fmt17(qq[2]), sep = ","))
  }
  write_lines(ex, sprintf("tests/expected/bstat_every_sketch_%s_exact.csv",
    name))
  write_lines(q, sprintf("tests/expected/bstat_every_sketch_%s_q.csv",
    name))
}
emit("windows", "testdata/load/windows.csv", 10)
emit("base", "testdata/load/base.csv", 10)
