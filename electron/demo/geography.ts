// A small gazetteer for the demo world: countries with a bounding box (for
// country_level_signals, spec: main profile GET /signals rule 5) and named places.
import type { BBox } from '../../shared/bbox';

export interface Place {
  name: string;
  lat: number;
  lng: number;
  facility?: string;
}
export interface Country {
  name: string;
  code: string;
  bbox: BBox;
  places: Place[];
}

export const COUNTRIES: Country[] = [
  {
    name: 'Ukraine',
    code: 'UA',
    bbox: [22.1, 44.4, 40.2, 52.4],
    places: [
      { name: 'Kharkiv', lat: 49.99, lng: 36.23 },
      { name: 'Odesa', lat: 46.48, lng: 30.72, facility: 'Odesa port' },
      { name: 'Zaporizhzhia', lat: 47.84, lng: 35.14, facility: 'Zaporizhzhia substation' },
      { name: 'Kyiv', lat: 50.45, lng: 30.52 },
    ],
  },
  {
    name: 'Sudan',
    code: 'SD',
    bbox: [21.8, 8.7, 38.6, 22.2],
    places: [
      { name: 'Khartoum', lat: 15.5, lng: 32.56 },
      { name: 'El Fasher', lat: 13.63, lng: 25.35 },
      { name: 'Port Sudan', lat: 19.62, lng: 37.22, facility: 'Port Sudan oil terminal' },
    ],
  },
  {
    name: 'Yemen',
    code: 'YE',
    bbox: [42.5, 12.1, 54.5, 19.0],
    places: [
      { name: 'Hodeidah', lat: 14.8, lng: 42.95, facility: 'Hodeidah port' },
      { name: "Sana'a", lat: 15.37, lng: 44.19 },
    ],
  },
  {
    name: 'Myanmar',
    code: 'MM',
    bbox: [92.2, 9.8, 101.2, 28.5],
    places: [
      { name: 'Mandalay', lat: 21.97, lng: 96.08 },
      { name: 'Sittwe', lat: 20.15, lng: 92.9 },
    ],
  },
  {
    name: 'Democratic Republic of the Congo',
    code: 'CD',
    bbox: [12.2, -13.5, 31.3, 5.4],
    places: [
      { name: 'Goma', lat: -1.68, lng: 29.22 },
      { name: 'Bukavu', lat: -2.51, lng: 28.86 },
    ],
  },
  {
    name: 'Israel',
    code: 'IL',
    bbox: [34.2, 29.5, 35.9, 33.3],
    places: [{ name: 'Haifa', lat: 32.79, lng: 34.99, facility: 'Haifa refinery' }],
  },
  {
    name: 'Lebanon',
    code: 'LB',
    bbox: [35.1, 33.05, 36.6, 34.7],
    places: [{ name: 'Beirut', lat: 33.89, lng: 35.5 }],
  },
  {
    name: 'Taiwan',
    code: 'TW',
    bbox: [119.3, 21.9, 122.1, 25.4],
    places: [{ name: 'Kaohsiung', lat: 22.62, lng: 120.3, facility: 'Kaohsiung container terminal' }],
  },
  {
    name: 'Egypt',
    code: 'EG',
    bbox: [24.7, 22.0, 36.9, 31.7],
    places: [{ name: 'Suez', lat: 29.97, lng: 32.55, facility: 'Suez Canal southern entrance' }],
  },
  {
    name: 'Chile',
    code: 'CL',
    bbox: [-75.7, -55.9, -66.4, -17.5],
    places: [{ name: 'Antofagasta', lat: -23.65, lng: -70.4 }],
  },
  {
    name: 'Philippines',
    code: 'PH',
    bbox: [116.9, 4.6, 126.6, 21.1],
    places: [{ name: 'Manila', lat: 14.6, lng: 120.98 }],
  },
  {
    name: 'Haiti',
    code: 'HT',
    bbox: [-74.5, 18.0, -71.6, 20.1],
    places: [{ name: 'Port-au-Prince', lat: 18.54, lng: -72.34 }],
  },
  {
    name: 'Iceland',
    code: 'IS',
    bbox: [-24.6, 63.3, -13.5, 66.6],
    places: [{ name: 'Grindavík', lat: 63.84, lng: -22.43 }],
  },
  {
    name: 'Mexico',
    code: 'MX',
    bbox: [-118.4, 14.5, -86.7, 32.7],
    places: [{ name: 'Acapulco', lat: 16.85, lng: -99.88 }],
  },
];

export const CATEGORIES = [
  'armed_conflict',
  'airstrike',
  'infrastructure_attack',
  'civil_unrest',
  'maritime_incident',
  'natural_disaster',
  'displacement',
] as const;

export const MEASURED_CATEGORIES = {
  thermal_anomaly: 'thermal_anomaly',
  transit_anomaly: 'transit_anomaly',
  nightlight_anomaly: 'nightlight',
  so2_anomaly: 'so2',
  quake_exposure: 'quake_exposure',
  cyclone_exposure: 'cyclone_exposure',
} as const;

export { MARKETS } from '../../shared/service/values';

export const HOSTS = [
  'reuters.com',
  'apnews.com',
  'bbc.co.uk',
  'aljazeera.com',
  'kyivindependent.com',
  'sudantribune.com',
  'irrawaddy.com',
  'france24.com',
  'dw.com',
  'theguardian.com',
];

/** What happened, by category: words the `q` search finds. */
export const TITLES: Record<string, string[]> = {
  armed_conflict: ['Heavy fighting reported near', 'Artillery exchange near', 'Ground assault on'],
  airstrike: ['Drone strike hits', 'Missile strike reported on', 'Air raid on'],
  infrastructure_attack: [
    'Power substation struck in',
    'Fuel depot fire after attack in',
    'Port facility damaged in',
  ],
  civil_unrest: ['Protesters clash with police in', 'Curfew declared in', 'Mass demonstration in'],
  maritime_incident: ['Tanker attacked off', 'Cargo ship seized near', 'Vessel reports explosion off'],
  natural_disaster: ['Flooding displaces residents of', 'Landslide buries homes near', 'Earthquake felt in'],
  displacement: ['Thousands flee fighting around', 'Camp population surges near', 'Civilians evacuated from'],
};
