/* wmdelete WINDOW_ID: asks an X11 window to close the way a window
 * manager's close button does (a WM_DELETE_WINDOW client message), for the
 * tests that run gtm's window under Xvfb, where no window manager runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <X11/Xlib.h>

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: wmdelete WINDOW_ID\n");
		return 2;
	}
	Display *d = XOpenDisplay(NULL);
	if (!d) {
		fprintf(stderr, "wmdelete: cannot open the display\n");
		return 1;
	}
	Window w = (Window)strtoul(argv[1], NULL, 0);
	XEvent ev;
	memset(&ev, 0, sizeof ev);
	ev.xclient.type = ClientMessage;
	ev.xclient.window = w;
	ev.xclient.message_type = XInternAtom(d, "WM_PROTOCOLS", False);
	ev.xclient.format = 32;
	ev.xclient.data.l[0] = (long)XInternAtom(d, "WM_DELETE_WINDOW", False);
	ev.xclient.data.l[1] = CurrentTime;
	if (!XSendEvent(d, w, False, NoEventMask, &ev)) {
		fprintf(stderr, "wmdelete: XSendEvent failed\n");
		return 1;
	}
	XFlush(d);
	XCloseDisplay(d);
	return 0;
}
