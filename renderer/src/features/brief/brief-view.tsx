// Brief: the service's brief as of its last sync, marked CACHED with its time when offline.
import { ArrivingView } from '../../ui/arriving-view';

export function BriefView() {
  return <ArrivingView title="The brief" stream="brief" />;
}
