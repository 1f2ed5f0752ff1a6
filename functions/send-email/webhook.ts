// The optional webhook: each archived lead POSTed as JSON to LEAD_WEBHOOK_URL (a CRM, Zapier, a
// sales tool), signed, retried with backoff. The lead function never waits for it: once a lead is
// archived and sent it writes outbox/<id>.json (one small S3 write) and answers the visitor. On
// AWS, S3 tells EventBridge, which invokes the webhook function (`index.webhook`, the same bundle)
// asynchronously: it delivers, retrying after 1, 2 and 4 s, and removes the outbox entry; if the
// receiver is still down it throws, Lambda retries the event twice more over the next minutes,
// and the entry stays in outbox/ (7 days) for an operator to see. The lead is archived and sent
// long before any of this, so a failing webhook never loses or delays it.
//
// Signature: `X-Lead-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with
// LEAD_WEBHOOK_SECRET, as Stripe does; the receiver recomputes it and rejects an old t (replays).
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Archive, ArchivedLead } from './archive.ts';

export const SIGNATURE_HEADER = 'x-lead-signature';

export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export interface WebhookTarget { url: string; secret: string }

/** What the receiver gets: the archived lead as it is, and what kind of event it is. */
export function webhookBody(lead: ArchivedLead): string {
  return JSON.stringify({ type: 'lead.archived', lead });
}

/**
 * POSTs one lead, `attempts` times at most, waiting `backoffMs` × 2^n (with jitter) between
 * tries, each try cut off after `timeoutMs`. True once the receiver answers 2xx.
 */
export async function deliver(lead: ArchivedLead, target: WebhookTarget, options: { attempts?: number; backoffMs?: number; timeoutMs?: number; now?: () => Date } = {}): Promise<boolean> {
  const { attempts = 4, backoffMs = 1000, timeoutMs = 5000 } = options;
  const body = webhookBody(lead);
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt) await sleep(backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
    try {
      const answer = await fetch(target.url, {
        method: 'POST', body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs),
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(target.secret, body, (options.now ?? (() => new Date()))()), 'user-agent': 'lead-webhook/1' },
      });
      await answer.body?.cancel();
      if (answer.ok) return true;
    } catch {
      // Refused, reset, timed out: try again.
    }
  }
  return false;
}

/** The S3 "Object Created" event as EventBridge hands it to the webhook function. */
export interface OutboxEvent { detail?: { object?: { key?: string } } }

/**
 * The webhook function: delivers the lead an outbox entry names, then removes the entry. Throws
 * when the receiver did not take it, so Lambda retries the event later.
 */
export function createWebhookHandler(deps: { archive: Archive; target: WebhookTarget; deliverOptions?: Parameters<typeof deliver>[2]; log?: (entry: Record<string, unknown>) => void }) {
  const log = deps.log ?? ((entry) => console.log(JSON.stringify(entry)));
  return async function webhook(event: OutboxEvent): Promise<{ delivered: boolean }> {
    const key = event.detail?.object?.key ?? '';
    if (!/^outbox\/[\w-]{1,80}\.json$/.test(key)) {
      log({ level: 'warn', outcome: 'webhook-ignored' });
      return { delivered: false };
    }
    const entry = await deps.archive.readOutbox(key);
    const lead = entry ? await deps.archive.get(entry.key) : null;
    if (!lead) {
      // Delivered and removed by an earlier try of the same event: nothing left to do.
      log({ level: 'info', outcome: 'webhook-nothing' });
      return { delivered: false };
    }
    if (!(await deliver(lead, deps.target, deps.deliverOptions))) {
      log({ level: 'warn', outcome: 'webhook-failed', lead: lead.id });
      throw new Error('The webhook receiver did not accept the lead');
    }
    await deps.archive.removeOutbox(key);
    log({ level: 'info', outcome: 'webhook-delivered', lead: lead.id });
    return { delivered: true };
  };
}
