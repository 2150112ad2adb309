import type { Mail } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function layout(title: string, intro: string, action: string, url: string, outro: string) {
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;background:#f6f5fb;padding:24px;color:#1f1b2d">
<div style="max-width:480px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
<p>${escapeHtml(intro)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#6d28d9;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">If the button does not work, copy this link into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</div></body></html>`;
  const text = `${title}\n\n${intro}\n\n${action}: ${url}\n\n${outro}\n`;
  return { html, text };
}

export function verificationMail(to: string, displayName: string, url: string): Mail {
  const body = layout(
    'Confirm your email for Pact',
    `Hello ${displayName}, please confirm your email address to finish creating your Pact account.`,
    'Confirm email',
    url,
    'If you did not create a Pact account, you can ignore this message.',
  );
  return { kind: 'verification', to, subject: 'Confirm your email for Pact', ...body };
}

export function passwordResetMail(to: string, displayName: string, url: string): Mail {
  const body = layout(
    'Reset your Pact password',
    `Hello ${displayName}, we received a request to reset your password. The link works once and expires in one hour.`,
    'Reset password',
    url,
    'If you did not ask for this, you can ignore this message: your password stays as it is.',
  );
  return { kind: 'password-reset', to, subject: 'Reset your Pact password', ...body };
}

export function connectionRequestMail(
  to: string,
  receiverName: string,
  senderName: string,
  senderRole: 'dominant' | 'submissive',
  url: string,
): Mail {
  const body = layout(
    'New connection request on Pact',
    `Hello ${receiverName}, ${senderName} (${senderRole === 'dominant' ? 'Dominant' : 'submissive'}) wants to connect with you on Pact.`,
    'Review the request',
    url,
    'Only accept requests from someone you know and trust. You can also reject the request and block the sender.',
  );
  return {
    kind: 'connection-request',
    to,
    subject: `${senderName} wants to connect with you on Pact`,
    ...body,
  };
}

/**
 * Spec 2 §7 send-feedback-email: the dominant's feedback on a task or punishment, sent to the submissive.
 * It carries only what the spec names (the two names, the kind, the title, the feedback), escaped in HTML.
 */
export function feedbackMail(
  to: string,
  m: {
    userName: string;
    dominantName: string;
    itemType: 'task' | 'punishment';
    itemTitle: string;
    feedback: string;
    url: string;
  },
): Mail {
  const body = layout(
    `Feedback from ${m.dominantName}`,
    `Hello ${m.userName}, ${m.dominantName} left feedback on your ${m.itemType} "${m.itemTitle}": ${m.feedback}`,
    'Open Pact',
    m.url,
    'You receive this mail because your partner chose to send their feedback to you by email.',
  );
  return { kind: 'feedback', to, subject: `Feedback from ${m.dominantName} on Pact`, ...body };
}

/** Tells the owner that the password changed, with the way back in if it was not them. */
export function passwordChangedMail(to: string, displayName: string, url: string): Mail {
  const body = layout(
    'Your Pact password was changed',
    `Hello ${displayName}, the password of your Pact account was just changed from the settings page, and every other device was signed out.`,
    'Open Pact',
    url,
    'If this was not you, choose "Forgot password" on the sign-in page at once to set a new one.',
  );
  return { kind: 'password-changed', to, subject: 'Your Pact password was changed', ...body };
}
