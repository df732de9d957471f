# A/A and power pairs for bcompare --gate: how often does the gate fire
# when nothing changed, and how often when the candidate is 5% slower?
#
#   Rscript tests/oracle/aa.R DIR [PAIRS]     (PAIRS per scenario and kind,
#                                             default 1000)
#   sh tests/oracle/aa.sh DIR [ARGS...]       (runs bcompare on them)
#
# Writes under DIR (nothing in the repository; DIR is created, and files
# of an earlier run are overwritten):
#   DIR/manifest.tsv    scenario, kind (aa | power), pairs, ext, note
#   DIR/<scenario>/<kind>/NNNN_base.<ext>, NNNN_cand.<ext>
# Every value is a time (lower is better); power pairs multiply the
# candidate's whole distribution by 1.05 (its mean, median, every
# quantile 5% higher).  A/A pairs draw both sides from one distribution.
#
# Scenarios (mu = 100, times in us):
#   nested_jmh   a JMH run, `-rf json` shape (mode avgt, us/op): 5 forks x
#                20 iterations per side; fork means N(mu, 0.05 mu), each
#                iteration N(its fork's mean, 0.005 x that mean).  Our JMH
#                reader reads primaryMetric.rawData, one array per fork.
#   nested_csv   the same draws (same pairs, byte-identical values) as CSV:
#                fork,iteration,time_us (for `--replicate fork`).
#   ar1_0.3      AR(1) runs, n = 30 per side, phi = 0.3: x_t = mu + e_t,
#   ar1_0.6      e_t = phi e_{t-1} + u_t, stationary start, marginal sd
#                0.05 mu (u_t sd 0.05 mu sqrt(1 - phi^2)); sides independent.
#   drift        n = 30 per side, blocked: the 30 baseline runs, then the 30
#                candidate runs, on one machine whose times rise linearly by
#                5% of mu over the 60 runs (run k of 1..60 adds
#                0.05 mu (k - 1)/59), plus independent N(0, 0.05 mu) noise.
#                The A/A truth: no code change; the drift is the machine's.
#                Both sides carry a `timestamp` column (epoch seconds, one
#                run every 10 s, the baseline's 30 then the candidate's on
#                one clock), so bcompare sees the blocked design.
#   normal       independent N(mu, 0.05 mu), n = 30 (the control).
#   lognormal    independent, n = 30, a floor with a right tail:
#                mu (0.95 + 0.05 L / E[L]), L ~ lognormal(0, 1): mean mu,
#                sd 0.066 mu, skewness 6.2 (the control for skew).
#
# Deterministic: set.seed once, scenarios drawn in this fixed order, so a
# rerun with the same R version and PAIRS writes the same bytes.  Base R
# only.  Numbers written with %.15g.
args <- commandArgs(trailingOnly = TRUE)
if (length(args) < 1)
  stop("usage: Rscript tests/oracle/aa.R DIR [PAIRS]")
dir <- args[1]
pairs <- if (length(args) >= 2) as.integer(args[2]) else 1000L
stopifnot(pairs >= 1)
set.seed(20261201)
mu <- 100
change <- 1.05
forks <- 5L
iters <- 20L
n <- 30L
kinds <- c("aa", "power")
fmt <- function(x) sprintf("%.15g", x)

dir.create(dir, showWarnings = FALSE, recursive = TRUE)
pathof <- function(scen, kind, i, side, ext)
  file.path(dir, scen, kind, sprintf("%04d_%s.%s", i, side, ext))
mkdirs <- function(scen)
  for (k in kinds) dir.create(file.path(dir, scen, k), showWarnings = FALSE,
                              recursive = TRUE)

# --- nested: a forks x iters matrix (row = fork) ---------------------------
rnested <- function(m) {
  fm <- rnorm(forks, m, 0.05 * m)
  t(vapply(fm, function(f) rnorm(iters, f, 0.005 * f), numeric(iters)))
}
jmhjson <- function(x) {
  v <- as.vector(t(x))
  N <- length(v)
  err <- qt(0.9995, N - 1) * sd(v) / sqrt(N)      # JMH's 99.9% half width
  ps <- c(0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100)
  pq <- quantile(v, ps / 100, type = 7, names = FALSE)
  raw <- paste0("                [\n",
                apply(x, 1, function(r)
                  paste0("                    ", fmt(r), collapse = ",\n")),
                "\n                ]", collapse = ",\n")
  c("[",
    "    {",
    "        \"jmhVersion\" : \"1.37\",",
    "        \"benchmark\" : \"org.example.aa.Bench.work\",",
    "        \"mode\" : \"avgt\",",
    "        \"threads\" : 1,",
    sprintf("        \"forks\" : %d,", forks),
    "        \"jvm\" : \"/usr/lib/jvm/java-17/bin/java\",",
    "        \"jvmArgs\" : [",
    "        ],",
    "        \"jdkVersion\" : \"17.0.9\",",
    "        \"vmName\" : \"OpenJDK 64-Bit Server VM\",",
    "        \"vmVersion\" : \"17.0.9+9\",",
    "        \"warmupIterations\" : 5,",
    "        \"warmupTime\" : \"10 s\",",
    "        \"warmupBatchSize\" : 1,",
    sprintf("        \"measurementIterations\" : %d,", iters),
    "        \"measurementTime\" : \"10 s\",",
    "        \"measurementBatchSize\" : 1,",
    "        \"primaryMetric\" : {",
    sprintf("            \"score\" : %s,", fmt(mean(v))),
    sprintf("            \"scoreError\" : %s,", fmt(err)),
    "            \"scoreConfidence\" : [",
    sprintf("                %s,", fmt(mean(v) - err)),
    sprintf("                %s", fmt(mean(v) + err)),
    "            ],",
    "            \"scorePercentiles\" : {",
    paste0("                \"", sprintf("%.1f", ps), "\" : ", fmt(pq),
           c(rep(",", length(ps) - 1), "")),
    "            },",
    "            \"scoreUnit\" : \"us/op\",",
    "            \"rawData\" : [",
    raw,
    "            ]",
    "        },",
    "        \"secondaryMetrics\" : {",
    "        }",
    "    }",
    "]")
}
nestedcsv <- function(x)
  c("fork,iteration,time_us",
    sprintf("%d,%d,%s", rep(seq_len(forks), each = iters),
            rep(seq_len(iters), forks), fmt(as.vector(t(x)))))
# Both written from the same doubles with %.15g: the same numbers as text.
mkdirs("nested_jmh")
mkdirs("nested_csv")
for (k in kinds) for (i in seq_len(pairs)) {
  b <- rnested(mu)
  c <- rnested(if (k == "power") change * mu else mu)
  for (s in c("base", "cand")) {
    x <- if (s == "base") b else c
    writeLines(jmhjson(x), pathof("nested_jmh", k, i, s, "json"))
    writeLines(nestedcsv(x), pathof("nested_csv", k, i, s, "csv"))
  }
}

# --- runs: one value per run ----------------------------------------------
runcsv <- function(x, ts = NULL)
  if (is.null(ts)) c("run,time_us", sprintf("%d,%s", seq_along(x), fmt(x))) else
    c("run,timestamp,time_us", sprintf("%d,%.0f,%s", seq_along(x), ts, fmt(x)))
# drift's clock: one run every 10 s from 2025-12-01 00:00 UTC, the 30
# baseline runs then the 30 candidate runs (no random number drawn).
clock <- 1764547200 + 10 * (seq_len(2 * n) - 1)
ar1 <- function(phi) function(m) {
  s <- 0.05 * m
  e <- numeric(n)
  e[1] <- rnorm(1, 0, s)
  u <- rnorm(n - 1, 0, s * sqrt(1 - phi^2))
  for (t in 2:n) e[t] <- phi * e[t - 1] + u[t - 1]
  m + e
}
rnormal <- function(m) rnorm(n, m, 0.05 * m)
rlnormal <- function(m) m * (0.95 + 0.05 * rlnorm(n) / exp(0.5))
runs <- list("ar1_0.3" = ar1(0.3), "ar1_0.6" = ar1(0.6),
             normal = rnormal, lognormal = rlnormal)
for (sc in c("ar1_0.3", "ar1_0.6", "drift", "normal", "lognormal")) {
  mkdirs(sc)
  for (k in kinds) for (i in seq_len(pairs)) {
    cm <- if (k == "power") change * mu else mu
    if (sc == "drift") {
      d <- 0.05 * mu * (seq_len(2 * n) - 1) / (2 * n - 1)
      b <- mu + d[1:n] + rnorm(n, 0, 0.05 * mu)
      c <- cm + d[n + 1:n] + rnorm(n, 0, 0.05 * cm)
    } else {
      b <- runs[[sc]](mu)
      c <- runs[[sc]](cm)
    }
    tb <- if (sc == "drift") clock[1:n] else NULL
    tc <- if (sc == "drift") clock[n + 1:n] else NULL
    writeLines(runcsv(b, tb), pathof(sc, k, i, "base", "csv"))
    writeLines(runcsv(c, tc), pathof(sc, k, i, "cand", "csv"))
  }
}

notes <- c(nested_jmh = "5 forks x 20 iterations, JMH JSON (avgt, us/op)",
           nested_csv = "the same draws as CSV fork,iteration,time_us",
           "ar1_0.3" = "AR(1) phi 0.3, n 30, marginal cv 5%",
           "ar1_0.6" = "AR(1) phi 0.6, n 30, marginal cv 5%",
           drift = "blocked, +5% linear over 60 runs, n 30, cv 5%, timestamps",
           normal = "independent normal, n 30, cv 5%",
           lognormal = "independent floor + lognormal tail, n 30, cv 6.6%")
m <- expand.grid(kind = kinds, scenario = names(notes),
                 stringsAsFactors = FALSE)[, c("scenario", "kind")]
m$pairs <- pairs
m$ext <- ifelse(m$scenario == "nested_jmh", "json", "csv")
m$note <- notes[m$scenario]
write.table(m, file.path(dir, "manifest.tsv"), sep = "\t", quote = FALSE,
            row.names = FALSE)
cat(sprintf("aa.R: %d pairs x %d kinds x %d scenarios under %s\n", pairs,
            length(kinds), length(notes), dir))
