import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coordinates, mapLink } from './chat-format';

// Leaflet arrives only with the first place that scrolls into view.
const PlaceMap = lazy(() => import('../maps/location-picker').then((m) => ({ default: m.PlaceMap })));

/**
 * A place sent in a conversation: a small map with a pin (drawn once it is scrolled into view, so a long
 * conversation does not make a map for every place at once), and the coordinates as a link to open them
 * on a full map.
 */
export function MessagePlace({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { t } = useTranslation('chats');
  const box = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  const text = coordinates(latitude, longitude);

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
    <div className="msg-place">
      <div ref={box} className="msg-place-map">
        {seen && (
          <Suspense fallback={null}>
            <PlaceMap latitude={latitude} longitude={longitude} radiusMeters={0} label={t('chat.placeMap', { coordinates: text })} />
          </Suspense>
        )}
      </div>
      <p className="msg-place-link">
        <a href={mapLink(latitude, longitude)} target="_blank" rel="noreferrer">
          {t('chat.place', { coordinates: text })}
        </a>
      </p>
    </div>
  );
}
