/* ProcessPrng for Wine 8, which lacks it in bcryptprimitives.dll: Go 1.24
 * and newer call it at start-up. It forwards to advapi32's RtlGenRandom
 * (SystemFunction036). Used only to run gtm.exe under Wine in tests; real
 * Windows 10/11 have ProcessPrng. */
#include <windows.h>

typedef BOOLEAN(WINAPI *rtl_gen_random)(PVOID, ULONG);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    static rtl_gen_random gen;
    if (!gen) {
        HMODULE advapi = LoadLibraryA("advapi32.dll");
        if (!advapi) return FALSE;
        gen = (rtl_gen_random)GetProcAddress(advapi, "SystemFunction036");
        if (!gen) return FALSE;
    }
    while (len > 0) {
        ULONG n = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!gen(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
