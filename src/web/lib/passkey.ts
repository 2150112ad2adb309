import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { initialLoad, signedOutDestination } from '@/web/lib/sign-in-session';

/**
 * Passkeys in the browser (decision 077). The WebAuthn calls come from @simplewebauthn/browser, loaded
 * when a passkey is first used, never with the page.
 */

/** Whether this browser can use passkeys at all; the passkey controls are shown only then. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The person closed the browser's passkey prompt, or it timed out: not a failure to report. */
export const isPasskeyCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');

const browser = () => import('@simplewebauthn/browser');

/** The browser's answer as the server takes it: Pact asks for no extension, so it sends none back. */
const sendable = <T extends { clientExtensionResults: unknown }>({
  clientExtensionResults: _,
  ...rest
}: T): Omit<T, 'clientExtensionResults'> => rest;

// biome-ignore lint/suspicious/noExplicitAny: WebAuthn's JSON, as the server generated it for the browser
type OptionsJSON = any;

/** Signs in with a passkey of this device: no address, the passkey names its account. */
export async function signInWithPasskey() {
  const { startAuthentication } = await browser();
  const optionsJSON: OptionsJSON = await unwrap(api.api.auth.passkey.options.$get());
  const response = sendable(await startAuthentication({ optionsJSON }));
  return (await unwrap(api.api.auth.passkey.login.$post({ json: { response } }))).user;
}

export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, user);
      initialLoad.reset();
      signedOutDestination.reset();
    },
  });
}

/** Makes a passkey on this device for the signed-in user and stores it under `name`. */
export async function registerPasskey(name?: string) {
  const { startRegistration } = await browser();
  const optionsJSON: OptionsJSON = await unwrap(api.api.me.passkeys['register-options'].$get());
  const response = sendable(await startRegistration({ optionsJSON }));
  return (await unwrap(api.api.me.passkeys.$post({ json: { response, ...(name ? { name } : {}) } }))).passkey;
}

/**
 * "Is it still you?" for the app lock: one of the signed-in user's passkeys, checked by the server, with
 * no new session. True when the server confirmed it; false when the person cancelled, the browser has no
 * passkeys, the account has none, or the server refused the answer.
 */
export async function confirmWithPasskey(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    const { startAuthentication } = await browser();
    const optionsJSON: OptionsJSON = await unwrap(api.api.me.passkeys['confirm-options'].$get());
    const response = sendable(await startAuthentication({ optionsJSON }));
    const answer = await unwrap(api.api.me.passkeys.confirm.$post({ json: { response } }));
    return answer.confirmed === true;
  } catch {
    return false;
  }
}
