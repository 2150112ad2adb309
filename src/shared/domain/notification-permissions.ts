/** The notifications of permission requests (decision 069). */
import { content, preview } from './notification-content';

/** What a request's notification names: who acted, what was asked, and the ids. */
interface PermissionFacts {
  by: string;
  what: string;
  requestId: string;
  pairId: string;
  /** The other partner of the pair, whose requests the link opens (`?partner=`). */
  partnerId: string;
}

const ids = (a: PermissionFacts) => ({ requestId: a.requestId, pairId: a.pairId, partnerId: a.partnerId });

export const permissionsNotify = {
  /** The submissive asked: the dominant grants or denies it. */
  permissionRequested: (a: PermissionFacts) =>
    content('permission_requested', 'Permission requested', `${a.by} asks: "${preview(a.what)}"`, ids(a)),
  permissionGranted: (a: PermissionFacts) =>
    content('permission_granted', 'Permission granted', `${a.by} granted "${preview(a.what)}"`, ids(a)),
  permissionDenied: (a: PermissionFacts) =>
    content('permission_denied', 'Permission denied', `${a.by} denied "${preview(a.what)}"`, ids(a)),
} as const;
