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
import { Group, num, rec, show, str, Unknown, words, type Rec } from '../../ui/fields';
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

function Casualties({ c }: { c: Rec | null }) {
  const count = (v: unknown) => {
    const n = num(v);
    return n === null ? <Unknown /> : <span className="num">{n}</span>;
  };
  const notCounted = Array.isArray(c?.not_counted) ? (c.not_counted as unknown[]) : [];
  return (
    <Group
      title="Casualties"
      testId="casualties"
      rows={[
        ['Killed', count(c?.killed)],
        ['Injured', count(c?.injured)],
        ['Basis', str(c?.basis) ? words(str(c?.basis)!) : <Unknown>not given</Unknown>],
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

function place(s: Rec): string {
  return [str(s.location), str(s.country) ?? str(s.country_code)].filter(Boolean).join(', ');
}

const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/**
 * Precise enough to draw as a point: the main profile's `plottable`; alternate records have
 * none, so `geo_validation.search_ready`, then `geo_verified`, stand in for it (the cache's
 * rule, electron/cache/signal-columns.ts), else having coordinates at all.
 */
function isPlottable(s: Rec): boolean {
  const rule = bool(s.plottable) ?? bool(rec(s.geo_validation)?.search_ready) ?? bool(s.geo_verified);
  return rule ?? (num(s.lat) !== null && num(s.lng) !== null);
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
  const s = result.signal as Rec;
  const reporting = rec(s.reporting);
  const collection = rec(s.collection);
  const imagery = rec(s.imagery);
  const quality = rec(s.quality);
  const markets = Array.isArray(s.market_impact) ? (s.market_impact as string[]) : [];
  const occurred = str(s.occurred_at) ?? str(s.event_date);
  const id = String(s.id);
  // Stage, band, casualties and imagery are main-profile fields: an alternate record has none
  // of them, which is not the same as the service not knowing them, so they are not shown.
  const main = result.profile === 'main';
  const intelligence = rec(s.intelligence);
  const plottable = isPlottable(s);
  return (
    <div className="signal-detail" data-testid="signal-detail">
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
        {s.measured === true ? (
          <>
            <MeasuredGlyph /> Measured · {words(str(s.measured_kind) ?? str(s.category) ?? 'reading')}
          </>
        ) : (
          words(str(s.category) ?? 'signal')
        )}
      </p>
      <h3 className="inspector-title">{str(s.title) ?? '(untitled)'}</h3>
      {str(s.summary) && <p className="summary">{str(s.summary)}</p>}
      {s.measured === true && <p className="group-note">What an instrument recorded, not a cause.</p>}
      <div className="actions">
        <button type="button" onClick={() => onThread(true)}>
          Thread
        </button>
        {plottable && num(s.lat) !== null && onShowOnMap && (
          <button type="button" onClick={onShowOnMap}>
            Show on map
          </button>
        )}
        <Slot id="signal.actions" eventId={String(s.id)} label={str(s.title) ?? label ?? null} />
      </div>
      {/* The alternate profile's refine-location (its ids are integers). */}
      <Slot id="signal.sections" signalId={String(id)} main={main} />
      <Group
        title="When and how severe"
        rows={[
          ['Occurred', occurred ? when(occurred) : <Unknown />],
          ['Precision', str(s.occurred_at_precision) ? words(str(s.occurred_at_precision)!) : undefined],
          ['Time basis', str(s.occurred_at_basis) ? words(str(s.occurred_at_basis)!) : undefined],
          ['Last reported', str(s.last_reported_at) ? formatUtc(str(s.last_reported_at)!) : undefined],
          [
            'Severity',
            <span key="sev" className="sev">
              {(main || num(s.severity_band) !== null) && (
                <>
                  <Band band={num(s.severity_band)} />{' '}
                </>
              )}
              {num(s.severity_score) ?? num(s.severity) ?? <Unknown>score unknown</Unknown>}
            </span>,
          ],
          ['Escalation', str(s.escalation_trend) ? words(str(s.escalation_trend)!) : undefined],
          [
            'Cross-border risk',
            typeof s.cross_border_risk === 'boolean' ? show(s.cross_border_risk) : undefined,
          ],
          ['Infrastructure', str(s.infrastructure_target) ?? undefined],
        ]}
      />
      {(main || str(s.stage)) && <StageLadder stage={str(s.stage)} reason={str(s.stage_reason)} />}
      <Group
        title="Place"
        rows={[
          ['Place', place(s) || <Unknown />],
          ['Level', str(s.location_level) ? words(str(s.location_level)!) : undefined],
          ['Place verified', bool(s.geo_verified) === null ? undefined : show(s.geo_verified)],
          [
            'Coordinates',
            !plottable ? (
              <Unknown>country level: not drawn as a point</Unknown>
            ) : num(s.lat) !== null && num(s.lng) !== null ? (
              <span className="num">
                {num(s.lat)!.toFixed(4)}, {num(s.lng)!.toFixed(4)}
              </span>
            ) : (
              <Unknown />
            ),
          ],
        ]}
      />
      {(main || rec(s.casualties)) && <Casualties c={rec(s.casualties)} />}
      <Group
        title="Breadth of reporting, not confirmation"
        testId="reporting"
        note="How widely this was reported. Many publishers repeating one account is not independent confirmation."
        rows={[
          ['Publishers (hosts)', show(reporting?.distinct_hosts ?? s.num_sources)],
          ['Reports', show(reporting?.member_count ?? s.num_mentions)],
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
                words(k.replace(/^rs_/, '')),
                show(v),
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
              str(intelligence.satellite_observability)
                ? words(str(intelligence.satellite_observability)!)
                : undefined,
            ],
            [
              'Open data',
              str(intelligence.open_data_sufficiency)
                ? words(str(intelligence.open_data_sufficiency)!)
                : undefined,
            ],
            [
              'Expected information gain',
              num(intelligence.expected_information_gain) === null
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
          ['Note', str(s.market_note) ?? undefined],
        ]}
      />
      <Group
        title="Quality"
        rows={[
          ['Status', show(quality?.status)],
          ['Score', quality && 'score' in quality ? show(quality.score) : undefined],
          ['Issues', quality && 'issues' in quality ? show(quality.issues) : undefined],
          ['Updated', str(s.last_updated_at) ? when(str(s.last_updated_at)!) : undefined],
          [
            'ID',
            <span key="id" className="mono">
              {id}
            </span>,
          ],
        ]}
      />
      {thread && <ThreadDialog eventId={id} title={str(s.title)} onClose={() => onThread(false)} />}
    </div>
  );
}
