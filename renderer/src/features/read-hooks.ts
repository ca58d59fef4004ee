// The read rows the views use, from the data layer (renderer/src/data/), in one import.
export {
  useAppInfo,
  useBrief,
  useCountryCounts,
  useDevelopments,
  useEventThread,
  useExternalOpen,
  useSignal,
  useSignalPoints,
  useSignalsQuery,
} from '../data';
