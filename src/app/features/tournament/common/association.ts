import { DEFAULT_ASSOCIATION, type Association } from '../../../../shared/association.ts';

/**
 * The association's profile as the tournament screens read it: the classes and divisions a new category offers,
 * and the unit they are written in. Every tournament screen goes through this one accessor.
 */
export function useTournamentAssociation(): Association {
  // interim: replaced by useAssociation() when merged
  return DEFAULT_ASSOCIATION;
}
