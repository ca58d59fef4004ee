// The join of basemap country names and two-letter codes lives in shared/ (the reports use it too).
export { codeOfBasemapName } from '../../../shared/country-codes';
