/**
 * A stolen bike's public picture, or a drawn bike where it has none: the map's list and the front page's cards.
 * `className` names the picture's box (its size comes from the CSS); width and height are the picture's, for layout.
 */
export function StolenBikePicture({
  url,
  className,
  width,
  height,
  iconWidth,
}: {
  url: string | null;
  className: string;
  width: number;
  height: number;
  iconWidth: number;
}) {
  if (url) return <img className={className} src={url} alt="" width={width} height={height} loading="lazy" decoding="async" />;
  return (
    <span className={`${className} stolen-picture-placeholder`} aria-hidden="true">
      <svg viewBox="0 0 64 40" width={iconWidth} height={Math.round((iconWidth * 40) / 64)} aria-hidden="true" focusable="false">
        <circle cx="14" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
        <circle cx="50" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 26l10-16h14l12 16M24 10l-4-6h-5M38 10l-6 16H14" fill="none" stroke="currentColor" strokeWidth="3" />
      </svg>
    </span>
  );
}
