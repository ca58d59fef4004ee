// Where something happened, in words: the place and its country, the country said once when the
// place is the country (a country-level signal: "Yemen", never "Yemen, Yemen") or already names
// it ("Hodeidah, Yemen"). Shared by the window (the inspector) and the reports.

export function placeAndCountry(place: string, country: string): string {
  if (!place) return country;
  if (!country) return place;
  const p = place.toLowerCase();
  const c = country.toLowerCase();
  return p === c || p.endsWith(`, ${c}`) ? place : `${place}, ${country}`;
}
