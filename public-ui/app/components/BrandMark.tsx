import type { Sector } from '@rdv/sectors';

/** Logo: a calendar tick in the sector colour, followed by the product name. */
export function BrandMark({ sector }: { sector: Sector }) {
  return (
    <span className="brand">
      <svg
        className="brand__icon"
        viewBox="0 0 32 32"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <rect x="2" y="5" width="28" height="25" rx="6" fill="var(--primary)" />
        <rect x="8" y="1" width="3" height="8" rx="1.5" fill="var(--primary-dark)" />
        <rect x="21" y="1" width="3" height="8" rx="1.5" fill="var(--primary-dark)" />
        <path
          d="M10 18.5l4 4 8-8.5"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">{sector.productName}</span>
    </span>
  );
}
