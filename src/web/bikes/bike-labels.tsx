import { useTranslation } from 'react-i18next';
import type { Bike } from '../../domain/bikes';
import './bike-labels.css';

// The bike's flags (§3: active, private, searchable, reported stolen) in words a person understands — what
// each means for them, not the flag's name ("Can be found in search", "Only you can see your details") — and
// its picture or a placeholder. Shared by my bikes, the bike page and registering; texts from bike-terms.

type Flags = Bike['flags'];

/** The status of one bike, as a list (screen readers hear "Status, list, 4 items"). */
export function BikeLabels({ flags }: { flags: Flags }) {
  const { t } = useTranslation('bike-terms');
  const labels: { key: string; tone: string; text: string }[] = [];
  if (flags.reported_stolen) labels.push({ key: 'stolen', tone: 'stolen', text: t('flag.reported_stolen') });
  labels.push(
    flags.active ? { key: 'active', tone: 'good', text: t('flag.active') } : { key: 'inactive', tone: 'warn', text: t('flag.inactive') },
  );
  labels.push(
    flags.searchable
      ? { key: 'searchable', tone: 'plain', text: t('flag.searchable') }
      : { key: 'hidden', tone: 'muted', text: t('flag.hidden') },
  );
  // A person's bike: what strangers never see. An organisation's: whose it is.
  labels.push(
    flags.private
      ? { key: 'private', tone: 'plain', text: t('flag.private') }
      : { key: 'business', tone: 'plain', text: t('flag.business') },
  );
  return (
    <ul className="bike-labels" aria-label={t('flag.labels')}>
      {labels.map((label) => (
        <li key={label.key} className={`bike-label bike-label-${label.tone}`} data-flag={label.key}>
          {label.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The bike's picture (a thumbnail URL) or a drawn placeholder. `alt` describes the picture; pass ''
 * when the bike's name is written next to it (the picture is then decoration).
 */
export function BikeThumb({ url, alt, size = 'normal' }: { url: string | null | undefined; alt: string; size?: 'normal' | 'large' }) {
  const { t } = useTranslation('bike-terms');
  const className = `bike-thumb bike-thumb-${size}`;
  if (url) return <img className={className} src={url} alt={alt} loading="lazy" decoding="async" />;
  if (alt) {
    return (
      <span className={`${className} bike-thumb-empty`} role="img" aria-label={`${alt} (${t('noPicture')})`}>
        <BikeDrawing />
      </span>
    );
  }
  return (
    <span className={`${className} bike-thumb-empty`} aria-hidden="true">
      <BikeDrawing />
    </span>
  );
}

function BikeDrawing() {
  return (
    <svg viewBox="0 0 64 40" width="60%" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="14" cy="27" r="10" />
        <circle cx="50" cy="27" r="10" />
        <path d="M14 27 L25 10 L42 10 L50 27 M25 10 L32 27 L42 10 M22 6 H29 M40 5 H46" />
      </g>
    </svg>
  );
}
