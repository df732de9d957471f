/*
 * GLib's messages.  Pango and GLib report through g_log: warnings such
 * as "Invalid UTF-8 string passed to pango_layout_set_text()" would go
 * straight to standard error, in the middle of a tool's own messages,
 * and GLib ends the process after a fatal one (out of memory, no
 * thread).  The plots layer never prints, so its setup routes them here.
 */
#include <stdio.h>
#include <string.h>

#include "plots_extern.h"

/*
 * The caller's handler of a fatal message.  The one piece of global
 * state of the layer: GLib's writer is process-wide too.
 */
static void	(*fatal_handler)(const char *);

static GLogWriterOutput
bp_log_writer(GLogLevelFlags level, const GLogField *fields, gsize n,
    gpointer data)
{
	char msg[512];

	(void)data;
	/*
	 * Warnings of the libraries are about input the layer checks or
	 * repairs itself (bp_layout() makes text valid UTF-8): dropped.
	 */
	if (!(level & (G_LOG_FLAG_FATAL | G_LOG_LEVEL_ERROR)))
		return G_LOG_WRITER_HANDLED;
	snprintf(msg, sizeof(msg), "a library failed");
	for (gsize i = 0; i < n; i++) {
		size_t len;

		if (strcmp(fields[i].key, "MESSAGE") != 0 ||
		    fields[i].value == NULL)
			continue;
		len = fields[i].length < 0 ? strlen(fields[i].value) :
		    (size_t)fields[i].length;
		/* One line, cut at a character boundary. */
		len = strcspn(fields[i].value, "\n") < len ?
		    strcspn(fields[i].value, "\n") : len;
		if (len >= sizeof(msg))
			len = sizeof(msg) - 1;
		memcpy(msg, fields[i].value, len);
		msg[len] = '\0';
		while (len > 0 && !g_utf8_validate(msg, (gssize)len, NULL))
			msg[--len] = '\0';
		break;
	}
	/* GLib aborts after this: leave no temporary file behind. */
	bp_surface_cleanup();
	if (fatal_handler != NULL)
		fatal_handler(msg);
	return G_LOG_WRITER_HANDLED;
}

void
bp_log_init(void (*fatal)(const char *msg))
{
	fatal_handler = fatal;
	g_log_set_writer_func(bp_log_writer, NULL, NULL);
}
