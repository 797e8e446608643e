import escapeHtml from 'escape-html';
import type { Mail } from '../../lib/delivery/smtp.ts';

/** The product's system mails, each in text and HTML. Values are escaped. */

function layout(title: string, body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:24px auto;padding:0 16px">
<h2 style="color:#1c7ed6">${escapeHtml(title)}</h2>${body}
<p style="color:#868e96;font-size:12px;margin-top:32px">Publisher back-office. If you did not expect this e-mail, you can ignore it.</p>
</body></html>`;
}

const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p><p style="font-size:12px;color:#868e96">Or open: ${escapeHtml(href)}</p>`;

export function signInCodeMail(to: string, name: string, code: string, minutes: number): Mail {
  return {
    to,
    subject: `Your sign-in code: ${code}`,
    text: `Hello ${name},\n\nYour sign-in code is ${code}. It is valid for ${minutes} minutes.\n\nIf you did not try to sign in, change your password.`,
    html: layout(
      'Your sign-in code',
      `<p>Hello ${escapeHtml(name)},</p><p>Your sign-in code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p><p>It is valid for ${minutes} minutes. If you did not try to sign in, change your password.</p>`,
    ),
  };
}

export function passwordResetMail(to: string, name: string, link: string, minutes: number): Mail {
  return {
    to,
    subject: 'Reset your password',
    text: `Hello ${name},\n\nOpen this link to choose a new password (valid ${minutes} minutes, once):\n${link}\n`,
    html: layout(
      'Reset your password',
      `<p>Hello ${escapeHtml(name)},</p><p>Choose a new password with the button below. The link works once, for ${minutes} minutes.</p>${button(link, 'Choose a new password')}`,
    ),
  };
}

export function invitationMail(to: string, name: string, link: string, days: number): Mail {
  return {
    to,
    subject: 'You are invited to the publisher back-office',
    text: `Hello ${name},\n\nAn account was created for you. Set your password here (valid ${days} days):\n${link}\n`,
    html: layout(
      'You are invited',
      `<p>Hello ${escapeHtml(name)},</p><p>An account was created for you on the publisher back-office. Set your password to start (the link is valid ${days} days).</p>${button(link, 'Set my password')}`,
    ),
  };
}

export function passwordChangedMail(to: string, name: string): Mail {
  return {
    to,
    subject: 'Your password was changed',
    text: `Hello ${name},\n\nThe password of your back-office account was just changed and every other session was signed out. If this was not you, reset your password at once and tell your administrator.`,
    html: layout(
      'Your password was changed',
      `<p>Hello ${escapeHtml(name)},</p><p>The password of your back-office account was just changed and every other session was signed out.</p><p>If this was not you, reset your password at once and tell your administrator.</p>`,
    ),
  };
}
