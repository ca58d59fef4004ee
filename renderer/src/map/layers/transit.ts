// Transit chokepoints (transit.get): each strait or canal of the ship-transit index as a square
// labelled with its index (100 = the usual level), filled when the place is below its usual
// level. The places' anomalies are not the transit_anomaly signals, so a click selects nothing.
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import { fromLonLat } from 'ol/proj';
import type { TransitResult } from '../../../../shared/contract';
import { figure, isNum, isText, num, textFigure, timeOf, words } from './figures';
import { lonLat } from './geo';
import { MEASURED_CLASS } from './measured-common';
import { recordLayer, recordOf } from './record-layer';
import { label, marker } from './symbols';

type Place = NonNullable<TransitResult['record']>['places'][number];
/** A place with the index's own as-of, for a place whose level carries none. */
export interface TransitPlaceRecord {
  place: Place;
  listAsOf: string | null;
}
export const TRANSIT_LAYER_ID = 'transit';

/** The transit answer as this layer's records. */
export const transitRecords = (result: TransitResult | undefined): TransitPlaceRecord[] | null =>
  result?.record
    ? result.record.places.map((place) => ({
        place,
        listAsOf: isText(result.record!.meta.as_of) ? result.record!.meta.as_of : null,
      }))
    : null;

const isBelow = (p: Place) => p.anomaly?.direction === 'below' || (p.level?.status ?? p.status) === 'below';

export const transitLayer = recordLayer<TransitPlaceRecord>({
  id: TRANSIT_LAYER_ID,
  title: 'Transit chokepoints',
  section: 'Measured',
  hint: 'ship-transit index, 100 = usual; filled: below usual',
  defaultVisible: true,
  className: MEASURED_CLASS,
  declutter: true,
  key: (p) => ({ shape: 'square', colour: p.measured.transit, filled: true }),
  features({ place }) {
    const at = lonLat(place.lng, place.lat);
    return at ? [new Feature({ geometry: new Point(fromLonLat(at)) })] : [];
  },
  style(f, { palette, selected, resolution }) {
    const { place } = recordOf<TransitPlaceRecord>(f);
    const colour = palette.measured.transit;
    const below = isBelow(place);
    const symbol = marker({
      shape: 'square',
      colour,
      halo: palette.symbolHalo,
      radius: 4.5,
      fillAlpha: below ? 0.9 : 0,
      selected: selected ? palette.selection : null,
      zIndex: 2,
    });
    const index = place.level?.index;
    // The index beside the place from a regional zoom (the world view keeps only the squares).
    const zoom = Math.log2(156_543.03392 / resolution);
    if (!isNum(index) || zoom < 2) return symbol;
    return [
      ...symbol,
      label({
        text: num(index, 0),
        colour,
        halo: palette.labelHalo,
        offsetX: 9,
        bold: below,
      }),
    ];
  },
  describe({ place, listAsOf }) {
    const level = place.level;
    const a = place.anomaly;
    const notes: string[] = [];
    if (a && isText(a.direction))
      notes.push(
        `${words(a.direction).replace(/^./, (c) => c.toUpperCase())} usual${isText(a.since) ? ` since ${a.since}` : ''}${isNum(a.days) ? ` (${num(a.days, 0)} days)` : ''}`,
      );
    if (level?.revised) notes.push('Revised since first recorded.');
    if (place.detail_withheld) notes.push('The plan withholds some of this place’s detail.');
    return {
      kind: 'Transit chokepoint',
      measured: true,
      title: place.name ?? place.entity_id,
      figures: [
        ...figure('Index', level?.index, ' (100 = usual)'),
        ...figure('Change', level?.change, '', 3),
        ...figure('Tanker index', level?.tanker_index),
        ...textFigure('Status', level?.status ?? place.status),
      ],
      time: timeOf(['index as of', level?.as_of], ['index as of', listAsOf]),
      notes,
      select: null,
    };
  },
  selectionKey: () => null,
});
