import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { paths } from '@/shared/routes';
import { emailOnlyInput, loginInput } from '@/shared/schemas/accounts';
import type { AccountFormAnswer } from './api/login';

const UNREADABLE = 'The form could not be read. Please try again.';
const UNEXPECTED = 'An unexpected error occurred';

type Refusal = { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;
type Fields = Record<string, string>;

/**
 * The login, registration and password-reset forms sent before the page's code ran (decision 048): the
 * same POST the browser would have made, to /api/auth/login, /api/auth/register or
 * /api/auth/forgot-password, in-process with the request's cookie and client. `forgot` only opens the reset
 * form (the page's "Forgot password?" before hydration). Signed in, the session cookie comes back with a redirect to the dashboard; otherwise the page
 * is rendered again with the server's own words and what was typed (never a password).
 */
export async function accountFormAction({ request, context }: ActionFunctionArgs) {
  // Anything but a form (JSON, a broken multipart body, a file) is not what the page sends.
  const form = await request.formData().catch(() => null);
  const values = form ? [...form.entries()] : [];
  if (!form || values.some(([, value]) => typeof value !== 'string')) return refuse({}, UNREADABLE);
  const fields: Fields = Object.fromEntries(values as [string, string][]);
  if (values.some(([, value]) => String(value).includes('\u0000'))) {
    return refuse({}, 'Text must not contain NUL characters');
  }
  const typed = {
    intent: fields.intent,
    email: fields.email ?? '',
    displayName: fields.displayName,
    role: fields.role,
  };
  if (!context.submit) return refuse(typed, UNEXPECTED);
  if (fields.intent === 'login') {
    const parsed = loginInput.safeParse({ email: fields.email ?? '', password: fields.password ?? '' });
    if (!parsed.success) return refuse(typed, parsed.error.issues[0]?.message ?? UNEXPECTED);
    return answered(await context.submit('/api/auth/login', parsed.data), typed);
  }
  if (fields.intent === 'register') {
    // The API checks every field, as it does for the page's own submit; a box not ticked is sent as not ticked.
    const body = {
      displayName: fields.displayName ?? '',
      email: fields.email ?? '',
      password: fields.password ?? '',
      confirmPassword: fields.confirmPassword ?? '',
      role: fields.role ?? '',
      ageConfirmed: fields.ageConfirmed === 'on' || fields.ageConfirmed === 'true',
      // The zone the browser told on an earlier page (its cookie), else the server's default.
      timeZone: context.timeZone,
    };
    return answered(await context.submit('/api/auth/register', body), typed);
  }
  if (fields.intent === 'forgot') return data<AccountFormAnswer>({ intent: 'forgot', email: '' }, 200);
  if (fields.intent === 'forgot-send') {
    const parsed = emailOnlyInput.safeParse({ email: fields.email ?? '' });
    const asked = { intent: 'forgot', email: typed.email };
    if (!parsed.success) return refuse(asked, parsed.error.issues[0]?.message ?? UNEXPECTED);
    const answer = await context.submit('/api/auth/forgot-password', parsed.data);
    if (answer.status >= 200 && answer.status < 300) {
      return data<AccountFormAnswer>({ ...asked, resetSent: true }, 200);
    }
    const refusal = (answer.body as Refusal)?.error;
    const status = answer.status >= 400 && answer.status < 600 ? answer.status : 500;
    return refuse(asked, refusal?.message ?? UNEXPECTED, status);
  }
  return refuse(typed, UNEXPECTED);
}

function refuse(typed: Partial<AccountFormAnswer>, failure: string, status = 400, fields?: Fields) {
  return data<AccountFormAnswer>({ email: '', ...typed, failure, fields }, status);
}

function answered(
  answer: { status: number; body: unknown; setCookie: string[] },
  typed: Pick<AccountFormAnswer, 'intent' | 'email' | 'displayName' | 'role'>,
) {
  const body = answer.body as ({ status?: string } & Refusal) | null;
  if (answer.status >= 200 && answer.status < 300) {
    if (body?.status === 'verification_required') {
      return data<AccountFormAnswer>({ ...typed, unconfirmed: typed.email.trim().toLowerCase() }, 200);
    }
    const headers = new Headers();
    for (const cookie of answer.setCookie) headers.append('Set-Cookie', cookie);
    throw redirect(paths.dashboard, { headers });
  }
  const refusal = body?.error;
  if (refusal?.code === 'EMAIL_NOT_CONFIRMED') {
    return data<AccountFormAnswer>({ ...typed, unconfirmed: typed.email.trim().toLowerCase() }, 403);
  }
  const status = answer.status >= 400 && answer.status < 600 ? answer.status : 500;
  return refuse(typed, refusal?.message ?? UNEXPECTED, status, refusal?.fields);
}
