import { namesIn, type Translator } from '../../../cards/i18n/index.js';
import type { Store } from '../../store/db.js';
import { findPerson } from '../../store/people.js';
import type { NextStep } from '../queries/goal-status.js';

/** Who acts next, in the reader's language, naming people by name (the API's `next` says it in English with ids). */
export function nextStepIn(tr: Translator, step: NextStep, store: Store): string {
  switch (step.reason) {
    case 'paused':
      return tr.t('next.paused');
    case 'completed':
      return tr.t('next.completed');
    case 'replan':
      return tr.t('next.replan');
    case 'gates': {
      const names = step.people.length > 0 ? namesIn(tr, step.people.map((id) => findPerson(store, id)?.name ?? id)) : tr.t('next.anOwner');
      return tr.t('next.gates', { names, count: step.count });
    }
    case 'user_gate':
      return tr.t('next.userGate', { count: step.count });
    case 'agents':
      return tr.t('next.agents', { count: step.count });
    case 'blocked':
      return tr.t('next.blocked', { count: step.count });
  }
}
