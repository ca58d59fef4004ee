// Negative evidence as the window shows it: the rule is shared with the reports
// (shared/evidence.ts), so a package says the same thing in either; here are the words and
// the shape each kind is shown with.
import type { EvidenceKind } from '../../../../shared/evidence';

export { evidenceKind, type EvidenceKind } from '../../../../shared/evidence';

/** The words and the shape each kind is shown with: never told apart by colour alone. */
export const EVIDENCE_WORDS: Record<EvidenceKind, { word: string; icon: string; meaning: string }> = {
  'could-not-look': {
    word: 'Could not look',
    icon: '⊘',
    meaning:
      'No look was possible (no coverage, no usable scene, cloud, inconclusive): says nothing about absence.',
  },
  'looked-absent': {
    word: 'Looked, absent',
    icon: '○',
    meaning: 'A look was made and the observable was not there.',
  },
};
