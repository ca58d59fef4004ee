// A selected signal, every field in its group: where (the stage ladder), when, severity,
// casualties, breadth of reporting, collection, imagery, markets, quality. Read from the
// cache ('signals.get'); a retracted or merged signal says so first.
import { useState, type ReactNode } from 'react';
import { STAGES } from '../../../../shared/service/values';
import { useViewState } from '../../state/view-state';
import { AnswerMarks } from '../../ui/answer-marks';
import { Band, MeasuredGlyph } from '../../ui/band';
import { EmptyState } from '../../ui/empty-state';
import { formatUtc } from '../../ui/time';
import { useAppInfo, useSignal } from '../../data';
import type { SignalGetResult } from '../../../../shared/contract';
import { Slot } from '../../ui/slots';
import { fieldLabel, Group, RawRecord, show, Unknown, words } from '../../ui/fields';
import { finite, flag, isPlottable, signalOf, signalPlace, text } from '../../data/records';
import type * as M from '../../../../shared/service/main';
import { ThreadDialog } from './thread-dialog';

function StageLadder({ stage, reason }: { stage: string | null; reason: string | null }) {
  const at = stage ? STAGES.indexOf(stage as (typeof STAGES)[number]) : -1;
  return (
    <Group
      title="Where: the stage ladder"
      testId="stage-ladder"
      note="How precisely the place is known, not how sure the event is."
    >
      <ol className="ladder" aria-label="Stage">
        {STAGES.map((s, i) => (
          <li
            key={s}
            className={i === at ? 'current' : i < at ? 'passed' : undefined}
            aria-current={i === at ? 'step' : undefined}
          >
            {s}
          </li>
        ))}
      </ol>
      <dl className="facts">
        <div className="fact">
          <dt>Stage</dt>
          <dd>{stage ?? <Unknown />}</dd>
        </div>
        <div className="fact">
          <dt>Why this stage</dt>
          <dd>{reason ? words(reason) : <Unknown>not given</Unknown>}</dd>
        </div>
      </dl>
    </Group>
  );
}

function Casualties({ c }: { c: M.Signal['casualties'] }) {
  const count = (v: number | null | undefined) => {
    const n = finite(v);
    return n === null ? <Unknown /> : <span className="num">{n}</span>;
  };
  const notCounted = c?.not_counted ?? [];
  return (
    <Group
      title="Casualties"
      testId="casualties"
      rows={[
        ['Killed', count(c?.killed)],
        ['Injured', count(c?.injured)],
        ['Basis', text(c?.basis) ? words(text(c?.basis)!) : <Unknown>not given</Unknown>],
        [
          'Disputed',
          c?.disputed === true ? (
            <strong className="warn">disputed</strong>
          ) : c?.disputed === false ? (
            'no'
          ) : (
            <Unknown />
          ),
        ],
        ['Not counted', notCounted.length ? show(notCounted) : undefined],
      ]}
    />
  );
}

/** An instant in UTC; a date alone (the alternate profile's event_date) stays a date, no invented hour. */
const when = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : formatUtc(v));

export function SignalInspector({ id, label }: { id: string; label?: string }) {
  const answer = useSignal(id);
  const info = useAppInfo().data;
  const [thread, setThread] = useState(false);
  const view = useViewState((st) => st.view);
  const setView = useViewState((st) => st.setView);
  if (answer.error)
    return (
      <EmptyState tone="error" title="This signal is not in the cache">
        <p>{answer.error.message}</p>
        <p>A sync may bring it (see Status), or it left the service's window.</p>
      </EmptyState>
    );
  if (!answer.data) return <EmptyState tone="loading" title={`Reading ${label ?? 'the signal'}…`} />;
  return (
    <SignalDetail
      result={answer.data}
      demo={info?.mode === 'demo'}
      thread={thread}
      onThread={setThread}
      onShowOnMap={view === 'map' ? undefined : () => setView('map')}
      label={label}
    />
  );
}

export function SignalDetail({
  result,
  demo,
  thread,
  onThread,
  onShowOnMap,
  label,
}: {
  result: SignalGetResult;
  demo: boolean;
  thread: boolean;
  onThread: (open: boolean) => void;
  /** Switches to the Map, which centres on the selected signal. */
  onShowOnMap?: () => void;
  /** What the analyst saw it as (the selection's label), when the signal has no title. */
  label?: string;
}) {
  // Stage, band, casualties and imagery are main-profile fields: an alternate record has none
  // of them, which is not the same as the service not knowing them, so they are not shown.
  const { record: s, main: m, alternate: alt } = signalOf(result);
  const main = m !== null;
  const reporting = m?.reporting ?? null;
  const collection = s.collection ?? null;
  const imagery = m?.imagery ?? null;
  const quality = s.quality ?? null;
  const markets = s.market_impact ?? [];
  const occurred = text(m?.occurred_at) ?? text(alt?.event_date);
  const id = String(s.id);
  const intelligence = alt?.intelligence ?? null;
  const plottable = isPlottable(s, m, alt);
  const title = text(s.title);
  return (
    <div className="signal-detail" data-testid="signal-detail" data-signal-id={id}>
      <AnswerMarks demo={demo} asOf={result.asOf} />
      {result.retracted && (
        <p className="banner banner-danger" role="alert">
          <strong>RETRACTED</strong> — the service withdrew this signal. It is kept here as it was last seen.
        </p>
      )}
      {result.resolvedFrom && result.resolvedFrom !== id && (
        <p className="banner" role="status">
          <strong>MERGED</strong> — <span className="mono">{result.resolvedFrom}</span> was folded into this
          event.
        </p>
      )}
      {result.mergedIds.length > 0 && (
        <p className="banner" role="status">
          Also folded into it: <span className="mono">{result.mergedIds.join(', ')}</span>
        </p>
      )}
      <p className="eyebrow">
        {m?.measured === true ? (
          <>
            <MeasuredGlyph /> Measured · {words(text(m?.measured_kind) ?? text(s.category) ?? 'reading')}
          </>
        ) : (
          words(text(s.category) ?? 'signal')
        )}
      </p>
      <h3 className="inspector-title">{title ?? '(untitled)'}</h3>
      {text(s.summary) && <p className="summary">{text(s.summary)}</p>}
      {m?.measured === true && <p className="group-note">What an instrument recorded, not a cause.</p>}
      <div className="actions">
        <button type="button" onClick={() => onThread(true)}>
          Thread
        </button>
        {plottable && finite(s.lat) !== null && onShowOnMap && (
          <button type="button" onClick={onShowOnMap}>
            Show on map
          </button>
        )}
        <Slot id="signal.actions" eventId={String(s.id)} label={title ?? label ?? null} />
      </div>
      {/* The alternate profile's refine-location (its ids are integers). */}
      <Slot id="signal.sections" signalId={String(id)} main={main} />
      <Group
        title="When and how severe"
        rows={[
          ['Occurred', occurred ? when(occurred) : <Unknown />],
          ['Precision', text(m?.occurred_at_precision) ? words(text(m?.occurred_at_precision)!) : undefined],
          ['Time basis', text(m?.occurred_at_basis) ? words(text(m?.occurred_at_basis)!) : undefined],
          ['Last reported', text(m?.last_reported_at) ? formatUtc(text(m?.last_reported_at)!) : undefined],
          [
            'Severity',
            <span key="sev" className="sev">
              {main && (
                <>
                  <Band band={finite(m?.severity_band)} />{' '}
                </>
              )}
              {finite(s.severity_score) ?? <Unknown>score unknown</Unknown>}
            </span>,
          ],
          ['Escalation', text(s.escalation_trend) ? words(text(s.escalation_trend)!) : undefined],
          ['Cross-border risk', flag(s.cross_border_risk) === null ? undefined : show(s.cross_border_risk)],
          ['Infrastructure', text(s.infrastructure_target) ?? undefined],
        ]}
      />
      {main && <StageLadder stage={text(m.stage)} reason={text(m.stage_reason)} />}
      <Group
        title="Place"
        rows={[
          ['Place', signalPlace(s, m) || <Unknown />],
          ['Level', text(m?.location_level) ? words(text(m?.location_level)!) : undefined],
          ['Place verified', flag(alt?.geo_verified) === null ? undefined : show(alt?.geo_verified)],
          [
            'Coordinates',
            !plottable ? (
              <Unknown>country level: not drawn as a point</Unknown>
            ) : finite(s.lat) !== null && finite(s.lng) !== null ? (
              <span className="num">
                {finite(s.lat)!.toFixed(4)}, {finite(s.lng)!.toFixed(4)}
              </span>
            ) : (
              <Unknown />
            ),
          ],
        ]}
      />
      {main && <Casualties c={m.casualties} />}
      <Group
        title="Breadth of reporting, not confirmation"
        testId="reporting"
        note="How widely this was reported. Many publishers repeating one account is not independent confirmation."
        rows={[
          ['Publishers (hosts)', show(reporting?.distinct_hosts ?? alt?.num_sources)],
          ['Reports', show(reporting?.member_count ?? alt?.num_mentions)],
          [
            'Distinct texts',
            reporting && 'distinct_texts' in reporting ? show(reporting.distinct_texts) : undefined,
          ],
          ['Best source reliability', reporting ? show(reporting.source_reliability_best) : undefined],
          ['Best credibility', reporting ? show(reporting.credibility_best) : undefined],
          ['Graded reports', reporting ? show(reporting.graded_members) : undefined],
        ]}
      />
      <Group
        title="Collection"
        rows={
          collection
            ? Object.entries(collection).map(([k, v]): [string, ReactNode] => [
                fieldLabel(k),
                typeof v === 'string' ? words(v) : show(v),
              ])
            : [['Collection', <Unknown key="c">none given</Unknown>]]
        }
      />
      {(main || imagery) && (
        <Group
          title="Imagery"
          rows={
            imagery
              ? [
                  ['After-event imagery', show(imagery.post_status && words(String(imagery.post_status)))],
                  ['Radar pair', show(imagery.sar_pair_status && words(String(imagery.sar_pair_status)))],
                  ['Latest scene', show(imagery.latest_scene_date)],
                ]
              : [['Imagery', <Unknown key="i">none given</Unknown>]]
          }
        />
      )}
      {intelligence && (
        <Group
          title="Observability"
          rows={[
            [
              'From orbit',
              text(intelligence.satellite_observability)
                ? words(text(intelligence.satellite_observability)!)
                : undefined,
            ],
            [
              'Open data',
              text(intelligence.open_data_sufficiency)
                ? words(text(intelligence.open_data_sufficiency)!)
                : undefined,
            ],
            [
              'Expected information gain',
              finite(intelligence.expected_information_gain) === null
                ? undefined
                : show(intelligence.expected_information_gain),
            ],
          ]}
        />
      )}
      <Group
        title="Markets"
        rows={[
          [
            'Market impact',
            markets.length ? markets.map(words).join(', ') : <Unknown key="m">none named</Unknown>,
          ],
          ['Note', text(alt?.market_note) ?? undefined],
        ]}
      />
      <Group
        title="Quality"
        rows={[
          ['Status', show(quality?.status)],
          ['Score', quality && 'score' in quality ? show(quality.score) : undefined],
          ['Issues', quality && 'issues' in quality ? show(quality.issues) : undefined],
          ['Updated', text(s.last_updated_at) ? when(text(s.last_updated_at)!) : undefined],
          [
            'ID',
            <span key="id" className="mono">
              {id}
            </span>,
          ],
        ]}
      />
      <RawRecord record={s} />
      {thread && <ThreadDialog eventId={id} title={title} onClose={() => onThread(false)} />}
    </div>
  );
}
