// The Collection forms → the endpoints' parameters, checked before anything is sent: an event
// and an analysis goal for the plan (GET /collection/plan); for the surveys (GET
// /collection/priority, /collection/observability) a box in order, a window of at most 30 days
// (the service refuses more; it may still narrow a window the plan does not reach, and that
// clamp is shown with the answer). And back: a stored request → the form ("Run again").
import { BBoxError, parseBBox } from '../../../../shared/bbox';
import type { Profile, ToolParams } from '../../../../shared/contract';
import type { Built } from '../../tools-common/define-tool';
import type { AnalysisGoal, PlanForm, SurveyForm } from './collection-state';
import { isCalendarDate } from '../../../../shared/dates';

export type { AnalysisGoal };

export const GOAL_LABELS: Record<AnalysisGoal, string> = {
  damage_assessment: 'Damage assessment',
  flood_mapping: 'Flood mapping',
  wildfire_assessment: 'Wildfire assessment',
};
/** The surveys' window is at most 30 days (the service's cap). */
export const SURVEY_MAX_DAYS = 30;

export type SurveyTool = 'collection.priority' | 'collection.observability';
const fail = (problem: string): Built => ({ input: null, problem });
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

export function buildPlan(form: PlanForm, profile: Profile): Built {
  const id = form.eventId.trim();
  if (!id) return fail('Select a signal (on the map or in Signals), or type its event id.');
  let eventId: string | number = id;
  if (profile === 'alternate') {
    // The alternate profile names events by integer ids.
    if (!/^\d+$/.test(id)) return fail('On this service an event id is a whole number.');
    eventId = Number(id);
  }
  const params: ToolParams<'collection.plan'> = { event_id: eventId, analysis_goal: form.goal };
  if (form.eventDate.trim()) {
    if (!isCalendarDate(form.eventDate.trim()))
      return fail('The event date is yyyy-mm-dd (a day that exists).');
    params.event_date = form.eventDate.trim();
  }
  return { input: { tool: 'collection.plan', params }, problem: null };
}

export function buildSurvey(form: SurveyForm, tool: SurveyTool): Built {
  const params: ToolParams<'collection.priority'> = {};
  if (form.bbox.trim()) {
    try {
      const b = parseBBox(form.bbox, 'the box');
      params.bbox = [b[0], b[1], b[2], b[3]];
    } catch (e) {
      if (e instanceof BBoxError) return fail(e.message);
      throw e;
    }
  }
  if (!isCalendarDate(form.startDate) || !isCalendarDate(form.endDate))
    return fail('Give both dates of the window, yyyy-mm-dd (days that exist).');
  const span = (dayMs(form.endDate) - dayMs(form.startDate)) / 86_400_000;
  if (span < 0) return fail('The window’s start is after its end.');
  if (span > SURVEY_MAX_DAYS) return fail(`The window is at most ${SURVEY_MAX_DAYS} days (it is ${span}).`);
  params.start_date = form.startDate;
  params.end_date = form.endDate;
  if (form.topN.trim()) {
    const n = Number(form.topN);
    if (!Number.isInteger(n) || n < 1 || n > 50) return fail('Top events is a whole number from 1 to 50.');
    params.top_n = n;
  }
  if (form.minGeoint.trim()) {
    const g = Number(form.minGeoint);
    if (!Number.isFinite(g) || g < 0 || g > 10) return fail('The minimum GEOINT score is from 0 to 10.');
    params.min_geoint_score = g;
  }
  if (tool === 'collection.observability')
    return { input: { tool, params: { ...params, sensor: form.sensor } }, problem: null };
  return { input: { tool, params }, problem: null };
}

export function planFormOf(p: ToolParams<'collection.plan'>): Partial<PlanForm> {
  return {
    eventId: String(p.event_id),
    eventFrom: 'A stored request',
    goal: p.analysis_goal,
    eventDate: p.event_date ?? '',
  };
}

export function surveyFormOf(p: ToolParams<'collection.observability'>): Partial<SurveyForm> {
  return {
    bbox: p.bbox ? p.bbox.join(',') : '',
    bboxFrom: p.bbox ? 'A stored request' : null,
    ...(p.start_date ? { startDate: p.start_date } : {}),
    ...(p.end_date ? { endDate: p.end_date } : {}),
    ...(p.sensor ? { sensor: p.sensor } : {}),
    topN: p.top_n === undefined ? '' : String(p.top_n),
    minGeoint: p.min_geoint_score === undefined ? '' : String(p.min_geoint_score),
  };
}

export function summarizePlan(p: ToolParams<'collection.plan'>): string {
  return [
    `event ${String(p.event_id)}`,
    GOAL_LABELS[p.analysis_goal],
    p.event_date ? `on ${p.event_date}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function summarizeSurvey(p: ToolParams<'collection.observability'>): string {
  return [
    p.sensor ?? null,
    p.bbox ? `[${p.bbox.join(', ')}]` : 'anywhere',
    p.start_date ? `${p.start_date} → ${p.end_date ?? p.start_date}` : 'today',
    p.top_n ? `top ${p.top_n}` : null,
    p.min_geoint_score !== undefined ? `GEOINT ≥ ${p.min_geoint_score}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
