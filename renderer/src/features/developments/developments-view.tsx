// Developments: notable changes to the events the analyst follows, newest first.
import { ArrivingView } from '../../ui/arriving-view';

export function DevelopmentsView() {
  return (
    <ArrivingView title="The developments list" stream="developments">
      <p>A notable development on a watched event is also raised as a notification (see Status).</p>
    </ArrivingView>
  );
}
