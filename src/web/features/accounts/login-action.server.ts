import { type ActionFunctionArgs, data, redirect } from 'react-router';
import { paths } from '@/shared/routes';
import { loginInput } from '@/shared/schemas/accounts';
import type { LoginFormAnswer } from './api/login';

const UNREADABLE = 'The form could not be read. Please try again.';

type Refusal = { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null;

/**
 * The login form sent before the page's code ran (decision 048): the same POST /api/auth/login the browser
 * would have made, in-process with the request's cookie and client. Signed in, the session cookie comes back
 * with a redirect to the dashboard; refused, the page is rendered again with the server's own message.
 */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  // Anything but a form (JSON, a broken multipart body) is not what the page sends.
  const form = await request.formData().catch(() => null);
  if (!form) return data<LoginFormAnswer>({ email: '', failure: UNREADABLE }, 400);
  const fields = [...form.values()];
  if (fields.some((value) => typeof value !== 'string')) {
    return data<LoginFormAnswer>({ email: '', failure: UNREADABLE }, 400);
  }
  if (fields.some((value) => String(value).includes('\u0000'))) {
    return data<LoginFormAnswer>({ email: '', failure: 'Text must not contain NUL characters' }, 400);
  }
  const email = String(form.get('email') ?? '');
  const parsed = loginInput.safeParse({ email, password: String(form.get('password') ?? '') });
  if (form.get('intent') !== 'login' || !context.submit) {
    return data<LoginFormAnswer>({ email, failure: 'An unexpected error occurred' }, 400);
  }
  if (!parsed.success) {
    return data<LoginFormAnswer>(
      { email, failure: parsed.error.issues[0]?.message ?? 'Check the form' },
      400,
    );
  }
  const answer = await context.submit('/api/auth/login', parsed.data);
  if (answer.status === 200) {
    const headers = new Headers();
    for (const cookie of answer.setCookie) headers.append('Set-Cookie', cookie);
    throw redirect(paths.dashboard, { headers });
  }
  const refusal = (answer.body as Refusal)?.error;
  if (refusal?.code === 'EMAIL_NOT_CONFIRMED') {
    return data<LoginFormAnswer>({ email, unconfirmed: parsed.data.email.trim().toLowerCase() }, 403);
  }
  return data<LoginFormAnswer>(
    { email, failure: refusal?.message ?? 'An unexpected error occurred' },
    answer.status >= 400 && answer.status < 600 ? answer.status : 500,
  );
}
