// Latency statistics shared by the benchmarks.

/** Nearest-rank percentile of an unsorted list of numbers (ms). */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const round = (value, digits = 1) => Number(value.toFixed(digits));
