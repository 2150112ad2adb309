import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '@/web/lib/query-keys';
import { useRealtimeEvent } from '@/web/lib/realtime';
import { seenRequests } from '@/web/lib/sign-in-session';
import { toast } from '@/web/lib/toast';
import { REQUEST_TOAST_MS, useWaitingRequestsToast } from '../hooks/use-waiting-requests-toast';
import { ConnectionRequestDialog } from './connection-request-dialog';

/** The dialog opens this long after a request arrives live, once its toast has been seen. */
const REQUEST_DIALOG_DELAY_MS = 1000;

const OpenRequestContext = createContext<(id: string) => void>(() => {});
export const useOpenRequest = () => useContext(OpenRequestContext);

/**
 * Owns the connection-request dialog: opened from a notification, from a `?request=<id>` link, or by
 * itself when a request arrives live. Also reacts to the partner events, and announces the requests
 * waiting at sign-in.
 */
export function RequestDialogProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const timers = useRef<number[]>([]);
  useWaitingRequestsToast(userId);

  const openRequest = useCallback(
    (id: string) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequest(id) });
      setRequestId(id);
    },
    [queryClient],
  );

  const linked = params.get('request');
  useEffect(() => {
    if (!linked) return;
    openRequest(linked);
    setParams(
      (p) => {
        p.delete('request');
        return p;
      },
      { replace: true },
    );
  }, [linked, openRequest, setParams]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  useRealtimeEvent('partner_request.created', ({ requestId: id }) => {
    seenRequests.add([id]);
    toast.info('New Connection Request', {
      description: 'Someone wants to connect with you',
      duration: REQUEST_TOAST_MS,
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequests });
    timers.current.push(window.setTimeout(() => openRequest(id), REQUEST_DIALOG_DELAY_MS));
  });
  useRealtimeEvent('partner_request.updated', ({ requestId: id }) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequests });
    void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequest(id) });
  });
  useRealtimeEvent('partner.connected', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
  });
  // A partner's (or a requester's) profile picture changed: the views that show it refetch.
  useRealtimeEvent('user.updated', () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    void queryClient.invalidateQueries({ queryKey: queryKeys.partnerRequests });
  });
  useRealtimeEvent('pair.ended', ({ endedBy }) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    if (endedBy !== userId) {
      toast.info('Partner disconnected', { description: 'A connection has been terminated', duration: 4000 });
    }
  });

  return (
    <OpenRequestContext.Provider value={openRequest}>
      {children}
      <ConnectionRequestDialog requestId={requestId} onClose={() => setRequestId(null)} />
    </OpenRequestContext.Provider>
  );
}
