/* holdlibs: loads each DLL named on its command line, then sleeps, so
 * scripts/wine-check.sh can check that gtm.exe finds runtimes in a
 * Windows process's loaded modules and reads its command line.
 * Usage: holdlibs SECONDS DLL... [OTHER ARGUMENTS...]: arguments that do
 * not end in .dll are only carried on the command line. */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_dll(const char *a) {
	size_t n = strlen(a);
	return n > 4 && _stricmp(a + n - 4, ".dll") == 0;
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: holdlibs SECONDS [DLL...] [ARGUMENT...]\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!is_dll(argv[i]))
			continue;
		if (!LoadLibraryA(argv[i])) {
			fprintf(stderr, "holdlibs: cannot load %s (error %lu)\n", argv[i], GetLastError());
			return 1;
		}
	}
	Sleep((DWORD)atoi(argv[1]) * 1000);
	return 0;
}
