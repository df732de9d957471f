# R oracle for bplot's --slo on a load ramp (issue 30 item 5): the lines
# bplot writes for testdata/load/ramp.csv (made by testdata/load/ramp.py)
# with --label clients --slo 'p99_latency_ms<=20', into
# tests/expected/bplot_knee.txt (read by tests/cli/bplot_path_knee.case).
#
# Run from the repository root:   Rscript tests/oracle/knee.R
#
#  * A level's p99 and throughput: the mean of its runs and t.test's 95%
#    interval.  A level meets the SLO when its p99's upper bound is <= 20.
#  * "met up to": the highest load meeting it; "met at": every level that
#    does, "not contiguous, broken at ... between them" when a broken
#    level lies between two that meet.
#  * Saturation: the first level from which the throughput intervals of
#    it and every later level share a value, three levels at least; the
#    best level is then the lowest saturated one meeting the SLO.
#  * Numbers as bplot prints them: %.4g, whole from 10000 on.

options(warn = 2)
source("tests/oracle/common.R")

d <- read.csv("testdata/load/ramp.csv")
lv <- unique(d$clients)
ci <- function(x) t.test(x)$conf.int
num <- function(v) if (abs(v) >= 1e4) sprintf("%.0f", v) else sprintf("%.4g", v)
m <- sapply(lv, function(n) mean(d$p99_latency_ms[d$clients == n]))
up <- sapply(lv, function(n) ci(d$p99_latency_ms[d$clients == n])[2])
x <- sapply(lv, function(n) mean(d$throughput_rps[d$clients == n]))
xlo <- sapply(lv, function(n) ci(d$throughput_rps[d$clients == n])[1])
xhi <- sapply(lv, function(n) ci(d$throughput_rps[d$clients == n])[2])
meets <- up <= 20
hi <- max(which(meets & lv == max(lv[meets])))
sat <- NA
for (k in rev(seq_along(lv))) {
  if (max(xlo[k:length(lv)]) > min(xhi[k:length(lv)])) break
  if (length(lv) - k + 1 >= 3) sat <- k
}
best <- if (!is.na(sat)) min(which(meets & seq_along(lv) >= sat)) else hi
brk <- min(which(!meets))
last <- max(which(meets))
between <- which(!meets & seq_along(lv) < last)
lines <- c(
  sprintf("bplot: slo p99_latency_ms<=20: met up to clients=%d, throughput_rps %s at p99_latency_ms %s (upper bound %s)",
          lv[hi], num(x[hi]), num(m[hi]), num(up[hi])),
  sprintf("bplot: slo p99_latency_ms<=20: met at clients=%s%s",
          paste(lv[meets], collapse = ", "),
          if (length(between)) sprintf(": not contiguous, broken at clients=%s between them",
                                       paste(lv[between], collapse = ", ")) else ""),
  sprintf("bplot: throughput_rps saturated from clients=%d (flat within its intervals from there on): best level clients=%d, throughput_rps %s, the lowest saturated one meeting the slo",
          lv[sat], lv[best], num(x[best])),
  sprintf("bplot: slo p99_latency_ms<=20: first broken at clients=%d, throughput_rps %s at p99_latency_ms %s",
          lv[brk], num(x[brk]), num(m[brk])))
write_lines(lines, "tests/expected/bplot_knee.txt")

# testdata/load/retro.csv: past the knee the throughput falls.  The first
# pair of levels (in load order, then the later one in order) whose
# throughput intervals do not overlap, the later one below, while the
# later's mean p99 is higher: bplot's note of coordinated omission
# (tests/expected/bplot_omission.txt, tests/cli/bplot_path_omission.case).
r <- read.csv("testdata/load/retro.csv")
rl <- unique(r$clients)
rlo <- sapply(rl, function(n) ci(r$throughput_rps[r$clients == n])[1])
rhi <- sapply(rl, function(n) ci(r$throughput_rps[r$clients == n])[2])
rp <- sapply(rl, function(n) mean(r$p99_latency_ms[r$clients == n]))
note <- NULL
for (i in seq_along(rl)) {
  for (j in seq_along(rl)) {
    if (j > i && rhi[j] < rlo[i] && rp[j] > rp[i]) {
      note <- sprintf("bplot: note: throughput falls from clients=%d to clients=%d while p99_latency_ms rises: a closed-loop load tool waits for each answer and sends less while the system is slow (coordinated omission), so its percentiles are understated; measure at a constant rate (wrk2) or correct the histogram (HdrHistogram's expected interval)",
                      rl[i], rl[j])
      break
    }
  }
  if (!is.null(note)) break
}
write_lines(note, "tests/expected/bplot_omission.txt")
