import {
  createVerifiedUser,
  expect,
  expectNoSidewaysScroll,
  LAYOUT,
  logIn,
  mailLink,
  PASSWORD,
  test,
  uniqueEmail,
} from './fixtures';

test('register as Switch, verify by mail, log in, choose Dominant, log out', async ({ page }) => {
  const email = uniqueEmail('switch');
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Display name').fill('Morgan Vale');
  await form.getByLabel('Email').fill(email.toUpperCase());
  await form.getByLabel('Password', { exact: true }).fill('weak');
  await expect(form.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    /Weak/,
  );
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(form.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
    'aria-valuetext',
    /Strong/,
  );
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByText('Switch', { exact: true }).click();
  await expect(form.getByText('Switch users choose their role')).toBeVisible();

  // The age confirmation is required.
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('You must confirm that you are 18 or older')).toBeVisible();
  await form.getByLabel('I am 18 or older').check();
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Logging in before confirming shows the notice again.
  await page.getByRole('button', { name: 'Back to login' }).click();
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto(await mailLink(email, /Confirm your email/));
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Email verified')).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Choose Your Role for This Session' })).toBeVisible();
  await expect(page.getByText('You can change your role by logging out and logging in again.')).toBeVisible();
  await page.getByRole('button', { name: /Dominant/ }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('role-badge')).toHaveText('Dom');
  await expect(page.getByText('Not connected with any partners yet')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(7);

  // The role survives a reload: it lives on the server session.
  await page.reload();
  await expect(page.getByTestId('role-badge')).toHaveText('Dom');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('asking for a reset link with a wrong password typed makes no login attempt', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedUser(request, { label: 'reset-typed' });
  const logins: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/auth/login')) logins.push(sent.url());
  });
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill('Not-the-password-1');
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  // Enter in the dialog's field, then its button: neither may reach the login form behind it.
  await dialog.getByLabel('Email').press('Enter');
  await expect(page.getByText('Password reset email sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await login.getByRole('button', { name: 'Forgot password?' }).click();
  await page
    .getByRole('dialog', { name: 'Reset your password' })
    .getByRole('button', { name: 'Send Reset Link' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toHaveCount(0);
  await expect(page.getByText('Invalid email or password')).toHaveCount(0);
  expect(logins).toEqual([]);
  // The password is still there and still works as typed by the user: the login form was never sent.
  await expect(login.getByLabel('Password')).toHaveValue('Not-the-password-1');
});

test('forgot password: the mailed link sets a new password and the old one stops working', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedUser(request, { label: 'reset' });
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Password reset email sent')).toBeVisible();

  const link = await mailLink(email, /Reset your Pact password/);
  expect(link).toContain('/auth?type=recovery');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Reset Your Password' });
  await form.getByLabel('New Password').fill('Fresh#Start2026');
  await form.getByLabel('Confirm Password').fill('Fresh#Start2027');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await form.getByLabel('Confirm Password').fill('Fresh#Start2026');
  await form.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, email, 'Fresh#Start2026');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Sub');

  // The link was used once: opening it again shows the invalid screen.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset link invalid' })).toBeVisible();
});

test('a forged recovery link shows "Reset link invalid" with resend and back', async ({ page }) => {
  await page.goto('/auth#type=recovery&token=forged-token-123&email=someone%40example.com');
  await expect(page.getByRole('heading', { name: 'Reset link invalid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend reset link' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();

  // Without a known address there is nothing to resend to.
  await page.goto('/auth?type=recovery&token=forged');
  await expect(page.getByRole('heading', { name: 'Reset link invalid' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend reset link' })).toHaveCount(0);
});

test('the public pages fit the screen without sideways scrolling', LAYOUT, async ({ page }) => {
  for (const path of ['/', '/auth', '/auth?tab=register', '/privacy-policy', '/terms-of-service', '/nope']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
  }
});

test('an unknown path shows the 404 page with Return to Home', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('signed-out visitors are sent to /auth from every app page; signed-in users skip / and /auth', async ({
  page,
  request,
}) => {
  for (const path of [
    '/dashboard',
    '/tasks',
    '/contract',
    '/journal',
    '/punishments',
    '/settings',
    '/check-ins',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
  }
  const { email } = await createVerifiedUser(request, { label: 'guard', role: 'dominant' });
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Dom');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Contract' }).click();
  await expect(page.getByRole('heading', { name: 'Contract', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
});

test('registration errors are shown and nothing is created for a duplicate e-mail', async ({
  page,
  request,
}) => {
  const { email } = await createVerifiedUser(request, { label: 'dup' });
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Display name').fill('A');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Password', { exact: true }).fill('password1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Display name must be at least 2 characters long')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await expect(
    form.getByText('Password contains common words that are easily guessed').first(),
  ).toBeVisible();

  await form.getByLabel('Display name').fill('Second Person');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByLabel('I am 18 or older').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('A user with this email already exists')).toBeVisible();
});

test('a Switch can log out from "Choose Your Role for This Session"', async ({ page, request }) => {
  const { email } = await createVerifiedUser(request, { label: 'undecided', role: 'switch' });
  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Choose Your Role for This Session' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the login form works before its code runs: with JavaScript off, a wrong password is said and the right one signs in', async ({
  browser,
  request,
  page: viewportOf,
}) => {
  const { email } = await createVerifiedUser(request, { label: 'nojs', role: 'dominant' });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewportOf.viewportSize() });
  const page = await context.newPage();
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('not the password 1');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  // The fields never travel in the address.
  expect(new URL(page.url()).search).toBe('');
  await expect(form.getByLabel('Email')).toHaveValue(email);

  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await context.close();
});

test('forgot password works before its code runs: with JavaScript off, the reset form is shown and the link is mailed', async ({
  browser,
  request,
  page: viewportOf,
}) => {
  const { email } = await createVerifiedUser(request, { label: 'nojs-reset' });
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewportOf.viewportSize() });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Forgot password?' }).click();
  const reset = page.getByRole('form', { name: 'Reset your password' });
  // An address that is not one is refused by the server's own words, and nothing is mailed.
  await reset.getByLabel('Email').fill('not-an-address');
  await reset.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByRole('form', { name: 'Reset your password' }).getByLabel('Email').fill(email);
  await page
    .getByRole('form', { name: 'Reset your password' })
    .getByRole('button', { name: 'Send Reset Link' })
    .click();
  await expect(page.getByRole('status')).toContainText('Password reset email sent');
  expect(new URL(page.url()).search).toBe('');
  expect(await mailLink(email, /Reset your Pact password/)).toContain('/auth?type=recovery');
  // And back to the login form, still without the page's code.
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
  await context.close();
});

test('a login form posted from another site is refused and signs nobody in', async ({ request, baseURL }) => {
  const { email } = await createVerifiedUser(request, { label: 'csrf', role: 'dominant' });
  const elsewhere: Record<string, string>[] = [
    { Origin: 'https://elsewhere.example' },
    { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'same-origin' },
    { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'null' },
    {},
  ];
  for (const headers of elsewhere) {
    const response = await request.post('/auth', {
      form: { intent: 'login', email, password: PASSWORD },
      headers,
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  }
  // From Pact itself it works (the same form, the page's own origin).
  const own = await request.post('/auth', {
    form: { intent: 'login', email, password: PASSWORD },
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(own.status()).toBe(302);
  expect(own.headers().location).toBe('/dashboard');
  expect(own.headers()['set-cookie']).toMatch(/HttpOnly/i);
});

test('the login page refuses what its form never sends, with a clear message and no session', async ({
  request,
  baseURL,
}) => {
  const Origin = new URL(baseURL!).origin;
  const refused = async (init: Parameters<typeof request.post>[1], status: number, message: string) => {
    const response = await request.post('/auth', {
      ...init,
      headers: { Origin, ...init?.headers },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(status);
    expect(response.headers()['set-cookie']).toBeUndefined();
    expect(await response.text()).toContain(message);
  };
  await refused({ data: { intent: 'login' } }, 400, 'The form could not be read');
  await refused(
    { headers: { 'Content-Type': 'multipart/form-data; boundary=zz' }, data: 'not a form' },
    400,
    'The form could not be read',
  );
  await refused(
    { form: { intent: 'login', email: 'a\u0000b@example.com', password: PASSWORD } },
    400,
    'Text must not contain NUL characters',
  );
  await refused({ form: { intent: 'login', email: '', password: '' } }, 400, 'Email is required');
  await refused(
    { form: { intent: 'login', email: 'x'.repeat(20_000), password: PASSWORD } },
    413,
    'Form too large',
  );
});

test('registering works before the page code runs: with JavaScript off, a refusal keeps what was typed, then the mail is asked for', async ({
  browser,
  page: viewportOf,
}) => {
  const email = uniqueEmail('nojs-register');
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: viewportOf.viewportSize() });
  const page = await context.newPage();
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Display name').fill('Rowan Early');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByText('Dominant', { exact: true }).click();
  // Not 18+ ticked: the server refuses, and the page says so with what was typed (never the password).
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('You must confirm that you are 18 or older');
  expect(page.url()).not.toContain(encodeURIComponent(PASSWORD));
  expect(new URL(page.url()).search).toBe('?tab=register');
  await expect(form.getByLabel('Display name')).toHaveValue('Rowan Early');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(form.getByRole('radio', { name: /Dominant/ })).toBeChecked();

  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByLabel('I am 18 or older').check();
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await context.close();
});
