import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { initialLoad, seenRequests } from '@/web/lib/sign-in-session';
import { toast } from '@/web/lib/toast';
import { partnerRequestsQuery } from '../api/requests';

/** Spec 1 §9: a new connection request's toast lasts 5 s. */
export const REQUEST_TOAST_MS = 5000;

/**
 * Once per sign-in, when the requests first load: "{n} new connection request(s)" for the pending
 * requests addressed to the user that this browser has not announced yet (spec 1 §7 and §9).
 */
export function useWaitingRequestsToast(userId: string) {
  const requests = useQuery(partnerRequestsQuery);
  useEffect(() => {
    if (!requests.data || initialLoad.isComplete()) return;
    initialLoad.complete();
    const waiting = requests.data
      .filter((r) => r.status === 'pending' && r.receiverId === userId)
      .map((r) => r.id);
    const fresh = waiting.filter((id) => !seenRequests.has(id));
    if (fresh.length === 0) return;
    seenRequests.add(fresh);
    toast.info(`${fresh.length} new connection request(s)`, {
      description: 'Someone wants to connect with you',
      duration: REQUEST_TOAST_MS,
    });
  }, [requests.data, userId]);
}
