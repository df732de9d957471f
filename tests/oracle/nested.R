# Oracle for nested runs (issue 27: the unit of replication): the
# issue's JMH example, 5 forks x 20 iterations, fork means N(mu, 0.05
# mu), each iteration N(its fork's mean, 0.005 x that mean), as JMH JSON
# (-rf json, avgt, us/op) and as CSV (fork,iteration,time_us), and a
# candidate 5% slower.  Writes what bstat -f csv and bcompare -f csv must
# print, from R's own t.test on the five fork means (Kalibera and Jones:
# the grand mean is the mean of the fork means, its interval
# Ybar +- t_{r-1} sqrt(S^2 / r)), the variance components and
# repetition advice of Kalibera and Jones at equal costs, and Welch's t
# and Fieller's interval on the fork means.  Run from the repository
# root:
#     Rscript tests/oracle/nested.R
# Writes testdata/oracle/nested_base.json, nested_cand.json, nested.csv,
# nested_cand.csv, nested_one.csv (one fork), nested_pyperf.json (4
# runs x 3 values) and tests/expected/bstat_nested_*.csv,
# bstat_nested_cases.tsv, bcompare_nested.csv, bcompare_nested_csv.csv.  Deterministic (set.seed);
# numbers written with %.15g (inputs) and %.17g (expected).  Base R only.
options(digits = 17, warn = 1)
set.seed(27)
mu <- 100
forks <- 5L
iters <- 20L
fmt <- function(x) sprintf("%.15g", x)
num <- function(x) ifelse(is.na(x) | !is.finite(x), "", sprintf("%.17g", x))

rnested <- function(m) {
  fm <- rnorm(forks, m, 0.05 * m)
  t(vapply(fm, function(f) rnorm(iters, f, 0.005 * f), numeric(iters)))
}
# Round to the digits written, so that R computes on the numbers read.
b <- matrix(as.numeric(fmt(rnested(mu))), forks)
c <- matrix(as.numeric(fmt(rnested(1.05 * mu))), forks)

jmhjson <- function(x) {
  raw <- paste0("                [\n",
                apply(x, 1, function(r)
                  paste0("                    ", fmt(r), collapse = ",\n")),
                "\n                ]", collapse = ",\n")
  c("[", "    {",
    "        \"jmhVersion\" : \"1.37\",",
    "        \"benchmark\" : \"org.example.Nested.work\",",
    "        \"mode\" : \"avgt\",",
    "        \"threads\" : 1,",
    sprintf("        \"forks\" : %d,", nrow(x)),
    sprintf("        \"measurementIterations\" : %d,", ncol(x)),
    "        \"primaryMetric\" : {",
    sprintf("            \"score\" : %s,", fmt(mean(x))),
    "            \"scoreUnit\" : \"us/op\",",
    "            \"rawData\" : [", raw, "            ]",
    "        },",
    "        \"secondaryMetrics\" : {", "        }",
    "    }", "]")
}
csvof <- function(x)
  c("fork,iteration,time_us",
    sprintf("%d,%d,%s", rep(seq_len(nrow(x)), each = ncol(x)),
            rep(seq_len(ncol(x)), nrow(x)), fmt(as.vector(t(x)))))
writeLines(jmhjson(b), "testdata/oracle/nested_base.json")
writeLines(jmhjson(c), "testdata/oracle/nested_cand.json")
writeLines(csvof(b), "testdata/oracle/nested.csv")
writeLines(csvof(c), "testdata/oracle/nested_cand.csv")
writeLines(csvof(b[1, , drop = FALSE]), "testdata/oracle/nested_one.csv")

# bstat: the mean and its interval over the fork means; n, the median,
# min and max over every value (type 7); units the forks.
stat_row <- function(x) {
  fm <- rowMeans(x)
  tt <- t.test(fm, conf.level = 0.95)
  v <- as.vector(x)
  c(n = length(v), mean = mean(fm), se = sd(fm) / sqrt(length(fm)),
    ci_lo = tt$conf.int[1], ci_hi = tt$conf.int[2],
    median = median(v), min = min(v), max = max(v), units = nrow(x))
}
s <- stat_row(b)
writeLines(c("benchmark,mode,column,n,mean,se,ci_lo,ci_hi,median,min,max,units",
             paste("org.example.Nested.work,avgt,score",
                   paste(num(s), collapse = ","), sep = ",")),
           "tests/expected/bstat_nested_jmh.csv")
writeLines(c("column,n,mean,se,ci_lo,ci_hi,median,min,max,units",
             paste("time_us", paste(num(s), collapse = ","), sep = ",")),
           "tests/expected/bstat_nested_csv.csv")

# --levels: Kalibera and Jones (2013), two levels: S1^2 the pooled
# variance of the iterations about their fork's mean, S2^2 that of the
# fork means; T1^2 = S1^2, T2^2 = S2^2 - S1^2 / r1 (clamped at 0);
# iterations per fork worth their cost at equal costs ceil(sqrt(T1^2 /
# T2^2)).
r1 <- ncol(b); r2 <- nrow(b)
S1 <- sum((b - rowMeans(b))^2) / (r2 * (r1 - 1))
S2 <- var(rowMeans(b))
T1 <- S1
T2 <- max(0, S2 - S1 / r1)
writeLines(c("column,level,units,per_unit,s2,component,share_pct,advice",
             sprintf("time_us,fork,%d,,%s,%s,%s,", r2, num(S2), num(T2),
                     num(100 * T2 / (T1 + T2))),
             sprintf("time_us,iteration,%d,%s,%s,%s,%s,%d", r1 * r2,
                     num(r1), num(S1), num(T1), num(100 * T1 / (T1 + T2)),
                     as.integer(max(1, ceiling(sqrt(T1 / T2)))))),
           "tests/expected/bstat_nested_levels.csv")
# --replicate '' treats every value as a run: t.test over the 100 values.
v <- as.vector(b)
tt <- t.test(v)
writeLines(c("column,n,mean,ci_lo,ci_hi",
             paste("score", length(v), num(mean(v)), num(tt$conf.int[1]),
                   num(tt$conf.int[2]), sep = ",")),
           "tests/expected/bstat_nested_runs.csv")
# One fork: no interval across forks; its 20 values taken as runs.
v <- b[1, ]
tt <- t.test(v)
writeLines(c("column,n,mean,ci_lo,ci_hi",
             paste("time_us", length(v), num(mean(v)), num(tt$conf.int[1]),
                   num(tt$conf.int[2]), sep = ",")),
           "tests/expected/bstat_nested_one.csv")
writeLines(c("case\tinput\targs\texpected\trtol",
  "nested_jmh\ttestdata/oracle/nested_base.json\t\ttests/expected/bstat_nested_jmh.csv\t1e-9",
  "nested_csv\ttestdata/oracle/nested.csv\t--replicate fork\ttests/expected/bstat_nested_csv.csv\t1e-9",
  "nested_levels\ttestdata/oracle/nested.csv\t--replicate fork --levels\ttests/expected/bstat_nested_levels.csv\t1e-9",
  "nested_runs\ttestdata/oracle/nested_base.json\t--replicate=\ttests/expected/bstat_nested_runs.csv\t1e-9",
  "nested_one\ttestdata/oracle/nested_one.csv\t--replicate fork\ttests/expected/bstat_nested_one.csv\t1e-9",
  "nested_pyperf\ttestdata/oracle/nested_pyperf.json\t\ttests/expected/bstat_nested_pyperf.csv\t1e-9"),
  "tests/expected/bstat_nested_cases.tsv")

# bcompare: Welch's t on the fork means of each side, the change as the
# ratio of the means of fork means with Fieller's interval.
fieller <- function(b, c, conf) {
  a <- mean(c); bb <- mean(b)
  va <- var(c) / length(c); vb <- var(b) / length(b)
  rho <- a / bb
  df <- (va + rho^2 * vb)^2 /
    (va^2 / (length(c) - 1) + rho^4 * vb^2 / (length(b) - 1))
  t <- qt(1 - (1 - conf) / 2, df)
  q <- bb^2 - t^2 * vb
  s <- t * sqrt(a^2 * vb + bb^2 * va - t^2 * va * vb)
  sort(c((a * bb - s) / q, (a * bb + s) / q))
}
# pyperf: runs x values (4 runs of 3 values, after a calibration run
# with warmups only); the runs replicate.
p <- matrix(as.numeric(fmt(rnested(0.02)[1:4, 1:3])), 4)
runs <- c("{\"metadata\": {\"loops\": 1}, \"warmups\": [[1, 0.021]]}",
          apply(p, 1, function(r) sprintf("{\"values\": [%s]}",
                                          paste(fmt(r), collapse = ", "))))
writeLines(sprintf(paste0("{\"benchmarks\": [{\"metadata\": {\"name\": ",
                          "\"nested\", \"unit\": \"second\"}, \"runs\": [%s]}], ",
                          "\"metadata\": {}, \"version\": \"1.0\"}"),
                   paste(runs, collapse = ", ")),
           "testdata/oracle/nested_pyperf.json")
s <- stat_row(p)
writeLines(c("benchmark,column,n,mean,se,ci_lo,ci_hi,median,min,max,units",
             paste("nested,value", paste(num(s), collapse = ","), sep = ",")),
           "tests/expected/bstat_nested_pyperf.csv")

fb <- rowMeans(b); fc <- rowMeans(c)
tt <- t.test(fc, fb)
f <- fieller(fb, fc, 0.95)
writeLines(c(paste0("benchmark,mode,column,n_base,n_cand,mean_base,mean_cand,",
                    "diff,diff_ci_lo,diff_ci_hi,change,change_ci_lo,",
                    "change_ci_hi,statistic,df,p"),
             paste("org.example.Nested.work,avgt,score", length(fb),
                   length(fc), num(mean(fb)), num(mean(fc)),
                   num(mean(fc) - mean(fb)), num(tt$conf.int[1]),
                   num(tt$conf.int[2]), num(mean(fc) / mean(fb) - 1),
                   num(f[1] - 1), num(f[2] - 1), num(tt$statistic),
                   num(tt$parameter), num(tt$p.value), sep = ",")),
           "tests/expected/bcompare_nested.csv")
# The same from the CSV inputs (--replicate fork), without JMH's columns.
x <- readLines("tests/expected/bcompare_nested.csv")
writeLines(sub("^org.example.Nested.work,avgt,score,", "time_us,",
               sub("^benchmark,mode,", "", x)),
           "tests/expected/bcompare_nested_csv.csv")

# Three levels (--replicate process --replicate thread): 3 processes x 2
# threads x 4 iterations; the mean is the mean of the process means of
# the thread means, the interval t.test's over the 3 process means; the
# components of Kalibera and Jones for three levels: S1^2 of the
# iterations about their thread's mean, S2^2 of the thread means about
# their process's, S3^2 of the process means; T1^2 = S1^2, T2^2 = S2^2 -
# S1^2 / 4, T3^2 = S3^2 - S2^2 / 2; advice ceil(sqrt(T_i^2 / T_{i+1}^2)).
np <- 3L; nt <- 2L; ni <- 4L
pe <- rnorm(np, 0, 5); te <- matrix(rnorm(np * nt, 0, 2), np)
x <- array(0, c(np, nt, ni))
for (p in 1:np) for (t in 1:nt)
  x[p, t, ] <- as.numeric(fmt(100 + pe[p] + te[p, t] + rnorm(ni, 0, 0.5)))
rows <- character(0)
for (p in 1:np) for (t in 1:nt) for (i in 1:ni)
  rows <- c(rows, sprintf("%d,%d,%d,%s", p, t, i, fmt(x[p, t, i])))
writeLines(c("process,thread,iteration,time_us", rows),
           "testdata/oracle/nested3.csv")
tm <- apply(x, c(1, 2), mean)
pm <- rowMeans(tm)
tt <- t.test(pm)
writeLines(c("column,n,mean,ci_lo,ci_hi,units",
             paste("time_us", np * nt * ni, num(mean(pm)), num(tt$conf.int[1]),
                   num(tt$conf.int[2]), np, sep = ",")),
           "tests/expected/bstat_nested3.csv")
S1 <- sum((x - as.vector(tm))^2) / (np * nt * (ni - 1))
S2 <- sum((tm - pm)^2) / (np * (nt - 1))
S3 <- var(pm)
T1 <- S1; T2 <- max(0, S2 - S1 / ni); T3 <- max(0, S3 - S2 / nt)
tot <- T1 + T2 + T3
writeLines(c("column,level,units,per_unit,s2,component,share_pct,advice",
             sprintf("time_us,process,%d,,%s,%s,%s,", np, num(S3), num(T3),
                     num(100 * T3 / tot)),
             sprintf("time_us,thread,%d,%s,%s,%s,%s,%d", np * nt, num(nt),
                     num(S2), num(T2), num(100 * T2 / tot),
                     as.integer(max(1, ceiling(sqrt(T2 / T3))))),
             sprintf("time_us,iteration,%d,%s,%s,%s,%s,%d", np * nt * ni,
                     num(ni), num(S1), num(T1), num(100 * T1 / tot),
                     as.integer(max(1, ceiling(sqrt(T1 / T2)))))),
           "tests/expected/bstat_nested3_levels.csv")
cases <- readLines("tests/expected/bstat_nested_cases.tsv")
writeLines(c(cases,
  "nested3\ttestdata/oracle/nested3.csv\t--replicate process --replicate thread\ttests/expected/bstat_nested3.csv\t1e-9",
  "nested3_levels\ttestdata/oracle/nested3.csv\t--replicate process --replicate thread --levels\ttests/expected/bstat_nested3_levels.csv\t1e-9"),
  "tests/expected/bstat_nested_cases.tsv")

# --level-cost 1000,1 (a fork costs 1000 iterations): iterations per
# fork worth their cost ceil(sqrt(c2 T1^2 / (c1 T2^2))), c2 = 1000, c1 = 1.
r1 <- ncol(b); r2 <- nrow(b)
S1 <- sum((b - rowMeans(b))^2) / (r2 * (r1 - 1))
T2 <- max(0, var(rowMeans(b)) - S1 / r1)
writeLines(c("column,level,advice", "time_us,fork,",
             sprintf("time_us,iteration,%d",
                     as.integer(max(1, ceiling(sqrt(1000 * S1 / T2)))))),
           "tests/expected/bstat_nested_levels_cost.csv")
cases <- readLines("tests/expected/bstat_nested_cases.tsv")
writeLines(c(cases,
  "nested_levels_cost\ttestdata/oracle/nested.csv\t--replicate fork --levels --level-cost 1000,1\ttests/expected/bstat_nested_levels_cost.csv\t1e-9"),
  "tests/expected/bstat_nested_cases.tsv")

# --stat p50 at the unit of replication: each side's median of its 100
# values (type 7), and the percentile bootstrap that resamples whole
# forks (5 a side, with replacement) of the difference of the medians,
# here with 20000 resamples (bcompare draws 2000 from its own generator:
# its ends agree within the Monte Carlo error, which the case allows).
set.seed(2701)
B <- 20000
d <- replicate(B, {
  ib <- sample(forks, replace = TRUE); ic <- sample(forks, replace = TRUE)
  median(as.vector(c[ic, ])) - median(as.vector(b[ib, ]))
})
ci <- quantile(d, c(0.025, 0.975), type = 7, names = FALSE)
writeLines(c("column,stat_base,stat_cand,diff,diff_ci_lo,diff_ci_hi",
             paste("time_us", num(median(b)), num(median(c)),
                   num(median(c) - median(b)), num(ci[1]), num(ci[2]),
                   sep = ",")),
           "tests/expected/bcompare_nested_p50.csv")
