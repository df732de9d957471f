# Oracle for bplot --facet (issue 32 item 16): R's nls() USL fit of each
# panel's lines in testdata/facet/locks.csv (made by
# testdata/facet/gen.py), a fit per (impl, host), named "impl / host" as
# the fit report names a panel's series.
#
#   Rscript tests/oracle/facet.R      (from the top of the source tree)
#
# Writes tests/expected/facet_usl.csv in the columns of usl.csv that
# tests/cli/bplot_fit.awk reads; the same constrained problem as
# tests/oracle/usl.R (algorithm "port", alpha and beta >= 0).
d <- read.csv(file.path("testdata", "facet", "locks.csv"))
names(d)[4] <- "throughput"

start_values <- function(d) {
	x1 <- mean(d$throughput[d$threads == 1])
	z <- d$threads * x1 / d$throughput - 1
	a <- d$threads - 1
	b <- d$threads * (d$threads - 1)
	cf <- coef(lm(z ~ 0 + a + b))
	list(lambda = x1, alpha = max(cf[[1]], 0), beta = max(cf[[2]], 0))
}

fit <- function(impl, host) {
	s <- d[d$impl == impl & d$host == host, ]
	m <- nls(throughput ~ lambda * threads /
	    (1 + alpha * (threads - 1) + beta * threads * (threads - 1)),
	    data = s, start = start_values(s), algorithm = "port",
	    lower = c(0, 0, 0), control = nls.control(maxiter = 500,
	    tol = 1e-10))
	cf <- coef(m)
	lambda <- cf[["lambda"]]
	alpha <- cf[["alpha"]]
	beta <- cf[["beta"]]
	if (beta > 0 && alpha < 1) {
		peak_n <- sqrt((1 - alpha) / beta)
		peak_y <- lambda * peak_n /
		    (1 + alpha * (peak_n - 1) + beta * peak_n * (peak_n - 1))
	} else {
		peak_n <- NA
		peak_y <- if (alpha > 0) lambda / alpha else NA
	}
	data.frame(dataset = paste(impl, "/", host), model = "usl",
	    lambda = lambda, alpha = alpha, beta = beta, peak_n = peak_n,
	    peak_y = peak_y)
}

out <- NULL
for (i in unique(d$impl))
	for (h in unique(d$host))
		out <- rbind(out, fit(i, h))
write.csv(out, file.path("tests", "expected", "facet_usl.csv"),
    row.names = FALSE, quote = FALSE)
print(out)
