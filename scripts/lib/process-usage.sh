# Sourced by the bench scripts that measure a process at rest (bench-rider.sh, bench-fleet.sh).
# `cpu PID`: its CPU seconds so far (user + system, from /proc/PID/stat); `mem PID`: its resident memory now and at
# its peak (VmRSS, VmHWM).
cpu() { awk '{ print ($14 + $15) / '"$(getconf CLK_TCK)"' }' "/proc/$1/stat"; }
mem() { awk '/^(VmRSS|VmHWM):/ { printf "%s %.1f MB  ", $1, $2 / 1024 }' "/proc/$1/status"; }
