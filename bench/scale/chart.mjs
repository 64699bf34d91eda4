// The scale report's picture, drawn by hand as SVG: latency (p95, ms, logarithmic) against the number of
// professionals (logarithmic), one line per scenario, the legend on the right.
const W = 980;
const H = 620;
const PLOT = { left: 70, top: 40, right: 600, bottom: 560 };
const COLOURS = [
  '#1b5e20',
  '#0d47a1',
  '#b71c1c',
  '#e65100',
  '#4a148c',
  '#006064',
  '#827717',
  '#3e2723',
  '#880e4f',
  '#263238',
];
const DASHES = ['', '6 3', '2 3'];
const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `sizes`: the x values; `series`: [{ name, points: [ms per size, undefined when not measured] }]. */
export function scaleSvg({ sizes, series }) {
  const values = series.flatMap((s) => s.points).filter((v) => Number.isFinite(v) && v > 0);
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values, 1)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...values, 10)));
  const xMin = Math.log10(Math.min(...sizes));
  const xMax = Math.log10(Math.max(...sizes));
  const x = (size) =>
    xMax === xMin
      ? (PLOT.left + PLOT.right) / 2
      : PLOT.left + ((Math.log10(size) - xMin) / (xMax - xMin)) * (PLOT.right - PLOT.left);
  const y = (ms) =>
    PLOT.bottom -
    ((Math.log10(ms) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * (PLOT.bottom - PLOT.top);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PLOT.left}" y="22" font-size="14" font-weight="bold">p95 latency at 8 connections (ms, log) against professionals (log)</text>`,
  ];
  for (let v = lo; v <= hi; v *= 10) {
    parts.push(`<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    parts.push(`<text x="${PLOT.left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`);
  }
  for (const size of sizes) {
    parts.push(`<line x1="${x(size)}" x2="${x(size)}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="#eee"/>`);
    parts.push(
      `<text x="${x(size)}" y="${PLOT.bottom + 16}" text-anchor="middle">${size.toLocaleString('en')}</text>`,
    );
  }
  parts.push(
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#999"/>`,
  );
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const dash = DASHES[Math.floor(i / COLOURS.length) % DASHES.length];
    const points = sizes.map((size, k) => [size, s.points[k]]).filter(([, v]) => Number.isFinite(v) && v > 0);
    if (points.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="1.6" ${dash ? `stroke-dasharray="${dash}"` : ''} points="${points.map(([size, v]) => `${x(size).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}"/>`,
      );
    for (const [size, v] of points)
      parts.push(`<circle cx="${x(size).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${colour}"/>`);
    const ly = PLOT.top + 6 + i * 17;
    parts.push(
      `<line x1="${PLOT.right + 20}" x2="${PLOT.right + 44}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ''}/>`,
    );
    parts.push(`<text x="${PLOT.right + 50}" y="${ly + 4}">${escape(s.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
