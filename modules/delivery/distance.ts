export interface Location {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine). */
export function milesBetween(a: Location, b: Location): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Miles shown to customers and compared with the radius: two decimals. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 100) / 100;
}
