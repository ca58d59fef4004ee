// Negative evidence, typed (docs/domain.md): only a look that was made and found nothing is
// "looked, absent". No coverage, no usable scene, cloud, an inconclusive or unknown status is
// "could not look", never shown as absence. The service publishes one status value
// (inconclusive), so anything this rule does not recognise falls to "could not look", the side
// that claims less; the raw status is shown beside it. The window and the reports both read
// this rule, so a package says the same thing in either. Pure: no Node, no DOM.

export type EvidenceKind = 'looked-absent' | 'could-not-look';

const LOOKED_ABSENT = /^(absent|not_present|not_observed|negative|none_found)$/;
const NO_LOOK_SOURCE = /no_|none|unavailable|cloud|missing|not_|inconclusive|unknown|error/;

export function evidenceKind(e: { status?: unknown; source_status?: unknown }): EvidenceKind {
  const status = typeof e.status === 'string' ? e.status.toLowerCase() : '';
  const source = typeof e.source_status === 'string' ? e.source_status.toLowerCase() : '';
  return LOOKED_ABSENT.test(status) && !NO_LOOK_SOURCE.test(source) ? 'looked-absent' : 'could-not-look';
}
