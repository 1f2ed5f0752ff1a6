// The SES adapter: sends one composed lead e-mail (SES v1 SendEmail, text and HTML parts).
import { SendEmailCommand, type SESClient } from '@aws-sdk/client-ses';
import type { LeadEmail } from './email.ts';

export interface Mailer {
  /** Sends the e-mail; resolves with SES's message id, rejects when SES did not take it. */
  send(email: LeadEmail): Promise<string>;
}

export function sesMailer(ses: SESClient): Mailer {
  return {
    async send(email) {
      const result = await ses.send(new SendEmailCommand({
        Source: email.from,
        Destination: { ToAddresses: email.to },
        ReplyToAddresses: email.replyTo,
        Message: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' }, Html: { Data: email.html, Charset: 'UTF-8' } },
        },
      }));
      if (!result.MessageId) throw new Error('SES answered without a message id');
      return result.MessageId;
    },
  };
}
