import escapeHtml from 'escape-html';
import type { Mail, MailAttachment } from '../../lib/delivery/smtp.ts';

/** A report subscription's mail: its figures as a table, the chart inline, the file attached. */

export interface ReportMailContent {
  to: string;
  name: string;
  /** "Redemptions report" */
  label: string;
  /** "1 Nov 2026 to 7 Nov 2026" */
  period: string;
  figures: { label: string; value: string; previous: string; change: string }[];
  /** What the chart draws, e.g. "Redemptions per day". */
  chartCaption: string;
  chartPng: Buffer;
  file: { name: string; contentType: string; body: Buffer } | { missing: string };
  openUrl: string;
  unsubscribeUrl: string;
}

const CHART_CID = 'report-chart@backoffice';

export function reportSubscriptionMail(c: ReportMailContent): Mail {
  const rows = c.figures
    .map(
      (f) =>
        `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(f.label)}</td><td style="padding:4px 12px;text-align:right;font-weight:700">${escapeHtml(f.value)}</td><td style="padding:4px 12px;text-align:right;color:#868e96">${escapeHtml(f.previous)}</td><td style="padding:4px 0 4px 12px;text-align:right">${escapeHtml(f.change)}</td></tr>`,
    )
    .join('');
  const fileLine =
    'missing' in c.file ? c.file.missing : `The report's file is attached: ${c.file.name}.`;
  const attachments: MailAttachment[] = [
    {
      filename: 'chart.png',
      contentType: 'image/png',
      content: c.chartPng.toString('base64'),
      encoding: 'base64',
      cid: CHART_CID,
    },
  ];
  if (!('missing' in c.file))
    attachments.push({
      filename: c.file.name,
      contentType: c.file.contentType,
      content: c.file.body.toString('base64'),
      encoding: 'base64',
    });
  const textFigures = c.figures
    .map((f) => `${f.label}: ${f.value} (before: ${f.previous}, ${f.change})`)
    .join('\n');
  return {
    to: c.to,
    subject: `${c.label}: ${c.period}`,
    text: `Hello ${c.name},\n\n${c.label}, ${c.period}:\n\n${textFigures}\n\n${fileLine}\n\nOpen the report: ${c.openUrl}\n\nStop these mails: ${c.unsubscribeUrl}\n`,
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:24px auto;padding:0 16px">
<h2 style="color:#1c7ed6">${escapeHtml(c.label)}</h2><p>Hello ${escapeHtml(c.name)}, here is ${escapeHtml(c.period)}.</p>
<table style="border-collapse:collapse;font-size:14px"><thead><tr><th style="text-align:left">Figure</th><th style="text-align:right;padding:0 12px">Value</th><th style="text-align:right;padding:0 12px">Period before</th><th style="text-align:right">Change</th></tr></thead><tbody>${rows}</tbody></table>
<p><img src="cid:${CHART_CID}" width="480" height="140" alt="${escapeHtml(c.chartCaption)}"></p>
<p style="font-size:12px;color:#868e96">${escapeHtml(c.chartCaption)}</p>
<p>${escapeHtml(fileLine)}</p>
<p><a href="${escapeHtml(c.openUrl)}" style="display:inline-block;background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Open the report</a></p>
<p style="color:#868e96;font-size:12px;margin-top:32px">You receive this because you subscribed to it in the publisher back-office. <a href="${escapeHtml(c.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`,
    headers: {
      'List-Unsubscribe': `<${c.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    attachments,
  };
}
