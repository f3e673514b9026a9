/** The product's mark; decorative, the product name is always written next to it. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0958d9" />
      <path d="M9 23l5.5-14h3L23 23h-3.2l-1.2-3.3h-5.3L12.1 23H9zm5.2-6h3.5L16 12.2 14.2 17z" fill="#fff" />
    </svg>
  );
}
