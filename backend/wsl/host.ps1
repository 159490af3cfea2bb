# gtm WSL host stream: reads the Windows GPU counters through the PDH array
# API once a second and prints one JSON line per sample on stdout. Started
# by gtm inside WSL through interop (powershell.exe); it reads counters only.
$ErrorActionPreference = 'Stop'
Add-Type -Language CSharp -TypeDefinition @'
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

public static class GtmHost {
    [DllImport("pdh.dll", CharSet = CharSet.Unicode)]
    static extern uint PdhOpenQueryW(string source, IntPtr user, out IntPtr query);
    [DllImport("pdh.dll", CharSet = CharSet.Unicode)]
    static extern uint PdhAddEnglishCounterW(IntPtr query, string path, IntPtr user, out IntPtr counter);
    [DllImport("pdh.dll")]
    static extern uint PdhCollectQueryData(IntPtr query);
    [DllImport("pdh.dll", CharSet = CharSet.Unicode)]
    static extern uint PdhGetFormattedCounterArrayW(IntPtr counter, uint format, ref uint size, out uint count, IntPtr items);

    const uint FMT_DOUBLE = 0x00000200, FMT_NOCAP100 = 0x00008000, MORE_DATA = 0x800007D2;
    static readonly string[] Keys = { "local", "nonlocal", "dedicated", "shared", "committed", "engine", "adapter_dedicated", "adapter_shared" };
    static readonly string[] Paths = {
        @"\GPU Process Memory(*)\Local Usage", @"\GPU Process Memory(*)\Non Local Usage",
        @"\GPU Process Memory(*)\Dedicated Usage", @"\GPU Process Memory(*)\Shared Usage",
        @"\GPU Process Memory(*)\Total Committed", @"\GPU Engine(*)\Utilization Percentage",
        @"\GPU Adapter Memory(*)\Dedicated Usage", @"\GPU Adapter Memory(*)\Shared Usage" };
    static IntPtr query;
    static IntPtr[] counters = new IntPtr[Paths.Length];

    public static void Open() {
        if (PdhOpenQueryW(null, IntPtr.Zero, out query) != 0) throw new Exception("PdhOpenQuery failed");
        for (int i = 0; i < Paths.Length; i++) {
            if (PdhAddEnglishCounterW(query, Paths[i], IntPtr.Zero, out counters[i]) != 0) counters[i] = IntPtr.Zero;
        }
        PdhCollectQueryData(query); // rates need two collections
    }

    static void Array(StringBuilder sb, string key, IntPtr counter, HashSet<int> pids) {
        if (counter == IntPtr.Zero) { sb.Append(",\"").Append(key).Append("\":null"); return; }
        uint size = 0, count = 0;
        uint st = PdhGetFormattedCounterArrayW(counter, FMT_DOUBLE | FMT_NOCAP100, ref size, out count, IntPtr.Zero);
        if (st != MORE_DATA) { sb.Append(",\"").Append(key).Append("\":[]"); return; }
        IntPtr buf = Marshal.AllocHGlobal((int)size);
        try {
            if (PdhGetFormattedCounterArrayW(counter, FMT_DOUBLE | FMT_NOCAP100, ref size, out count, buf) != 0) {
                sb.Append(",\"").Append(key).Append("\":null"); return;
            }
            sb.Append(",\"").Append(key).Append("\":[");
            int stride = IntPtr.Size + 16; // name pointer, CStatus (+pad), double
            for (int i = 0; i < count; i++) {
                IntPtr item = IntPtr.Add(buf, i * stride);
                string name = Marshal.PtrToStringUni(Marshal.ReadIntPtr(item));
                uint cstatus = (uint)Marshal.ReadInt32(item, IntPtr.Size);
                double v = BitConverter.Int64BitsToDouble(Marshal.ReadInt64(item, IntPtr.Size + 8));
                if (cstatus > 1) continue; // PDH_CSTATUS_VALID_DATA / NEW_DATA only
                if (i > 0 && sb[sb.Length - 1] != '[') sb.Append(',');
                sb.Append("{\"n\":\"");
                foreach (char c in name) { if (c == '"' || c == '\\') sb.Append('\\'); if (c >= ' ') sb.Append(c); }
                sb.Append("\",\"v\":");
                // .NET prints NaN and Infinity bare, which is not JSON: the
                // whole line would be dropped. null says "unknown".
                if (double.IsNaN(v) || double.IsInfinity(v)) sb.Append("null");
                else sb.Append(v.ToString("R", System.Globalization.CultureInfo.InvariantCulture));
                sb.Append('}');
                if (name.StartsWith("pid_")) {
                    int end = name.IndexOf('_', 4);
                    int pid;
                    if (end > 4 && int.TryParse(name.Substring(4, end - 4), out pid)) pids.Add(pid);
                }
            }
            sb.Append(']');
        } finally { Marshal.FreeHGlobal(buf); }
    }

    public static string Sample() {
        PdhCollectQueryData(query);
        var sb = new StringBuilder();
        sb.Append("{\"t\":").Append(DateTimeOffset.UtcNow.ToUnixTimeMilliseconds());
        var pids = new HashSet<int>();
        for (int i = 0; i < Paths.Length; i++) Array(sb, Keys[i], counters[i], pids);
        sb.Append(",\"names\":{");
        bool first = true;
        foreach (int pid in pids) {
            string name = null;
            try { name = System.Diagnostics.Process.GetProcessById(pid).ProcessName + ".exe"; } catch { }
            if (name == null) continue;
            if (!first) sb.Append(',');
            first = false;
            sb.Append('"').Append(pid).Append("\":\"");
            foreach (char c in name) { if (c == '"' || c == '\\') sb.Append('\\'); if (c >= ' ') sb.Append(c); }
            sb.Append('"');
        }
        sb.Append("}}");
        return sb.ToString();
    }
}
'@
[GtmHost]::Open()
Start-Sleep -Milliseconds 1000
while ($true) {
    [Console]::Out.WriteLine([GtmHost]::Sample())
    [Console]::Out.Flush()
    Start-Sleep -Milliseconds 1000
}
