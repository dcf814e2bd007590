// Percentiles over measured durations (milliseconds).
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export interface Measured {
  p50: number;
  p95: number;
  n: number;
}

export async function measure(n: number, fn: () => Promise<unknown> | unknown): Promise<Measured> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(); // warm up caches and JIT
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n };
}

/** As measure, with `before(i)` run untimed ahead of each timed call (a write that makes the next call cold). */
export async function measureAfter(n: number, before: (i: number) => Promise<unknown>, fn: (i: number) => Promise<unknown>): Promise<Measured> {
  for (let i = 0; i < Math.min(5, n); i++) {
    await before(i);
    await fn(i);
  }
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await before(i);
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n };
}

export const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;

/** Runs `fn` once, sampling this process's RSS, and reports time and peak. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; seconds: number; peakMb: number; startMb: number }> {
  // The process's RSS as the operation starts: what it already held (the seed, earlier measurements) counts in the peak.
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const t0 = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - t0) / 1000, peakMb: Math.round(Math.max(peak, process.memoryUsage().rss) / 1024 / 1024), startMb: Math.round(start / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}
