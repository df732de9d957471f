# Oracle for libstat/compare/compare.c: builds the test samples deterministically
# and writes them with R's results to tests/expected/compare_*.csv.
#
#	Rscript tests/oracle/compare.R	(from the repository root)
#
# Samples are stored in one cell each as semicolon-joined numbers with 17
# significant digits, so that the C tests read back the very doubles R
# used; NA is written NaN.  Every number is written with 17 digits.

options(warn = 1)
set.seed(20240917)
out <- "tests/expected"
dir.create(out, showWarnings = FALSE, recursive = TRUE)

num <- function(v) ifelse(is.na(v), "NA", sprintf("%.17g", v))
vec <- function(v) paste(ifelse(is.na(v), "NaN", sprintf("%.17g", v)),
	collapse = ";")
write_rows <- function(rows, file) {
	hdr <- names(rows[[1]])
	lines <- c(paste(hdr, collapse = ","),
		vapply(rows, function(r) paste(unlist(r[hdr]), collapse = ","),
		""))
	writeLines(lines, file.path(out, file))
}
# Data on a grid of 0.001: distinct pairwise differences are then at least
# about 0.001 apart, so the one nearest to R's uniroot() result (within its
# 1e-4 tolerance) is unambiguous.
r3 <- function(v) round(v, 3)

# ---------------------------------------------------------------------
# Welch's t test, effect sizes, Fieller

welch_cases <- list(
	list(name = "unequal", base = rnorm(12, 100, 5),
	    cand = rnorm(30, 110, 20), conf = 95),
	list(name = "tiny", base = c(1.5, 2.25), cand = c(3.1, 2.9, 4.4),
	    conf = 90),
	list(name = "timings", base = rlnorm(1000, log(1e6), 0.1),
	    cand = rlnorm(800, log(1.02e6), 0.2), conf = 99),
	list(name = "same", base = rnorm(40, 50, 3), cand = rnorm(35, 50, 3),
	    conf = 95),
	list(name = "offset", base = 1e9 + rnorm(20, 0, 10),
	    cand = 1e9 + 5 + rnorm(25, 0, 30), conf = 95),
	list(name = "faster", base = rexp(15, 1 / 30), cand = rexp(60, 1 / 20),
	    conf = 80),
	list(name = "ties", base = round(rnorm(30, 20, 2)),
	    cand = round(rnorm(25, 21, 2)), conf = 95)
)

rows <- lapply(welch_cases, function(k) {
	tt <- t.test(k$cand, k$base, conf.level = k$conf / 100)
	list(name = k$name, base = vec(k$base), cand = vec(k$cand),
	    conf = num(k$conf), t = num(tt$statistic), df = num(tt$parameter),
	    p = num(tt$p.value), diff = num(mean(k$cand) - mean(k$base)),
	    ci_lo = num(tt$conf.int[1]), ci_hi = num(tt$conf.int[2]))
})
write_rows(rows, "compare_welch.csv")

# Fieller's interval by its closed form, with the Welch-Satterthwaite df
# of mean(cand) - rho mean(base) at the estimated ratio.
fieller <- function(base, cand, conf) {
	a <- mean(cand); b <- mean(base)
	va <- var(cand) / length(cand); vb <- var(base) / length(base)
	rho <- a / b
	df <- (va + rho^2 * vb)^2 /
	    (va^2 / (length(cand) - 1) + rho^4 * vb^2 / (length(base) - 1))
	t <- qt(1 - (1 - conf / 100) / 2, df)
	if (t^2 * vb / b^2 >= 1)
		return(c(rho, NA, NA))
	q <- b^2 - t^2 * vb
	s <- t * sqrt(a^2 * vb + b^2 * va - t^2 * va * vb)
	r <- sort(c((a * b - s) / q, (a * b + s) / q))
	# The bounds are where the ratio statistic meets the t quantile.
	for (x in r)
		stopifnot(abs(abs(a - x * b) / sqrt(va + x^2 * vb) - t) < 1e-6 * t)
	c(rho, r)
}
cohen <- function(base, cand) {
	nb <- length(base); nc <- length(cand)
	sp <- sqrt(((nc - 1) * var(cand) + (nb - 1) * var(base)) /
	    (nc + nb - 2))
	(mean(cand) - mean(base)) / sp
}
hedges <- function(base, cand) {
	df <- length(base) + length(cand) - 2
	cohen(base, cand) * exp(lgamma(df / 2) - lgamma((df - 1) / 2)) /
	    sqrt(df / 2)
}
cliff <- function(base, cand) mean(sign(outer(cand, base, "-")))

effect_cases <- c(welch_cases, list(
	list(name = "unbounded", base = rnorm(5, 0.1, 2), cand = rnorm(5, 3, 1),
	    conf = 95),
	list(name = "negbase", base = rnorm(8, -10, 2), cand = rnorm(6, -12, 3),
	    conf = 90),
	list(name = "separated", base = c(1, 2, 3), cand = c(4, 5, 6, 7),
	    conf = 95)
))
rows <- lapply(effect_cases, function(k) {
	f <- fieller(k$base, k$cand, k$conf)
	list(name = k$name, base = vec(k$base), cand = vec(k$cand),
	    conf = num(k$conf), cohen_d = num(cohen(k$base, k$cand)),
	    hedges_g = num(hedges(k$base, k$cand)),
	    cliff = num(cliff(k$base, k$cand)), ratio = num(f[1]),
	    f_lo = num(f[2]), f_hi = num(f[3]))
})
write_rows(rows, "compare_effect.csv")

# ---------------------------------------------------------------------
# Rank tests

# The order statistic of sorted values s that R's uniroot() result x
# stands for: the nearest one, checked to be within R's tolerance.
nearest <- function(s, x) {
	y <- s[which.min(abs(s - x))]
	stopifnot(abs(y - x) < 2e-4)
	y
}
# How far R's uniroot() estimate may sit from the true median of s:
# W(d) = 0 holds between the central order statistics.
est_tol <- function(s) {
	n <- length(s); h <- floor(n / 2)
	s[min(n, h + 2)] - s[max(1, h - 1)] + 2e-4
}

rank_row <- function(k, wt, s) {
	exact <- grepl("exact", wt$method)
	hl <- median(s)
	if (exact) {
		lo <- wt$conf.int[1]; hi <- wt$conf.int[2]
		stopifnot(hl == wt$estimate)
	} else {
		lo <- nearest(s, wt$conf.int[1]); hi <- nearest(s, wt$conf.int[2])
	}
	tol <- est_tol(s)
	stopifnot(abs(wt$estimate - hl) <= tol)
	list(name = k$name, base = vec(k$base), cand = vec(k$cand),
	    conf = num(k$conf), w = num(wt$statistic), p = num(wt$p.value),
	    exact = as.integer(exact), hl = num(hl), hl_lo = num(lo),
	    hl_hi = num(hi), r_est = num(wt$estimate),
	    r_lo = num(wt$conf.int[1]), r_hi = num(wt$conf.int[2]),
	    r_tol = num(tol))
}

mwu_cases <- list(
	list(name = "exact_8x10", base = rnorm(10, 10, 2),
	    cand = rnorm(8, 12, 2), conf = 95),
	list(name = "exact_2x2", base = c(1.25, 3.5), cand = c(2.75, 4.5),
	    conf = 95),
	list(name = "exact_10x10", base = rnorm(10), cand = rnorm(10, 0.5),
	    conf = 90),
	list(name = "exact_3x49", base = rnorm(49), cand = rnorm(3, 1),
	    conf = 95),
	list(name = "exact_49x49", base = rnorm(49), cand = rnorm(49, 0.3),
	    conf = 95),
	list(name = "exact_separated", base = 1:6 + 0.5, cand = 11:17 + 0.25,
	    conf = 95),
	list(name = "exact_2x10", base = rnorm(10), cand = rnorm(2, 1),
	    conf = 80),
	list(name = "approx_10x50", base = r3(rnorm(10, 5)),
	    cand = r3(rnorm(50, 5.5)), conf = 95),
	list(name = "ties_10x10", base = round(rnorm(10, 20, 3)),
	    cand = round(rnorm(10, 22, 3)), conf = 95),
	list(name = "ties_2x2", base = c(1, 2), cand = c(2, 3), conf = 95),
	list(name = "ties_2x10", base = round(rnorm(10, 5, 2)), cand = c(5, 7),
	    conf = 90),
	list(name = "ties_separated", base = c(1, 1, 2, 2, 3),
	    cand = c(5, 5, 6, 7, 7), conf = 95),
	list(name = "ties_1000", base = r3(rnorm(1000, 50, 5)),
	    cand = r3(rnorm(1000, 50.3, 6)), conf = 95),
	list(name = "approx_1000x300", base = r3(rlnorm(1000, log(100), 0.1)),
	    cand = r3(rlnorm(300, log(98), 0.15)), conf = 99)
)
rows <- lapply(mwu_cases, function(k) {
	wt <- suppressWarnings(wilcox.test(k$cand, k$base, conf.int = TRUE,
	    conf.level = k$conf / 100))
	rank_row(k, wt, sort(outer(k$cand, k$base, "-")))
})
write_rows(rows, "compare_mwu.csv")

# Walsh averages of the nonzero differences, as wilcox.test uses them.
walsh <- function(d) {
	x <- d[d != 0]
	w <- outer(x, x, "+")
	sort(w[!lower.tri(w)]) / 2
}
paired_cases <- list(
	list(name = "exact_10", base = (b <- rnorm(10, 100, 5)),
	    cand = b + rnorm(10, 2, 3), conf = 95),
	list(name = "exact_2", base = c(1, 2), cand = c(1.5, 2.75), conf = 95),
	list(name = "exact_49", base = (b <- rnorm(49)),
	    cand = b + rnorm(49, 0.2), conf = 90),
	list(name = "approx_60", base = (b <- r3(rnorm(60, 10))),
	    cand = r3(b + rnorm(60, 0.1, 0.5)), conf = 95),
	list(name = "zeros_ties_12", base = (b <- round(rnorm(12, 20, 2))),
	    cand = b + c(0, 0, 1, -1, 2, 2, 3, 1, 0, 4, -2, 1), conf = 95),
	list(name = "ties_5", base = 1:5, cand = 1:5 + c(1, 1, 2, -1, 3),
	    conf = 95),
	list(name = "approx_1000", base = (b <- r3(rlnorm(1000, log(50), 0.1))),
	    cand = r3(b * rlnorm(1000, 0.01, 0.02)), conf = 99)
)
rows <- lapply(paired_cases, function(k) {
	tt <- t.test(k$cand, k$base, paired = TRUE, conf.level = k$conf / 100)
	wt <- suppressWarnings(wilcox.test(k$cand, k$base, paired = TRUE,
	    conf.int = TRUE, conf.level = k$conf / 100))
	r <- rank_row(k, wt, walsh(k$cand - k$base))
	c(r, list(t = num(tt$statistic), df = num(tt$parameter),
	    t_p = num(tt$p.value), diff = num(tt$estimate),
	    t_lo = num(tt$conf.int[1]), t_hi = num(tt$conf.int[2])))
})
write_rows(rows, "compare_paired.csv")

# ---------------------------------------------------------------------
# p.adjust

padj_cases <- list(
	list(name = "plain", p = c(0.01, 0.02, 0.03, 0.04, 0.05, 0.2, 0.5,
	    0.0001)),
	list(name = "na_ties", p = c(0.04, NA, 0.001, 0.03, NA, 0.5, 0.03, 1)),
	list(name = "random", p = replace(runif(50)^3, c(3, 17, 40), NA)),
	list(name = "single", p = 0.3),
	list(name = "one_left", p = c(NA, 0.02)),
	list(name = "all_na", p = c(NA_real_, NA_real_))
)
rows <- list()
for (k in padj_cases)
	for (m in c("holm", "BH", "none"))
		rows[[length(rows) + 1]] <- list(name = k$name, method = m,
		    p = vec(k$p), adj = vec(p.adjust(k$p, m)))
write_rows(rows, "compare_padjust.csv")

# ---------------------------------------------------------------------
# Benchmark-sized samples: integers from a formula that test_compare.c
# computes too, so the file holds only the results.  R's wilcox.test
# finds W, p and (by uniroot, which needs no pairwise differences) the
# interval; the exact Hodges-Lehmann median is found here by bisection
# on the integer value with a count of the differences below it.

big_base <- function(n) {
	i <- as.numeric(0:(n - 1))
	(i * 7919 + ((i * i) %% 10007) * 31) %% 100003 + 1000
}
big_cand <- function(n) {
	i <- as.numeric(0:(n - 1))
	(i * 104729 + ((i * i) %% 7919) * 17) %% 99991 + 1150
}
big_pair <- function(n) {
	i <- as.numeric(0:(n - 1))
	big_base(n) + (i * 131 + ((i * i) %% 97) * 7) %% 2001 - 990
}
# k-th smallest integer t of a set given by count_le(t).
kth_int <- function(count_le, k, lo, hi) {
	# count_le(lo) < k <= count_le(hi)
	while (hi - lo > 1) {
		mid <- floor((lo + hi) / 2)
		if (count_le(mid) >= k) hi <- mid else lo <- mid
	}
	hi
}

rows <- list()
n <- 200000
x <- big_cand(n); y <- sort(big_base(n))
wt <- wilcox.test(x, y, conf.int = TRUE)
# #{x_i - y_j <= t} = sum_i #{y_j >= x_i - t}
cle <- function(t) sum(n - findInterval(x - t, y, left.open = TRUE))
nm <- n * n
lo <- min(x) - max(y) - 1; hi <- max(x) - min(y)
hl <- (kth_int(cle, nm / 2, lo, hi) + kth_int(cle, nm / 2 + 1, lo, hi)) / 2
stopifnot(abs(wt$estimate - hl) < 1)
stopifnot(all(abs(wt$conf.int - round(wt$conf.int)) < 2e-4))
rows[[1]] <- list(name = "mwu_200000", n = n, w = num(wt$statistic),
    p = num(wt$p.value), hl = num(hl), hl_lo = num(round(wt$conf.int[1])),
    hl_hi = num(round(wt$conf.int[2])), r_est = num(wt$estimate),
    r_lo = num(wt$conf.int[1]), r_hi = num(wt$conf.int[2]))

b <- big_base(n); cd <- big_pair(n)
wt <- wilcox.test(cd, b, paired = TRUE, conf.int = TRUE)
d <- cd - b
xs <- sort(d[d != 0]); nx <- length(xs)
# Walsh sums x_i + x_j, i <= j, at most t: (ordered pairs + diagonal) / 2.
cle <- function(t) (sum(findInterval(t - xs, xs)) + sum(2 * xs <= t)) / 2
mm <- nx * (nx + 1) / 2
lo <- 2 * min(xs) - 1; hi <- 2 * max(xs)
if (mm %% 2 == 1) {
	hl <- kth_int(cle, (mm + 1) / 2, lo, hi) / 2
} else {
	hl <- (kth_int(cle, mm / 2, lo, hi) + kth_int(cle, mm / 2 + 1, lo, hi)) / 4
}
stopifnot(abs(wt$estimate - hl) < 1)
stopifnot(all(abs(2 * wt$conf.int - round(2 * wt$conf.int)) < 4e-4))
rows[[2]] <- list(name = "signed_200000", n = n, w = num(wt$statistic),
    p = num(wt$p.value), hl = num(hl),
    hl_lo = num(round(2 * wt$conf.int[1]) / 2),
    hl_hi = num(round(2 * wt$conf.int[2]) / 2), r_est = num(wt$estimate),
    r_lo = num(wt$conf.int[1]), r_hi = num(wt$conf.int[2]))
write_rows(rows, "compare_large.csv")
