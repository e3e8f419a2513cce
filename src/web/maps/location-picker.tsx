import type * as Leaflet from 'leaflet';
import { type JSX, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverState } from '../lib/server-state';
import { Button } from '../ui/button';
import { pinIcon } from './base-map';
import { formatPoint, type GeolocationProblem, geolocationProblem, normalisePoint } from './coordinates';
import { MapBox } from './map-box';
import { REGION_VIEWS } from './map-constants';
import { useBaseMap } from './use-base-map';
import './map-box.css';

// Choosing a place on a map (the theft report, a finder's message) and showing one read-only. The
// components render their fixed-height box at once; Leaflet arrives by dynamic import (use-base-map.ts).

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Zoom used when the map opens on an already chosen place or on the visitor's own position. */
const CLOSE_ZOOM = 15;

export function LocationPicker(props: {
  value: LatLng | null;
  onChange: (value: LatLng) => void;
  label: string;
  describedBy?: string;
  invalid?: boolean;
  initialView?: { latitude: number; longitude: number; zoom: number };
}): JSX.Element {
  const { value, label, describedBy, invalid } = props;
  const { t } = useTranslation('stolen-map');
  const box = useRef<HTMLDivElement>(null);
  // With nothing chosen yet the map opens on the visitor's own country (on a phone, both would be too small).
  const start = value ? { ...value, zoom: CLOSE_ZOOM } : (props.initialView ?? REGION_VIEWS[serverState.region]);
  const { status, mapRef, retry } = useBaseMap(box, start);
  const marker = useRef<Leaflet.Marker | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<GeolocationProblem | null>(null);
  const coordsId = useId();
  const problemId = useId();

  // A click (or tap) on the map places the pin there.
  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base) return;
    const click = (event: Leaflet.LeafletMouseEvent) => onChange.current(normalisePoint(event.latlng.lat, event.latlng.lng));
    base.map.on('click', click);
    return () => {
      base.map.off('click', click);
    };
  }, [status, mapRef]);

  // The pin follows `value`; dragging it reports the new place.
  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base) return;
    if (!value) {
      marker.current?.remove();
      marker.current = null;
      return;
    }
    // A map made again (after a failed load) has lost the old pin.
    if (marker.current && base.map.hasLayer(marker.current)) {
      marker.current.setLatLng([value.latitude, value.longitude]);
      return;
    }
    const pin = base.L.marker([value.latitude, value.longitude], {
      draggable: true,
      icon: pinIcon(base.L),
      title: t('maps.pinTitle'),
      alt: t('maps.pinTitle'),
    });
    pin.on('dragend', () => {
      const at = pin.getLatLng();
      onChange.current(normalisePoint(at.lat, at.lng));
    });
    pin.addTo(base.map);
    marker.current = pin;
  }, [status, mapRef, value, t]);

  const locateMe = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(geolocationProblem(null));
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const point = normalisePoint(position.coords.latitude, position.coords.longitude);
        onChange.current(point);
        mapRef.current?.map.setView([point.latitude, point.longitude], CLOSE_ZOOM);
      },
      (error) => {
        setLocating(false);
        setProblem(geolocationProblem(error));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  const pinAtCentre = () => {
    const centre = mapRef.current?.map.getCenter();
    if (centre) onChange.current(normalisePoint(centre.lat, centre.lng));
  };

  const letters = { north: t('maps.north'), south: t('maps.south'), east: t('maps.east'), west: t('maps.west') };
  const described = [describedBy, coordsId, problem ? problemId : ''].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`location-picker${invalid ? ' location-picker-invalid' : ''}`}
      aria-label={label}
      aria-describedby={described}
      aria-invalid={invalid || undefined}
    >
      <MapBox
        ref={box}
        status={status}
        onRetry={retry}
        className="location-picker-map"
        testId="location-picker-map"
        role="application"
        label={t('maps.pickerMap', { label })}
      />
      <p className="location-picker-coords" id={coordsId} aria-live="polite">
        {value ? t('maps.chosen', { place: formatPoint(value, letters) }) : t('maps.noneChosen')}
      </p>
      <div className="location-picker-actions">
        <Button variant="secondary" onClick={locateMe} busy={locating}>
          {t('maps.useMyLocation')}
        </Button>
        <Button variant="secondary" onClick={pinAtCentre} disabled={status !== 'ready'}>
          {t('maps.pinAtCentre')}
        </Button>
      </div>
      {problem && (
        <p className="location-picker-problem" id={problemId} role="alert">
          {t(`maps.geolocation.${problem}`)}
        </p>
      )}
    </fieldset>
  );
}

/** A read-only map of one place: a circle of `radiusMeters` (default 1 km) around it, or a pin (radius 0). */
export function PlaceMap(props: { latitude: number; longitude: number; radiusMeters?: number; label: string }): JSX.Element {
  const { latitude, longitude, label } = props;
  const radius = props.radiusMeters ?? 1000;
  const box = useRef<HTMLDivElement>(null);
  const { status, mapRef, retry } = useBaseMap(box, { latitude, longitude, zoom: 13, interactive: false, zoomButtons: true });

  useEffect(() => {
    const base = mapRef.current;
    if (status !== 'ready' || !base) return;
    const { L, map } = base;
    const shape =
      radius > 0
        ? L.circle([latitude, longitude], {
            radius,
            color: '#b3261e',
            weight: 2,
            fillOpacity: 0.15,
            interactive: false,
            className: 'place-circle',
          })
        : L.marker([latitude, longitude], { icon: pinIcon(L), interactive: false, keyboard: false });
    shape.addTo(map);
    if (shape instanceof L.Circle) map.fitBounds(shape.getBounds(), { padding: [24, 24], animate: false });
    else map.setView([latitude, longitude], CLOSE_ZOOM, { animate: false });
    return () => {
      shape.remove();
    };
  }, [status, mapRef, latitude, longitude, radius]);

  return <MapBox ref={box} status={status} onRetry={retry} className="place-map" testId="place-map" role="group" label={label} />;
}
