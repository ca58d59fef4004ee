// The read rows' answers as the views use them: the contract's own types (shared/contract.ts),
// under the names the views use, plus the point flags the map reads.
export type {
  BriefResult,
  ClampNote,
  CountryCount,
  DevelopmentRow,
  DevelopmentsListResult as DevelopmentsResult,
  EventThreadResult,
  JsonValue,
  SignalFilter,
  SignalGetResult,
  SignalPoints,
  SignalQueryInput,
  SignalRow,
  SignalsQueryResult,
  Stage,
} from '../../../shared/contract';
import { POINT_FLAGS } from '../../../shared/contract';

export const POINT_MEASURED = POINT_FLAGS.measured;
export const POINT_RETRACTED = POINT_FLAGS.retracted;
export const POINT_ESCALATING = POINT_FLAGS.escalating;
