// The basemap names its countries (Natural Earth short names, ISO numeric ids); signals carry
// two-letter ISO codes. This joins them: the English name of each code as the platform knows
// it (Intl.DisplayNames), and Natural Earth's own abbreviations and older names below. Shared by
// the window's map (renderer/src/map/) and the reports (electron/reports/basemap.ts).
const NATURAL_EARTH: Record<string, string> = {
  Vatican: 'VA',
  'Marshall Is.': 'MH',
  'N. Mariana Is.': 'MP',
  'U.S. Virgin Is.': 'VI',
  'United States of America': 'US',
  'S. Geo. and the Is.': 'GS',
  'Br. Indian Ocean Ter.': 'IO',
  'Saint Helena': 'SH',
  'Pitcairn Is.': 'PN',
  'Falkland Is.': 'FK',
  'Cayman Is.': 'KY',
  'British Virgin Is.': 'VG',
  'Turks and Caicos Is.': 'TC',
  Turkey: 'TR',
  'Trinidad and Tobago': 'TT',
  eSwatini: 'SZ',
  'S. Sudan': 'SS',
  'Solomon Is.': 'SB',
  'São Tomé and Principe': 'ST',
  'St. Vin. and Gren.': 'VC',
  'Saint Lucia': 'LC',
  'St. Kitts and Nevis': 'KN',
  'Cook Is.': 'CK',
  'W. Sahara': 'EH',
  Macedonia: 'MK',
  Palestine: 'PS',
  'St. Pierre and Miquelon': 'PM',
  'Wallis and Futuna Is.': 'WF',
  'St-Martin': 'MF',
  'St-Barthélemy': 'BL',
  'Fr. Polynesia': 'PF',
  'Fr. S. Antarctic Lands': 'TF',
  Åland: 'AX',
  'Eq. Guinea': 'GQ',
  'Dominican Rep.': 'DO',
  'Faeroe Is.': 'FO',
  "Côte d'Ivoire": 'CI',
  'Dem. Rep. Congo': 'CD',
  Congo: 'CG',
  Macao: 'MO',
  'Hong Kong': 'HK',
  'Central African Rep.': 'CF',
  'Cabo Verde': 'CV',
  Myanmar: 'MM',
  'Bosnia and Herz.': 'BA',
  'Heard I. and McDonald Is.': 'HM',
  'Antigua and Barb.': 'AG',
};

/**
 * Withdrawn ISO 3166-1 codes the platform still names as their successors (YD "Yemen", DD
 * "Germany", VD "Vietnam"…): each would take its successor's name, being first in order.
 */
const WITHDRAWN = new Set([
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'FX',
  'HV',
  'NH',
  'RH',
  'SU',
  'TP',
  'UK',
  'VD',
  'YD',
  'YU',
  'ZR',
]);

let byName: Map<string, string> | null = null;

/** The two-letter code of a basemap country name, or null (Somaliland, N. Cyprus…). */
export function codeOfBasemapName(name: string): string | null {
  if (!byName) {
    byName = new Map(Object.entries(NATURAL_EARTH));
    const names = new Intl.DisplayNames('en', { type: 'region' });
    for (let a = 65; a < 91; a++)
      for (let b = 65; b < 91; b++) {
        const code = String.fromCharCode(a, b);
        if (WITHDRAWN.has(code)) continue;
        try {
          const n = names.of(code);
          if (n && n !== code && !byName.has(n)) byName.set(n, code);
        } catch {
          // Not a region code.
        }
      }
  }
  return byName.get(name) ?? null;
}

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** A country's English name from its two-letter code (the alternate profile gives only the code). */
export function countryName(code: string): string {
  try {
    return /^[A-Za-z]{2}$/.test(code) ? (regionNames.of(code.toUpperCase()) ?? code) : code;
  } catch {
    return code;
  }
}
