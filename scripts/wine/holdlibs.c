/* holdlibs: loads each DLL named on its command line, then sleeps, so
 * scripts/wine-check.sh can check that gtm.exe finds runtimes in a
 * Windows process's loaded modules. Usage: holdlibs SECONDS DLL... */
#include <windows.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
	if (argc < 3) {
		fprintf(stderr, "usage: holdlibs SECONDS DLL...\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!LoadLibraryA(argv[i])) {
			fprintf(stderr, "holdlibs: cannot load %s (error %lu)\n", argv[i], GetLastError());
			return 1;
		}
	}
	Sleep((DWORD)atoi(argv[1]) * 1000);
	return 0;
}
