/*
 * fakenvml.c — a stand-in libnvidia-ml.so.1 for gtm's end-to-end tests.
 *
 * It implements the NVML entry points gtm reads, from a machine file named
 * by $GTM_FAKE_NVML_MACHINE (format: README.md beside this file). The file
 * is re-read whenever its contents change, so a test can rewrite it while
 * gtm runs. Every other NVML entry point is a weak stub
 * (stubs generated from symbols.txt) that returns NVML_ERROR_NOT_SUPPORTED.
 *
 * Self-contained on purpose: it declares the few NVML types it needs with
 * the driver's layout instead of including nvml.h.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int nvmlReturn_t;
enum {
	SUCCESS = 0, UNINITIALIZED = 1, INVALID_ARGUMENT = 2, NOT_SUPPORTED = 3,
	NOT_FOUND = 6, INSUFFICIENT_SIZE = 7, DRIVER_NOT_LOADED = 9,
	GPU_IS_LOST = 15, ARGUMENT_VERSION_MISMATCH = 25, UNKNOWN = 999,
};

static const struct { int code; const char *name, *text; } returns[] = {
	{0, "SUCCESS", "Success"},
	{1, "UNINITIALIZED", "Uninitialized"},
	{2, "INVALID_ARGUMENT", "Invalid Argument"},
	{3, "NOT_SUPPORTED", "Not Supported"},
	{4, "NO_PERMISSION", "Insufficient Permissions"},
	{5, "ALREADY_INITIALIZED", "Already Initialized"},
	{6, "NOT_FOUND", "Not Found"},
	{7, "INSUFFICIENT_SIZE", "Insufficient Size"},
	{8, "INSUFFICIENT_POWER", "Insufficient External Power"},
	{9, "DRIVER_NOT_LOADED", "Driver Not Loaded"},
	{10, "TIMEOUT", "Timeout"},
	{11, "IRQ_ISSUE", "Interrupt request issue"},
	{12, "LIBRARY_NOT_FOUND", "NVML Shared Library Not Found"},
	{13, "FUNCTION_NOT_FOUND", "Function Not Found"},
	{14, "CORRUPTED_INFOROM", "Corrupted infoROM"},
	{15, "GPU_IS_LOST", "GPU is lost"},
	{16, "RESET_REQUIRED", "GPU requires restart"},
	{17, "OPERATING_SYSTEM", "The operating system has blocked the request."},
	{18, "LIB_RM_VERSION_MISMATCH", "RM has detected an NVML/RM version mismatch."},
	{19, "IN_USE", "In use by another client"},
	{20, "MEMORY", "Insufficient Memory"},
	{21, "NO_DATA", "No data"},
	{23, "INSUFFICIENT_RESOURCES", "Insufficient resources"},
	{25, "ARGUMENT_VERSION_MISMATCH", "Argument version mismatch"},
	{26, "DEPRECATED", "Deprecated"},
	{27, "NOT_READY", "Not ready"},
	{28, "GPU_NOT_FOUND", "GPU not found"},
	{29, "INVALID_STATE", "Invalid state"},
	{999, "UNKNOWN", "Unknown Error"},
};

/* NVML's structs, with the driver's layout (go-nvml's types_gen.go). */
typedef struct {
	char busIdLegacy[16];
	unsigned int domain, bus, device, pciDeviceId, pciSubSystemId;
	char busId[32];
} nvmlPciInfo_t;
typedef struct { unsigned long long total, free, used; } nvmlMemory_t;
typedef struct {
	unsigned int version;
	unsigned long long total, reserved, free, used;
} nvmlMemory_v2_t;
typedef struct { unsigned int gpu, memory; } nvmlUtilization_t;
typedef struct { unsigned int pid; unsigned long long usedGpuMemory; } nvmlProcessInfo_v1_t;
typedef struct {
	unsigned int pid;
	unsigned long long usedGpuMemory;
	unsigned int gpuInstanceId, computeInstanceId;
} nvmlProcessInfo_t;
typedef struct {
	unsigned int pid;
	unsigned long long timeStamp;
	unsigned int smUtil, memUtil, encUtil, decUtil;
} nvmlProcessUtilizationSample_t;

#define MAX_GPUS 16
#define MAX_PROCS 256
#define MAX_FAILS 64
#define STR 96

enum { LIST_COMPUTE = 1, LIST_GRAPHICS = 2, LIST_MPS = 4 };

struct proc {
	unsigned int pid;
	unsigned long long mem;
	int lists; /* LIST_* bits */
	int has_sample;
	unsigned int sm, memutil, enc, dec;
};

struct gpu {
	char name[STR], uuid[STR], pci[32];
	unsigned int pci_device_id, pci_subsystem_id;
	unsigned long long mem_total, mem_used, mem_free, mem_reserved;
	int has_free;
	unsigned int util_gpu, util_mem, temp, power_mw, power_limit_mw;
	unsigned int clock_sm, clock_mem, clock_video, clock_graphics, enc, dec;
	int has_clock_graphics;
	unsigned int pcie_rx_kbs, pcie_tx_kbs;
	unsigned long long energy_mj;
	int has_energy; /* no energy_mj key: the card has no counter (NOT_SUPPORTED) */
	int lost; /* latched: every call on this GPU returns GPU_IS_LOST */
	int samples_grow; /* a process starts between the count and the fetch */
	struct proc procs[MAX_PROCS];
	int nprocs;
};

struct fail {
	char fn[64];
	int gpu; /* -1: any */
	int ret;
	long after; /* calls that still succeed before it fires */
	long calls;
};

struct machine {
	char driver_version[32], nvml_version[32];
	int cuda_version;
	struct gpu gpus[MAX_GPUS];
	int ngpus;
	struct fail fails[MAX_FAILS];
	int nfails;
};

/* Handles are addresses in this array: Go refuses small integers as
 * pointers, and a real address is what the driver hands out too. */
struct nvmlDevice_st { int index; };
typedef struct nvmlDevice_st *nvmlDevice_t;
static struct nvmlDevice_st handles[MAX_GPUS];

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct machine cur;        /* the machine as last read */
static struct machine next;       /* parse target; swapped in on success */
static int initialized;           /* nvmlInit refcount */
static int bad;                   /* the machine file as last read is malformed */

static int parse_return(const char *s, int *out) {
	char *end;
	long v = strtol(s, &end, 10);
	if (*s && *end == 0) {
		*out = (int)v;
		return 0;
	}
	if (strncmp(s, "NVML_ERROR_", 11) == 0)
		s += 11;
	for (size_t i = 0; i < sizeof returns / sizeof returns[0]; i++)
		if (strcmp(returns[i].name, s) == 0) {
			*out = returns[i].code;
			return 0;
		}
	return -1;
}

static int parse_u64(const char *s, unsigned long long *out) {
	char *end;
	if (*s == '-' || *s == 0)
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return (*end || errno) ? -1 : 0;
}

static int parse_u32(const char *s, unsigned int *out) {
	unsigned long long v;
	if (parse_u64(s, &v) || v > 0xFFFFFFFFull)
		return -1;
	*out = (unsigned int)v;
	return 0;
}

static void copy_str(char *dst, size_t n, const char *src) {
	snprintf(dst, n, "%s", src);
}

static int parse_lists(const char *s) {
	int bits = 0;
	char buf[128];
	copy_str(buf, sizeof buf, s);
	for (char *save, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "compute") == 0) bits |= LIST_COMPUTE;
		else if (strcmp(tok, "graphics") == 0) bits |= LIST_GRAPHICS;
		else if (strcmp(tok, "mps") == 0) bits |= LIST_MPS;
		else return -1;
	}
	return bits;
}

enum { IN_MACHINE, IN_GPU, IN_PROC, IN_FAIL };

/* set applies one key=value line to the record being read. */
static int set(struct machine *m, int where, const char *k, const char *v) {
	if (where == IN_MACHINE) {
		if (!strcmp(k, "driver_version")) { copy_str(m->driver_version, sizeof m->driver_version, v); return 0; }
		if (!strcmp(k, "nvml_version")) { copy_str(m->nvml_version, sizeof m->nvml_version, v); return 0; }
		if (!strcmp(k, "cuda_version")) { unsigned int x; if (parse_u32(v, &x)) return -1; m->cuda_version = (int)x; return 0; }
		return -1;
	}
	if (where == IN_FAIL) {
		struct fail *f = &m->fails[m->nfails - 1];
		if (!strcmp(k, "fn")) { copy_str(f->fn, sizeof f->fn, v); return 0; }
		if (!strcmp(k, "ret")) return parse_return(v, &f->ret);
		if (!strcmp(k, "gpu")) { unsigned int x; if (parse_u32(v, &x)) return -1; f->gpu = (int)x; return 0; }
		if (!strcmp(k, "after")) { unsigned int x; if (parse_u32(v, &x)) return -1; f->after = x; return 0; }
		return -1;
	}
	struct gpu *g = &m->gpus[m->ngpus - 1];
	if (where == IN_PROC) {
		struct proc *p = &g->procs[g->nprocs - 1];
		if (!strcmp(k, "pid")) return parse_u32(v, &p->pid);
		if (!strcmp(k, "used_memory")) return parse_u64(v, &p->mem);
		if (!strcmp(k, "lists")) { p->lists = parse_lists(v); return p->lists < 0 ? -1 : 0; }
		p->has_sample |= !strcmp(k, "sm") || !strcmp(k, "mem") || !strcmp(k, "enc") || !strcmp(k, "dec");
		if (!strcmp(k, "sm")) return parse_u32(v, &p->sm);
		if (!strcmp(k, "mem")) return parse_u32(v, &p->memutil);
		if (!strcmp(k, "enc")) return parse_u32(v, &p->enc);
		if (!strcmp(k, "dec")) return parse_u32(v, &p->dec);
		return -1;
	}
	if (!strcmp(k, "name")) { copy_str(g->name, sizeof g->name, v); return 0; }
	if (!strcmp(k, "uuid")) { copy_str(g->uuid, sizeof g->uuid, v); return 0; }
	if (!strcmp(k, "pci_bus_id")) { copy_str(g->pci, sizeof g->pci, v); return 0; }
	if (!strcmp(k, "pci_device_id")) return parse_u32(v, &g->pci_device_id);
	if (!strcmp(k, "pci_subsystem_id")) return parse_u32(v, &g->pci_subsystem_id);
	if (!strcmp(k, "memory_total")) return parse_u64(v, &g->mem_total);
	if (!strcmp(k, "memory_used")) return parse_u64(v, &g->mem_used);
	if (!strcmp(k, "memory_free")) { g->has_free = 1; return parse_u64(v, &g->mem_free); }
	if (!strcmp(k, "memory_reserved")) return parse_u64(v, &g->mem_reserved);
	if (!strcmp(k, "util_gpu")) return parse_u32(v, &g->util_gpu);
	if (!strcmp(k, "util_memory")) return parse_u32(v, &g->util_mem);
	if (!strcmp(k, "temperature")) return parse_u32(v, &g->temp);
	if (!strcmp(k, "power_mw")) return parse_u32(v, &g->power_mw);
	if (!strcmp(k, "power_limit_mw")) return parse_u32(v, &g->power_limit_mw);
	if (!strcmp(k, "energy_mj")) { g->has_energy = 1; return parse_u64(v, &g->energy_mj); }
	if (!strcmp(k, "clock_graphics")) { g->has_clock_graphics = 1; return parse_u32(v, &g->clock_graphics); }
	if (!strcmp(k, "clock_sm")) return parse_u32(v, &g->clock_sm);
	if (!strcmp(k, "clock_mem")) return parse_u32(v, &g->clock_mem);
	if (!strcmp(k, "clock_video")) return parse_u32(v, &g->clock_video);
	if (!strcmp(k, "encoder")) return parse_u32(v, &g->enc);
	if (!strcmp(k, "decoder")) return parse_u32(v, &g->dec);
	if (!strcmp(k, "pcie_rx_kbs")) return parse_u32(v, &g->pcie_rx_kbs);
	if (!strcmp(k, "pcie_tx_kbs")) return parse_u32(v, &g->pcie_tx_kbs);
	if (!strcmp(k, "lost")) { unsigned int x; if (parse_u32(v, &x)) return -1; g->lost = x != 0; return 0; }
	if (!strcmp(k, "samples_grow")) { unsigned int x; if (parse_u32(v, &x)) return -1; g->samples_grow = x != 0; return 0; }
	return -1;
}

/* parse reads a machine description (the file's bytes) into m. On error it
 * says which line and why on stderr (the test's output) and returns -1. */
static int parse(const char *path, char *text, struct machine *m) {
	memset(m, 0, sizeof *m);
	copy_str(m->driver_version, sizeof m->driver_version, "999.99.99");
	copy_str(m->nvml_version, sizeof m->nvml_version, "12.999.99");
	m->cuda_version = 12090;
	int where = IN_MACHINE, n = 0;
	for (char *line = text, *nl; line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = 0;
		n++;
		size_t len = strlen(line);
		while (len && line[len - 1] == '\r')
			line[--len] = 0;
		if (len == 0 || line[0] == '#')
			continue;
		char *eq = strchr(line, '=');
		if (!eq) {
			if (!strcmp(line, "gpu") && m->ngpus < MAX_GPUS) {
				m->ngpus++;
				where = IN_GPU;
			} else if (!strcmp(line, "process") && m->ngpus > 0 && m->gpus[m->ngpus - 1].nprocs < MAX_PROCS) {
				struct gpu *g = &m->gpus[m->ngpus - 1];
				g->procs[g->nprocs++].lists = LIST_COMPUTE;
				where = IN_PROC;
			} else if (!strcmp(line, "fail") && m->nfails < MAX_FAILS) {
				m->fails[m->nfails].gpu = -1;
				m->fails[m->nfails].ret = -1;
				m->nfails++;
				where = IN_FAIL;
			} else {
				fprintf(stderr, "fakenvml: %s: line %d: unexpected \"%s\" (or too many)\n", path, n, line);
				return -1;
			}
			continue;
		}
		*eq = 0;
		if (set(m, where, line, eq + 1)) {
			fprintf(stderr, "fakenvml: %s: line %d: bad %s=%s here\n", path, n, line, eq + 1);
			return -1;
		}
	}
	for (int i = 0; i < m->nfails; i++)
		if (!m->fails[i].fn[0] || m->fails[i].ret < 0) {
			fprintf(stderr, "fakenvml: %s: a fail record needs fn= and ret=\n", path);
			return -1;
		}
	return 0;
}

#define MAX_FILE (1 << 20)
static char loaded_text[MAX_FILE + 1]; /* the bytes cur was parsed from */
static size_t loaded_len = (size_t)-1;
static char buf[MAX_FILE + 1];

/* read_file reads at most MAX_FILE bytes of path into buf. */
static long read_file(const char *path) {
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, MAX_FILE + 1, f);
	int bad = ferror(f) || n > MAX_FILE;
	fclose(f);
	if (bad)
		return -1;
	buf[n] = 0;
	return (long)n;
}

/* refresh re-reads the machine file and takes it when its bytes changed
 * (the test rewrote it), which also resets fail counters and lost GPUs.
 * Comparing bytes, not mtimes, sees two rewrites within one clock tick.
 * nvmlInit from uninitialised forces a fresh read too. While the file is
 * missing or malformed every call fails with UNKNOWN (the reason goes to
 * stderr once). Called with mu held. */
static int refresh(void) {
	const char *path = getenv("GTM_FAKE_NVML_MACHINE");
	if (!path || !*path) {
		memset(&cur, 0, sizeof cur); /* no machine: a driver with no GPUs */
		loaded_len = (size_t)-1;
		return 0;
	}
	long n = read_file(path);
	if (n < 0) {
		if (loaded_len != (size_t)-2)
			fprintf(stderr, "fakenvml: cannot read %s (missing, unreadable or over 1 MiB)\n", path);
		loaded_len = (size_t)-2;
		return -1;
	}
	if ((size_t)n == loaded_len && !memcmp(buf, loaded_text, (size_t)n))
		return bad ? -1 : 0;
	memcpy(loaded_text, buf, (size_t)n + 1);
	loaded_len = (size_t)n;
	bad = parse(path, buf, &next) != 0;
	if (!bad)
		cur = next;
	return bad ? -1 : 0;
}

/* fn_matches: a rule's fn names the symbol, its unversioned name, or "*". */
static int fn_matches(const char *rule, const char *fn) {
	if (!strcmp(rule, "*") || !strcmp(rule, fn))
		return 1;
	size_t n = strlen(rule);
	return !strncmp(rule, fn, n) && fn[n] == '_' && fn[n + 1] == 'v';
}

/* gate runs before every implemented call: it re-reads the machine and
 * applies the fail rules. gpu is -1 for calls about no device. */
static int gate(const char *fn, int gpu) {
	if (refresh() != 0)
		return UNKNOWN;
	if (gpu >= 0 && gpu < cur.ngpus && cur.gpus[gpu].lost)
		return GPU_IS_LOST;
	for (int i = 0; i < cur.nfails; i++) {
		struct fail *f = &cur.fails[i];
		if (!fn_matches(f->fn, fn) || (f->gpu >= 0 && f->gpu != gpu))
			continue;
		if (++f->calls <= f->after)
			continue;
		if (f->ret == GPU_IS_LOST && gpu >= 0 && gpu < cur.ngpus)
			cur.gpus[gpu].lost = 1; /* a lost GPU stays lost, as on a real driver */
		return f->ret;
	}
	return SUCCESS;
}

/* device_gate checks a handle and the rules; *g is the device's state. */
static int device_gate(const char *fn, nvmlDevice_t h, struct gpu **g) {
	if (!initialized)
		return UNINITIALIZED;
	if (h < handles || h >= handles + MAX_GPUS)
		return INVALID_ARGUMENT;
	int idx = (int)(h - handles);
	int r = gate(fn, idx);
	if (r != SUCCESS)
		return r;
	if (idx >= cur.ngpus)
		return GPU_IS_LOST; /* the machine file no longer has it */
	*g = &cur.gpus[idx];
	return SUCCESS;
}

#define LOCKED(expr) do { pthread_mutex_lock(&mu); int r_ = (expr); pthread_mutex_unlock(&mu); return r_; } while (0)
#define DEVICE_CALL(fn, h)                        \
	struct gpu *g = NULL;                         \
	pthread_mutex_lock(&mu);                      \
	int r = device_gate(fn, h, &g);               \
	if (r != SUCCESS) {                           \
		pthread_mutex_unlock(&mu);                \
		return r;                                 \
	}
#define DONE(ret) do { pthread_mutex_unlock(&mu); return (ret); } while (0)

/* ---- library ---- */

static int do_init(const char *fn) {
	if (!initialized)
		loaded_len = (size_t)-1; /* a fresh start re-reads the machine: counters and lost GPUs reset */
	int r = gate(fn, -1);
	if (r == SUCCESS)
		initialized++;
	return r;
}
nvmlReturn_t nvmlInit_v2(void) { LOCKED(do_init("nvmlInit_v2")); }
nvmlReturn_t nvmlInit(void) { LOCKED(do_init("nvmlInit")); }
nvmlReturn_t nvmlInitWithFlags(unsigned int flags) { (void)flags; LOCKED(do_init("nvmlInitWithFlags")); }

static int do_shutdown(void) {
	if (!initialized)
		return UNINITIALIZED;
	initialized--;
	return SUCCESS;
}
nvmlReturn_t nvmlShutdown(void) { LOCKED(do_shutdown()); }

const char *nvmlErrorString(nvmlReturn_t r) {
	for (size_t i = 0; i < sizeof returns / sizeof returns[0]; i++)
		if (returns[i].code == r)
			return returns[i].text;
	return "Unknown Error";
}

static int put_string(char *dst, unsigned int len, const char *src) {
	if (!dst)
		return INVALID_ARGUMENT;
	if (strlen(src) + 1 > len)
		return INSUFFICIENT_SIZE;
	strcpy(dst, src);
	return SUCCESS;
}

static int system_string(const char *fn, char *dst, unsigned int len, int which) {
	if (!initialized)
		return UNINITIALIZED;
	int r = gate(fn, -1);
	if (r != SUCCESS)
		return r;
	return put_string(dst, len, which ? cur.nvml_version : cur.driver_version);
}
nvmlReturn_t nvmlSystemGetDriverVersion(char *v, unsigned int len) { LOCKED(system_string("nvmlSystemGetDriverVersion", v, len, 0)); }
nvmlReturn_t nvmlSystemGetNVMLVersion(char *v, unsigned int len) { LOCKED(system_string("nvmlSystemGetNVMLVersion", v, len, 1)); }

static int cuda_version(const char *fn, int *v) {
	if (!initialized)
		return UNINITIALIZED;
	int r = gate(fn, -1);
	if (r == SUCCESS && !v)
		return INVALID_ARGUMENT;
	if (r == SUCCESS)
		*v = cur.cuda_version;
	return r;
}
nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *v) { LOCKED(cuda_version("nvmlSystemGetCudaDriverVersion", v)); }
nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *v) { LOCKED(cuda_version("nvmlSystemGetCudaDriverVersion_v2", v)); }

static int device_count(const char *fn, unsigned int *n) {
	if (!initialized)
		return UNINITIALIZED;
	int r = gate(fn, -1);
	if (r == SUCCESS && !n)
		return INVALID_ARGUMENT;
	if (r == SUCCESS)
		*n = (unsigned int)cur.ngpus;
	return r;
}
nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *n) { LOCKED(device_count("nvmlDeviceGetCount_v2", n)); }
nvmlReturn_t nvmlDeviceGetCount(unsigned int *n) { LOCKED(device_count("nvmlDeviceGetCount", n)); }

static int handle_by_index(const char *fn, unsigned int i, nvmlDevice_t *h) {
	if (!initialized)
		return UNINITIALIZED;
	int r = gate(fn, (int)i);
	if (r != SUCCESS)
		return r;
	if (!h || i >= (unsigned int)cur.ngpus)
		return INVALID_ARGUMENT;
	handles[i].index = (int)i;
	*h = &handles[i];
	return SUCCESS;
}
nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int i, nvmlDevice_t *h) { LOCKED(handle_by_index("nvmlDeviceGetHandleByIndex_v2", i, h)); }
nvmlReturn_t nvmlDeviceGetHandleByIndex(unsigned int i, nvmlDevice_t *h) { LOCKED(handle_by_index("nvmlDeviceGetHandleByIndex", i, h)); }

static int handle_by_key(const char *fn, const char *key, int uuid, nvmlDevice_t *h) {
	if (!initialized)
		return UNINITIALIZED;
	int r = gate(fn, -1);
	if (r != SUCCESS)
		return r;
	if (!key || !h)
		return INVALID_ARGUMENT;
	for (int i = 0; i < cur.ngpus; i++)
		if (!strcmp(uuid ? cur.gpus[i].uuid : cur.gpus[i].pci, key)) {
			handles[i].index = i;
			*h = &handles[i];
			return SUCCESS;
		}
	return NOT_FOUND;
}
nvmlReturn_t nvmlDeviceGetHandleByUUID(const char *u, nvmlDevice_t *h) { LOCKED(handle_by_key("nvmlDeviceGetHandleByUUID", u, 1, h)); }
nvmlReturn_t nvmlDeviceGetHandleByPciBusId_v2(const char *p, nvmlDevice_t *h) { LOCKED(handle_by_key("nvmlDeviceGetHandleByPciBusId_v2", p, 0, h)); }

/* ---- device readings ---- */

nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t h, unsigned int *i) {
	DEVICE_CALL("nvmlDeviceGetIndex", h);
	if (!i) DONE(INVALID_ARGUMENT);
	*i = (unsigned int)(h - handles);
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t h, char *name, unsigned int len) {
	DEVICE_CALL("nvmlDeviceGetName", h);
	DONE(put_string(name, len, g->name));
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t h, char *uuid, unsigned int len) {
	DEVICE_CALL("nvmlDeviceGetUUID", h);
	DONE(put_string(uuid, len, g->uuid));
}

static void fill_pci(struct gpu *g, nvmlPciInfo_t *p) {
	memset(p, 0, sizeof *p);
	copy_str(p->busId, sizeof p->busId, g->pci);
	unsigned int domain = 0, bus = 0, dev = 0;
	sscanf(g->pci, "%x:%x:%x", &domain, &bus, &dev);
	p->domain = domain;
	p->bus = bus;
	p->device = dev;
	snprintf(p->busIdLegacy, sizeof p->busIdLegacy, "%04x:%02x:%02x.0", domain & 0xffff, bus, dev);
	p->pciDeviceId = g->pci_device_id;
	p->pciSubSystemId = g->pci_subsystem_id;
}
nvmlReturn_t nvmlDeviceGetPciInfo_v3(nvmlDevice_t h, nvmlPciInfo_t *p) {
	DEVICE_CALL("nvmlDeviceGetPciInfo_v3", h);
	if (!p) DONE(INVALID_ARGUMENT);
	fill_pci(g, p);
	DONE(SUCCESS);
}
nvmlReturn_t nvmlDeviceGetPciInfo_v2(nvmlDevice_t h, nvmlPciInfo_t *p) {
	DEVICE_CALL("nvmlDeviceGetPciInfo_v2", h);
	if (!p) DONE(INVALID_ARGUMENT);
	fill_pci(g, p);
	DONE(SUCCESS);
}

static unsigned long long mem_free(struct gpu *g) {
	if (g->has_free)
		return g->mem_free;
	unsigned long long taken = g->mem_used + g->mem_reserved;
	return g->mem_total > taken ? g->mem_total - taken : 0;
}
nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t h, nvmlMemory_t *m) {
	DEVICE_CALL("nvmlDeviceGetMemoryInfo", h);
	if (!m) DONE(INVALID_ARGUMENT);
	/* v1's "used" includes the driver's reservation. */
	m->total = g->mem_total;
	m->used = g->mem_used + g->mem_reserved;
	m->free = mem_free(g);
	DONE(SUCCESS);
}
nvmlReturn_t nvmlDeviceGetMemoryInfo_v2(nvmlDevice_t h, nvmlMemory_v2_t *m) {
	DEVICE_CALL("nvmlDeviceGetMemoryInfo_v2", h);
	if (!m) DONE(INVALID_ARGUMENT);
	if (m->version != ((unsigned int)sizeof(nvmlMemory_v2_t) | (2u << 24)))
		DONE(ARGUMENT_VERSION_MISMATCH);
	m->total = g->mem_total;
	m->reserved = g->mem_reserved;
	m->used = g->mem_used;
	m->free = mem_free(g);
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t h, nvmlUtilization_t *u) {
	DEVICE_CALL("nvmlDeviceGetUtilizationRates", h);
	if (!u) DONE(INVALID_ARGUMENT);
	u->gpu = g->util_gpu;
	u->memory = g->util_mem;
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t h, int sensor, unsigned int *t) {
	DEVICE_CALL("nvmlDeviceGetTemperature", h);
	if (!t || sensor != 0) DONE(sensor != 0 ? NOT_SUPPORTED : INVALID_ARGUMENT);
	*t = g->temp;
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t h, unsigned int *mw) {
	DEVICE_CALL("nvmlDeviceGetPowerUsage", h);
	if (!mw) DONE(INVALID_ARGUMENT);
	*mw = g->power_mw;
	DONE(SUCCESS);
}
/* The driver's energy counter, mJ since it loaded; a card without one
 * (before Volta) says NOT_SUPPORTED. */
nvmlReturn_t nvmlDeviceGetTotalEnergyConsumption(nvmlDevice_t h, unsigned long long *mj) {
	DEVICE_CALL("nvmlDeviceGetTotalEnergyConsumption", h);
	if (!mj) DONE(INVALID_ARGUMENT);
	if (!g->has_energy) DONE(NOT_SUPPORTED);
	*mj = g->energy_mj;
	DONE(SUCCESS);
}
nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t h, unsigned int *mw) {
	DEVICE_CALL("nvmlDeviceGetEnforcedPowerLimit", h);
	if (!mw) DONE(INVALID_ARGUMENT);
	*mw = g->power_limit_mw;
	DONE(SUCCESS);
}
nvmlReturn_t nvmlDeviceGetPowerManagementLimit(nvmlDevice_t h, unsigned int *mw) {
	DEVICE_CALL("nvmlDeviceGetPowerManagementLimit", h);
	if (!mw) DONE(INVALID_ARGUMENT);
	*mw = g->power_limit_mw;
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t h, int type, unsigned int *mhz) {
	DEVICE_CALL("nvmlDeviceGetClockInfo", h);
	if (!mhz) DONE(INVALID_ARGUMENT);
	switch (type) {
	case 0: *mhz = g->has_clock_graphics ? g->clock_graphics : g->clock_sm; break;
	case 1: *mhz = g->clock_sm; break;
	case 2: *mhz = g->clock_mem; break;
	case 3: *mhz = g->clock_video; break;
	default: DONE(INVALID_ARGUMENT);
	}
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetEncoderUtilization(nvmlDevice_t h, unsigned int *u, unsigned int *periodUs) {
	DEVICE_CALL("nvmlDeviceGetEncoderUtilization", h);
	if (!u || !periodUs) DONE(INVALID_ARGUMENT);
	*u = g->enc;
	*periodUs = 167000;
	DONE(SUCCESS);
}
nvmlReturn_t nvmlDeviceGetDecoderUtilization(nvmlDevice_t h, unsigned int *u, unsigned int *periodUs) {
	DEVICE_CALL("nvmlDeviceGetDecoderUtilization", h);
	if (!u || !periodUs) DONE(INVALID_ARGUMENT);
	*u = g->dec;
	*periodUs = 167000;
	DONE(SUCCESS);
}

nvmlReturn_t nvmlDeviceGetPcieThroughput(nvmlDevice_t h, int counter, unsigned int *kbs) {
	DEVICE_CALL("nvmlDeviceGetPcieThroughput", h);
	if (!kbs || counter < 0 || counter > 1) DONE(INVALID_ARGUMENT);
	*kbs = counter == 0 ? g->pcie_tx_kbs : g->pcie_rx_kbs;
	DONE(SUCCESS);
}

/* ---- processes ---- */

/* list fills one of the driver's process lists the way NVML does: too
 * small a buffer gets INSUFFICIENT_SIZE and the count needed. */
static int list(struct gpu *g, int bit, unsigned int *count, void *out, int v1) {
	if (!count)
		return INVALID_ARGUMENT;
	unsigned int n = 0;
	for (int i = 0; i < g->nprocs; i++)
		n += (g->procs[i].lists & bit) != 0;
	if (*count < n) {
		*count = n;
		return INSUFFICIENT_SIZE;
	}
	if (n && !out)
		return INVALID_ARGUMENT;
	unsigned int j = 0;
	for (int i = 0; i < g->nprocs; i++) {
		struct proc *p = &g->procs[i];
		if (!(p->lists & bit))
			continue;
		if (v1) {
			nvmlProcessInfo_v1_t *o = (nvmlProcessInfo_v1_t *)out + j;
			o->pid = p->pid;
			o->usedGpuMemory = p->mem;
		} else {
			nvmlProcessInfo_t *o = (nvmlProcessInfo_t *)out + j;
			o->pid = p->pid;
			o->usedGpuMemory = p->mem;
			o->gpuInstanceId = 0xFFFFFFFF;
			o->computeInstanceId = 0xFFFFFFFF;
		}
		j++;
	}
	*count = n;
	return SUCCESS;
}

#define PROCESS_LIST(sym, bit, v1)                                            \
	nvmlReturn_t sym(nvmlDevice_t h, unsigned int *count, void *infos) { \
		DEVICE_CALL(#sym, h);                                             \
		DONE(list(g, bit, count, infos, v1));                             \
	}
PROCESS_LIST(nvmlDeviceGetComputeRunningProcesses_v3, LIST_COMPUTE, 0)
PROCESS_LIST(nvmlDeviceGetComputeRunningProcesses_v2, LIST_COMPUTE, 0)
PROCESS_LIST(nvmlDeviceGetComputeRunningProcesses, LIST_COMPUTE, 1)
PROCESS_LIST(nvmlDeviceGetGraphicsRunningProcesses_v3, LIST_GRAPHICS, 0)
PROCESS_LIST(nvmlDeviceGetGraphicsRunningProcesses_v2, LIST_GRAPHICS, 0)
PROCESS_LIST(nvmlDeviceGetGraphicsRunningProcesses, LIST_GRAPHICS, 1)
PROCESS_LIST(nvmlDeviceGetMPSComputeRunningProcesses_v3, LIST_MPS, 0)
PROCESS_LIST(nvmlDeviceGetMPSComputeRunningProcesses_v2, LIST_MPS, 0)
PROCESS_LIST(nvmlDeviceGetMPSComputeRunningProcesses, LIST_MPS, 1)

/* Each process with sample values gets one sample per call, stamped now:
 * always newer than what the caller saw last, as a busy GPU's would be. */
nvmlReturn_t nvmlDeviceGetProcessUtilization(nvmlDevice_t h, nvmlProcessUtilizationSample_t *out,
					     unsigned int *count, unsigned long long lastSeen) {
	DEVICE_CALL("nvmlDeviceGetProcessUtilization", h);
	if (!count) DONE(INVALID_ARGUMENT);
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	unsigned long long now = (unsigned long long)ts.tv_sec * 1000000ull + (unsigned long long)ts.tv_nsec / 1000;
	unsigned int n = 0;
	for (int i = 0; i < g->nprocs; i++)
		n += g->procs[i].has_sample;
	if (n == 0 || now <= lastSeen)
		DONE(NOT_FOUND);
	if (!out || *count < n || g->samples_grow) {
		/* samples_grow: the buffer sized by the first call is one short,
		 * as when a process starts using the GPU between the two calls. */
		*count = n + (out && g->samples_grow);
		DONE(INSUFFICIENT_SIZE);
	}
	unsigned int j = 0;
	for (int i = 0; i < g->nprocs; i++) {
		struct proc *p = &g->procs[i];
		if (!p->has_sample)
			continue;
		out[j].pid = p->pid;
		out[j].timeStamp = now;
		out[j].smUtil = p->sm;
		out[j].memUtil = p->memutil;
		out[j].encUtil = p->enc;
		out[j].decUtil = p->dec;
		j++;
	}
	*count = n;
	DONE(SUCCESS);
}
