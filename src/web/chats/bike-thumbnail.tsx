import type { PublicBike } from '../../domain/bikes';

/** The subject bike's public picture, small; a drawn bike when it has none. Decorative: the name is beside it. */
export function BikeThumbnail({ bike, size = 'small' }: { bike: PublicBike | null; size?: 'small' | 'large' }) {
  const src = bike?.thumbnail_url ?? bike?.picture_url ?? null;
  return (
    <span className={`chat-thumb chat-thumb-${size}`} aria-hidden="true">
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" />
      ) : (
        <svg viewBox="0 0 64 40" width="44" height="28" aria-hidden="true" focusable="false">
          <circle cx="14" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
          <circle cx="50" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
          <path
            d="M14 26l10-16h14l12 16M24 10l-4-6h-5M38 10l-6 16H14"
            fill="none"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinejoin="round"
          />
        </svg>
      )}
    </span>
  );
}
