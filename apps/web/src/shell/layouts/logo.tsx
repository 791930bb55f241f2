/** The product mark: drawn inline so the sign-in page needs no image request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id="erp-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#40a9ff" />
          <stop offset="1" stopColor="#096dd9" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="10" fill="url(#erp-logo)" />
      <path d="M14 15h20v4H19v3.5h12v4H19V29h15v4H14z" fill="#fff" />
    </svg>
  );
}
