// The SES adapter: sends one composed lead e-mail (SES v1 SendEmail, text and HTML parts).
import { SendEmailCommand, type SESClient } from '@aws-sdk/client-ses';

/** An e-mail as the function sends it: to sales (a lead) or to the visitor (a receipt, an opt-in). */
export interface LeadEmail {
  from: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Sends the e-mail; resolves with SES's message id, rejects when SES did not take it. */
  send(email: LeadEmail): Promise<string>;
}

/**
 * `client` makes the SES client (once, and again after a failure that left no answer from SES,
 * so one bad send cannot spoil the next visitor's). The client must not retry a send itself:
 * a retry after an answer that was lost sends a second e-mail (`sendingClientOptions`).
 */
export function sesMailer(client: SESClient | (() => SESClient)): Mailer {
  const make = typeof client === 'function' ? client : () => client;
  let ses = make();
  const clean = (text: string) => text.toWellFormed();
  return {
    async send(email) {
      try {
        const result = await ses.send(new SendEmailCommand({
          Source: email.from,
          Destination: { ToAddresses: email.to.map(clean) },
          ReplyToAddresses: email.replyTo.map(clean),
          Message: {
            Subject: { Data: clean(email.subject), Charset: 'UTF-8' },
            Body: { Text: { Data: clean(email.text), Charset: 'UTF-8' }, Html: { Data: clean(email.html), Charset: 'UTF-8' } },
          },
        }));
        if (!result.MessageId) throw new Error('SES answered without a message id');
        return result.MessageId;
      } catch (error) {
        if (!(error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode) ses = make();
        throw error;
      }
    },
  };
}

/** What every SES client that sends leads is made with: one attempt, and an answer within 5 s. */
export const sendingClientOptions = { maxAttempts: 1, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } } as const;
