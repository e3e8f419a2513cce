import type { LatLng } from './location-picker';

// Pure helpers for places chosen on a map (tested beside).

/** Six decimals (~0.1 m) are more than any map click means; longitude wrapped into -180..180. */
export function normalisePoint(latitude: number, longitude: number): LatLng {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return { latitude: round(Math.max(-90, Math.min(90, latitude))), longitude: round(wrapped === -180 && longitude > 0 ? 180 : wrapped) };
}

/** "55.67612° N, 12.56834° E": five decimals (~1 m), the hemisphere letters of the language. */
export function formatPoint(point: LatLng, letters: { north: string; south: string; east: string; west: string }): string {
  const lat = `${Math.abs(point.latitude).toFixed(5)}° ${point.latitude < 0 ? letters.south : letters.north}`;
  const lng = `${Math.abs(point.longitude).toFixed(5)}° ${point.longitude < 0 ? letters.west : letters.east}`;
  return `${lat}, ${lng}`;
}

export type GeolocationProblem = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

/** The reason a GeolocationPositionError gives, as a key of the texts. */
export function geolocationProblem(error: { code: number } | null): GeolocationProblem {
  if (!error) return 'unsupported';
  if (error.code === 1) return 'denied';
  if (error.code === 3) return 'timeout';
  return 'unavailable';
}
