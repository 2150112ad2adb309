/**
 * Pact's mark (the same drawing as `public/icon.svg`), inline: an `<img>` of an SVG file makes the
 * browser build a separate document for it, a cost of its own on a phone's busiest moment, the first load.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#6d28d9" />
      <path
        d="M20 46V18h14a10 10 0 0 1 0 20h-8v8z"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
