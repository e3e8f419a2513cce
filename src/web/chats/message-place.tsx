import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapLink } from './chat-format';

// Leaflet arrives only with the first unnamed place that scrolls into view.
const PlaceMap = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.PlaceMap })));

/**
 * A place sent in a conversation, never as raw coordinates: by what its sender called it (an address, "outside
 * the station") when they said, otherwise as a small map with a pin (drawn once it is scrolled into view, so a
 * long conversation does not make a map for every place at once; without tiles, offline, it still shows the
 * outline and the pin). Either way a link opens the place on a full map.
 */
export function MessagePlace({ latitude, longitude, label }: { latitude: number; longitude: number; label: string | null }) {
  const { t } = useTranslation('chats');
  return (
    <div className="msg-place">
      {label ? (
        <p className="msg-place-label">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
            />
          </svg>
          <span>{label}</span>
        </p>
      ) : (
        <PlaceThumbnail latitude={latitude} longitude={longitude} />
      )}
      <p className="msg-place-link">
        <a href={mapLink(latitude, longitude)} target="_blank" rel="noreferrer">
          {t('chat.openMap')}
        </a>
      </p>
    </div>
  );
}

function PlaceThumbnail({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('chats');
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  return (
    <div ref={box} className="msg-place-map">
      {seen && (
        <Suspense fallback={null}>
          <PlaceMap latitude={latitude} longitude={longitude} radiusMeters={0} label={t('chat.placeMap')} />
        </Suspense>
      )}
    </div>
  );
}
