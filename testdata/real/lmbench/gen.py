#!/usr/bin/env python3
# Writes the lmbench samples of this folder: what lmbench 3's programs
# print (on standard error) for the runs named in README.md, with every
# line made by the printf format the program uses (intel/lmbench @
# 941a0dc: lib_timing.c micro(), nano(), mb(), kb(), bandwidth(),
# micromb(); bw_mem.c adjusted_bandwidth(); lat_mem_rd.c, lat_ctx.c,
# lat_fs.c, bw_tcp.c, tlb.c, par_mem.c, par_ops.c, stream.c) and the
# lines scripts/lmbench adds.  lmbench is not packaged here, so the
# numbers are drawn (seeded) around what a current x86-64 machine
# measures; nothing was run.  Run from this folder: python3 gen.py
import random

rng = random.Random(14)


def around(x, rel=0.03):
    return x * (1 + rng.gauss(0, rel))


def micro(label, us):
    return "%s: %.4f microseconds\n" % (label, us)


def nano(label, ns):
    return "%s: %.2f nanoseconds\n" % (label, ns)


def mb(rate):
    return "%.2f MB/sec\n" % rate


def bandwidth(mbytes, rate):
    # bandwidth(), and bw_mem's adjusted_bandwidth(): size in 10^6 bytes
    return ("%.6f " % mbytes if mbytes < 1 else "%.2f " % mbytes) + \
        ("%.6f\n" % rate if rate < 1 else "%.2f\n" % rate)


def micromb(mbytes, us):
    return "%.6f %.0f\n" % (mbytes, us) if us >= 10 else \
        "%.6f %.3f\n" % (mbytes, us)


def size(s):
    # lmbench's bytes(): 512, 1k, 64m
    mult = {"k": 1024, "m": 1024 * 1024}
    return int(s[:-1]) * mult[s[-1]] if s[-1] in mult else int(s)


def memrd_ranges(mbytes):
    # lat_mem_rd's step() from LOWER = 512 up to the length
    k, out = 512, []
    while k <= mbytes * 1024 * 1024:
        out.append(k)
        if k < 1024:
            k *= 2
        elif k < 4 * 1024:
            k += 1024
        else:
            s = 32 * 1024
            while s <= k:
                s *= 2
            k += s // 16
    return out


def memrd_ns(rangeb, stride, rand=False):
    # cache levels of 48K, 2M, 32M: L1 about 1.2 ns, L2 4, L3 15, DRAM 80
    if rangeb <= 48 * 1024:
        base = 1.2
    elif rangeb <= 2 * 1024 * 1024:
        base = 4.0 if stride >= 64 else 2.5
    elif rangeb <= 32 * 1024 * 1024:
        base = 15.0
    else:
        base = 80.0
    return around(base * (1.6 if rand and base > 2 else 1.0), 0.02)


def lat_mem_rd(mbytes, strides, rand=False):
    # with strides given: each series ends in a blank line
    out = ""
    for st in strides:
        out += "\"stride=%d\n" % st
        for r in memrd_ranges(mbytes):
            if r < st:
                continue
            out += "%.5f %.3f\n" % (r / (1024. * 1024.),
                                    memrd_ns(r, st, rand))
        out += "\n"
    return out


def lat_ctx(sizek, procs):
    ovr = around(0.9 + sizek * 0.02, 0.05)
    out = "\n\"size=%dk ovr=%.2f\n" % (sizek, ovr)
    for p in procs:
        out += "%d %.2f\n" % (p, around(1.6 + 0.05 * p + 0.12 * sizek, 0.05))
    return out


def write(name, text):
    with open(name, "w") as f:
        f.write(text)


# loop.txt: for i in 1 2 3 4 5; do lat_syscall null; lat_syscall read;
# lat_syscall write; lat_pipe; lat_proc fork; lat_select -n 100 file;
# lat_tcp localhost; bw_pipe; done 2>> loop.txt
out = ""
for i in range(5):
    out += micro("Simple syscall", around(0.0612, 0.02))
    out += micro("Simple read", around(0.1045, 0.02))
    out += micro("Simple write", around(0.0897, 0.02))
    out += micro("Pipe latency", around(5.31, 0.04))
    out += micro("Process fork+exit", around(98.7, 0.05))
    out += micro("Select on 100 fd's", around(1.183, 0.03))
    out += micro("TCP latency using localhost", around(14.62, 0.04))
    out += "Pipe bandwidth: " + mb(around(4712.3, 0.04))
write("loop.txt", out)

# lat_mem_rd.txt: for i in 1 2; do lat_mem_rd 1 64 128; done
write("lat_mem_rd.txt", lat_mem_rd(1, [64, 128]) + lat_mem_rd(1, [64, 128]))

# lat_ctx.txt: for s in 0 16; do for i in 1 2 3;
# do lat_ctx -s $s 2 4 8 16; done; done
out = ""
for s in (0, 16):
    for i in range(3):
        out += lat_ctx(s, (2, 4, 8, 16))
write("lat_ctx.txt", out)

# results.txt: the results file of scripts/lmbench (what it writes on
# standard error), with ALL="512 1k 4k 64k 1m", HALF="512 1k 4k 64k",
# MB=1 and FASTMEM=YES (lat_mem_rd 1 128; lat_mem_rd -t 1 16).
ALL = ["512", "1k", "4k", "64k", "1m"]
HALF = ["512", "1k", "4k", "64k"]
out = "[lmbench3.0 results for Linux bench1 6.1.0-28-amd64 #1 SMP " \
    "PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22) x86_64 GNU/Linux]\n"
out += "[LMBENCH_VER: 3.0-a9]\n[BENCHMARK_HARDWARE: YES]\n" \
    "[BENCHMARK_OS: YES]\n[ALL: %s]\n[DISKS: ]\n[DISK_DESC: ]\n" \
    "[ENOUGH: 5000]\n[FAST: ]\n[FASTMEM: YES]\n[FILE: /var/tmp/XXX]\n" \
    "[FSDIR: /var/tmp]\n[HALF: %s]\n[INFO: INFO.bench1]\n" \
    "[LINE_SIZE: 64]\n[LOOP_O: 0.00000041]\n[MB: 1]\n" \
    "[MHZ: 3400 MHz, 0.2941 nanosec clock]\n" \
    "[MOTHERBOARD: ]\n[NETWORKS: ]\n[PROCESSORS: 8]\n[REMOTE: ]\n" \
    "[SLOWFS: NO]\n[OS: x86_64-linux-gnu]\n[SYNC_MAX: 1]\n" \
    "[LMBENCH_SCHED: DEFAULT]\n[TIMING_O: 0]\n" \
    "[LMBENCH VERSION: lmbench-3alpha4]\n[USER: bench]\n" \
    "[HOSTNAME: bench1]\n[NODENAME: bench1]\n[SYSNAME: Linux]\n" \
    "[PROCESSOR: unknown]\n[MACHINE: x86_64]\n" \
    "[RELEASE: 6.1.0-28-amd64]\n" \
    "[VERSION: #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)]\n" \
    "[Sat Nov 30 14:02:11 UTC 2026]\n" \
    "[ 14:02:11 up 3 days,  2:41,  1 user,  load average: 0.08, 0.05, " \
    "0.01]\n" % (" ".join(ALL), " ".join(HALF))
out += "[net: Kernel IP routing table]\n"
out += "[mount: /dev/sda1 on / type ext4 (rw,relatime)]\n"
out += micro("Simple syscall", 0.0608)
out += micro("Simple read", 0.1039)
out += micro("Simple write", 0.0893)
out += micro("Simple stat", 0.3921)
out += micro("Simple fstat", 0.1187)
out += micro("Simple open/close", 0.8804)
for n in (10, 100, 250, 500):
    out += micro("Select on %d fd's" % n, 0.21 + 0.0097 * n)
for n in (10, 100, 250, 500):
    out += micro("Select on %d tcp fd's" % n, 0.29 + 0.0151 * n)
out += micro("Signal handler installation", 0.1102)
out += micro("Signal handler overhead", 0.7815)
out += micro("Protection fault", 0.4127)
out += micro("Pipe latency", 5.2874)
out += micro("AF_UNIX sock stream latency", 6.9183)
out += micro("Process fork+exit", 97.5513)
out += micro("Process fork+execve", 318.2240)
out += micro("Process fork+/bin/sh -c", 842.1750)
for op, ns in (("integer bit", 0.29), ("integer add", 0.15),
               ("integer mul", 0.88), ("integer div", 6.91),
               ("integer mod", 7.35), ("int64 bit", 0.29),
               ("int64 add", 0.15), ("int64 mul", 0.88),
               ("int64 div", 11.20), ("int64 mod", 11.49),
               ("float add", 1.17), ("float mul", 1.17),
               ("float div", 3.24), ("double add", 1.17),
               ("double mul", 1.17), ("double div", 3.83),
               ("float bogomflops", 1.02), ("double bogomflops", 1.29)):
    out += nano(op, ns)
for op, par in (("integer bit", 3.62), ("integer add", 3.91),
                ("integer mul", 3.98), ("integer div", 1.01),
                ("integer mod", 1.00), ("int64 bit", 3.61),
                ("int64 add", 3.92), ("int64 mul", 3.97),
                ("int64 div", 1.00), ("int64 mod", 1.00),
                ("float add", 3.99), ("float mul", 3.98),
                ("float div", 1.87), ("double add", 3.99),
                ("double mul", 3.99), ("double div", 1.94)):
    out += "%s parallelism: %.2f\n" % (op, par)
out += "File /var/tmp/XXX write bandwidth: %.0f KB/sec\n" % 1183424
out += micro("Pagefaults on /var/tmp/XXX", 0.1391)
out += "\n\"mappings\n"
for s in ALL:
    out += micromb(size(s) / 1e6, 2.1 + size(s) / 1e6 * 19)
out += "\n"
out += "\"File system latency\n"
for s, files, cr, rm in ((0, 185874, 398112, 521377),
                         (1, 141260, 301844, 432990),
                         (4, 139337, 296512, 429105),
                         (10, 88131, 157291, 301114)):
    out += "%dk\t%d\t%.0f\t%.0f\n" % (s, files, cr, rm)
out += "\n"
out += micro("UDP latency using localhost", 11.3904)
out += micro("TCP latency using localhost", 14.5531)
out += micro("RPC/udp latency using localhost", 20.1137)
out += micro("RPC/tcp latency using localhost", 24.9272)
out += micro("TCP/IP connection cost to localhost", 31.0425)
out += "\nSocket bandwidth using localhost\n"
for m in (1, 64, 128, 256, 512, 1024, 1437, 10 * 1024, 10 * 1024 * 1024):
    out += "%.6f " % (m / (1000. * 1000.)) + \
        mb(min(11800., 3.9 * m ** 0.93))
out += "\n"
out += "Avg xfer: 3.2KB, 41.8KB in 0.3125 millisecs, 133.76 MB/sec\n"
out += "AF_UNIX sock stream bandwidth: " + mb(12733.58)
out += "Pipe bandwidth: " + mb(4698.11)
out += "\n\"read bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, 6200 + 1500 * (s[-1] == "m"))
out += "\n\"read open2close bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, min(5900., 9.8 * size(s) ** 0.62))
out += "\n"
out += "\n\"Mmap read bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, 15300 + 400 * ALL.index(s))
out += "\n\"Mmap read open2close bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, min(14100., 2.1 * size(s) ** 0.71))
out += "\n"
out += "\n\"libc bcopy unaligned\n"
for s in HALF:
    out += bandwidth(size(s) / 1e6, 21800 - 900 * HALF.index(s))
out += "\n\"libc bcopy aligned\n"
for s in HALF:
    out += bandwidth(size(s) / 1e6, 22400 - 800 * HALF.index(s))
out += "\nMemory bzero bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, 41800 - 1900 * ALL.index(s))
out += "\nMemory read bandwidth\n"
for s in ALL:
    out += bandwidth(size(s) / 1e6, 18700 - 600 * ALL.index(s))
out += "\n"
for s in (0, 16):
    out += lat_ctx(s, (2, 4, 8, 16, 24, 32, 64, 96))
out += "\n"
out += "tlb: 64 pages\n\n"
out += "Memory load parallelism\n"
for s in ("0.032768", "0.065536", "0.131072", "0.262144", "0.524288"):
    out += "%s %.2f\n" % (s, around(6.5, 0.1))
out += "\n"
for what, ns, m in (("copy", 0.41, 2), ("scale", 0.42, 2),
                    ("add", 0.55, 3), ("triad", 0.56, 3)):
    out += nano("STREAM %s latency" % what, ns)
    out += "STREAM %s bandwidth: " % what + mb(8 * m / ns * 1000.)
for what, ns, m in (("fill", 0.33, 1), ("copy", 0.41, 2),
                    ("daxpy", 0.55, 3), ("sum", 0.31, 1)):
    out += nano("STREAM2 %s latency" % what, ns)
    out += "STREAM2 %s bandwidth: " % what + mb(8 * m / ns * 1000.)
out += "\nMemory load latency\n"
out += lat_mem_rd(1, [128])
out += "\nRandom load latency\n"
out += lat_mem_rd(1, [16], True)
out += "\n[Sat Nov 30 14:19:42 UTC 2026]\n"
write("results.txt", out)
