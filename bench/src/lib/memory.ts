/** Resident memory of a child process from /proc (Linux): current and peak RSS, and a sampler. */
import { readFileSync, writeFileSync } from 'node:fs';

/** A field of /proc/<pid>/status in kB (VmRSS, VmHWM), or null when the process is gone. */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Resets the process's peak RSS (VmHWM) to its current RSS, so that the next reading is the peak of what follows
 * (writing 5 to /proc/<pid>/clear_refs; Linux ≥ 4.0, our own child). Answers false when the kernel refused.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssSampler {
  /** Stops sampling; the highest VmRSS seen, in kB. */
  stop(): number;
}

/** Samples VmRSS every `everyMs` (a cross-check of VmHWM / ru_maxrss, which the kernel keeps exactly). */
export function sampleRss(pid: number, everyMs = 100): RssSampler {
  let max = statusKb(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    const kb = statusKb(pid, 'VmRSS');
    if (kb !== null && kb > max) max = kb;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return max;
    },
  };
}

export function mb(kb: number): string {
  return `${Math.round(kb / 1024)} MB`;
}
