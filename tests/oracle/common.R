# Helpers shared by the oracle scripts (sourced; run from the repository root).

MISSING <- c("", "NA", "NaN", "null")

fmt15 <- function(v) sprintf("%.15g", v)
fmt17 <- function(v) ifelse(is.na(v), "", sprintf("%.17g", v))

write_lines <- function(lines, path) {
  con <- file(path, open = "wb")          # LF line ends on every platform
  writeLines(lines, con, sep = "\n")
  close(con)
}

# Read a CSV entirely as text (no type guessing), so group values keep their
# exact input text and we decide ourselves what is missing.
read_text_csv <- function(path) {
  read.csv(path, colClasses = "character", na.strings = character(0),
           check.names = FALSE, stringsAsFactors = FALSE)
}

# Correctly rounded decimal -> double, as C's strtod does it.  R's own
# as.numeric()/read.csv() are NOT always correctly rounded: R_strtod scales in
# long double and then rounds again to double, and it got one of the 15-digit
# values of latency.csv wrong by 1 ulp ("86784.6389777933").  With at most 15
# significant digits the integer mantissa M is exact in a double (M < 2^53), and
# so is 10^k for k <= 22, so one IEEE multiplication or division gives the
# correctly rounded result (Clinger's fast path).
parse_num <- function(s) {
  re <- "^([+-]?)([0-9]*)(\\.([0-9]*))?([eE]([+-]?[0-9]+))?$"
  stopifnot(grepl(re, s))
  sign <- ifelse(sub(re, "\\1", s) == "-", -1, 1)
  ip <- sub(re, "\\2", s); fp <- sub(re, "\\4", s)
  ex <- sub(re, "\\6", s); ex <- ifelse(ex == "", 0, as.integer(ex))
  digits <- sub("^0+", "", paste0(ip, fp))
  e <- ex - nchar(fp)
  stopifnot(nchar(digits) <= 15, abs(e) <= 22)
  m <- ifelse(digits == "", 0, as.numeric(digits))   # exact: < 1e15 < 2^53
  p10 <- c(1, cumprod(rep(10, 22)))[abs(e) + 1]      # 10^0..10^22, all exact
  sign * ifelse(e >= 0, m * p10, m / p10)
}

as_value <- function(s) {
  v <- rep(NA_real_, length(s))
  ok <- !(s %in% MISSING)
  v[ok] <- parse_num(s[ok])              # any other text would be an error
  stopifnot(all(is.finite(v[ok])))
  v
}

# The statistics of one bstat output row (summary.R, lmbench.R): v_all holds
# the values of a group and column, NA where missing.
qnames <- function(pcts) paste0("p", pcts)

stats_of <- function(v_all, conf, type, pcts) {
  missing <- sum(is.na(v_all))
  x <- v_all[!is.na(v_all)]
  n <- length(x)
  # The decimal's own probability: "99.9e-2" is the double nearest 0.999,
  # which 99.9 / 100 is not (issue 31).
  probs <- as.numeric(paste0(pcts, "e-2"))
  out <- list(n = n, missing = missing)
  na <- NA_real_
  if (n == 0) {
    s <- c(mean = na, sd = na, se = na, ci_lo = na, ci_hi = na, min = na,
           q1 = na, median = na, q3 = na, max = na, iqr = na, cv = na)
    p <- rep(na, length(probs))
  } else {
    m <- mean(x)
    q <- unname(quantile(x, c(0.25, 0.5, 0.75), type = type))
    p <- unname(quantile(x, probs, type = type))
    if (n >= 2) {
      sdv <- sd(x)
      se <- sdv / sqrt(n)
      t <- qt((1 + conf / 100) / 2, df = n - 1)
      lo <- m - t * se
      hi <- m + t * se
      cv <- sdv / m
    } else {
      sdv <- se <- lo <- hi <- cv <- na
    }
    s <- c(mean = m, sd = sdv, se = se, ci_lo = lo, ci_hi = hi, min = min(x),
           q1 = q[1], median = q[2], q3 = q[3], max = max(x), iqr = q[3] - q[1],
           cv = cv)
  }
  names(p) <- qnames(pcts)
  c(list(n = n, missing = missing), as.list(s), as.list(p))
}
