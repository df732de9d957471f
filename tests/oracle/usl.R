# Oracle for libstat/compare/usl.c: fits the Universal Scalability Law and
# Amdahl's law with R's nls() on deterministic data sets.
#
#   Rscript tests/oracle/usl.R      (from the top of the source tree)
#
# Writes the data sets to testdata/usl/<name>.csv (threads, throughput;
# several repetitions per thread count) and the fits to
# tests/expected/usl.csv.  The data come from a fixed seed and are
# rounded to 6 significant digits, so the CSV files are the data; the
# C tests read the same files.
#
# The fits use algorithm = "port" with lower bounds 0 on alpha and
# beta, the same constrained problem bs_usl_fit() solves.  Standard
# errors are summary.nls()'s, r2 is 1 - RSS/TSS.  Where a parameter
# ends on its bound (the USL fits of the amdahl set, beta = 0, and of
# the coherency set, alpha = 0) the port algorithm still reports every
# parameter's standard error, from the full Jacobian at the solution on
# n - 3 degrees of freedom; bs_usl_fit() reports the same.

set.seed(20240611)

make <- function(name, threads, reps, lambda, alpha, beta, cv) {
	n <- rep(threads, each = reps)
	x <- lambda * n / (1 + alpha * (n - 1) + beta * n * (n - 1))
	x <- x * (1 + rnorm(length(x), 0, cv))
	d <- data.frame(threads = n, throughput = signif(x, 6))
	write.csv(d, file.path("testdata", "usl", paste0(name, ".csv")),
	    row.names = FALSE, quote = FALSE)
	d
}

sets <- list(
	peak = make("peak", c(1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64), 3,
	    1000, 0.05, 0.002, 0.02),
	linear = make("linear", c(1, 2, 4, 8, 16, 32, 48, 64), 3,
	    500, 0.005, 0.0001, 0.005),
	amdahl = make("amdahl", c(1, 2, 3, 4, 6, 8, 12, 16, 24, 32), 4,
	    200, 0.08, 0, 0.015),
	# No contention, only coherency: the noise puts the unconstrained
	# alpha below 0, so the USL fit lies on the bound alpha = 0.
	coherency = make("coherency", c(1, 2, 4, 8, 12, 16, 24, 32, 48), 3,
	    100, 0, 0.0004, 0.02)
)

# Start values from the linearised law, as the C code does.
start_values <- function(d, usebeta) {
	x1 <- mean(d$throughput[d$threads == 1])
	z <- d$threads * x1 / d$throughput - 1
	a <- d$threads - 1
	b <- d$threads * (d$threads - 1)
	if (usebeta) {
		cf <- coef(lm(z ~ 0 + a + b))
		list(lambda = x1, alpha = max(cf[[1]], 0), beta = max(cf[[2]], 0))
	} else {
		cf <- coef(lm(z ~ 0 + a))
		list(lambda = x1, alpha = max(cf[[1]], 0))
	}
}

fit <- function(name, model) {
	d <- sets[[name]]
	if (model == "usl") {
		m <- nls(throughput ~ lambda * threads /
		    (1 + alpha * (threads - 1) + beta * threads * (threads - 1)),
		    data = d, start = start_values(d, TRUE), algorithm = "port",
		    lower = c(0, 0, 0),
		    control = nls.control(maxiter = 500, tol = 1e-10))
	} else {
		m <- nls(throughput ~ lambda * threads / (1 + alpha * (threads - 1)),
		    data = d, start = start_values(d, FALSE), algorithm = "port",
		    lower = c(0, 0),
		    control = nls.control(maxiter = 500, tol = 1e-10))
	}
	s <- summary(m)$coefficients
	cf <- coef(m)
	lambda <- cf[["lambda"]]
	alpha <- cf[["alpha"]]
	beta <- if (model == "usl") cf[["beta"]] else 0
	se_beta <- if (model == "usl") s["beta", "Std. Error"] else 0
	rss <- deviance(m)
	tss <- sum((d$throughput - mean(d$throughput))^2)
	if (model == "usl" && beta > 0 && alpha < 1) {
		peak_n <- sqrt((1 - alpha) / beta)
		peak_y <- lambda * peak_n /
		    (1 + alpha * (peak_n - 1) + beta * peak_n * (peak_n - 1))
	} else {
		peak_n <- NA
		peak_y <- if (alpha > 0) lambda / alpha else NA
	}
	# Confidence band of the fitted mean at N = 10 (delta method).
	nn <- 10
	g <- c(nn / (1 + alpha * (nn - 1) + beta * nn * (nn - 1)),
	    -lambda * nn * (nn - 1) / (1 + alpha * (nn - 1) + beta * nn * (nn - 1))^2,
	    -lambda * nn^2 * (nn - 1) / (1 + alpha * (nn - 1) + beta * nn * (nn - 1))^2)
	V <- vcov(m)
	if (model != "usl")
		g <- g[1:2]
	band_half <- qt(0.975, df.residual(m)) * sqrt(drop(t(g) %*% V %*% g))
	data.frame(dataset = name, model = model,
	    lambda = lambda, alpha = alpha, beta = beta,
	    se_lambda = s["lambda", "Std. Error"],
	    se_alpha = s["alpha", "Std. Error"], se_beta = se_beta,
	    r2 = 1 - rss / tss, rss = rss, df = df.residual(m),
	    peak_n = peak_n, peak_y = peak_y,
	    fit10 = lambda * nn / (1 + alpha * (nn - 1) + beta * nn * (nn - 1)),
	    band10 = band_half)
}

out <- rbind(fit("peak", "usl"), fit("peak", "amdahl"),
	fit("linear", "usl"), fit("linear", "amdahl"),
	fit("amdahl", "amdahl"), fit("amdahl", "usl"),
	fit("coherency", "usl"))
write.csv(out, file.path("tests", "expected", "usl.csv"),
    row.names = FALSE, quote = FALSE)
print(out)
