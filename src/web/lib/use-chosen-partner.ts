import { useSearchParams } from 'react-router';
import { useCurrentUser } from './current-user';

/**
 * The partner a per-partner page (journal, contract) shows: the one its `?partner=` names, else the first;
 * `choose` changes it in the address without a new history entry. `partner` is undefined without one.
 */
export function useChosenPartner() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const partners = user.partners;
  const asked = params.get('partner');
  const partner = partners.find((p) => p.id === asked) ?? partners[0];
  const choose = (id: string) => setParams({ partner: id }, { replace: true });
  return { user, partners, partner, choose };
}
