// The lead function's secrets come from Secrets Manager by the ARNs the template sets, read once
// at start; the reader is stubbed here (the SDK call is the template's contract, not this test's).
import { describe, expect, test } from 'vitest';
import { settingsFromEnv, withSecrets } from '../../../functions/send-email/config.ts';

const baked = { origin: 'https://www.trilliumfleet.example', phone: '416-555-0100' } as Parameters<typeof settingsFromEnv>[0];

describe('secrets named in the environment', () => {
  test('each *_SECRET_ID is read and fills its secret; the IDs themselves are never the secrets', async () => {
    const asked: string[] = [];
    const env = await withSecrets({ LEADS_BUCKET: 'b', ORIGIN_SECRET_ID: 'arn:origin', LEAD_LINK_SECRET_ID: 'arn:link' }, async (id) => {
      asked.push(id);
      return `value of ${id} that is long enough for a link key`;
    });
    expect(asked.sort()).toEqual(['arn:link', 'arn:origin']);
    const settings = settingsFromEnv(baked, env);
    expect(settings.originSecret).toBe('value of arn:origin that is long enough for a link key');
    expect(settings.linkSecret).toBe('value of arn:link that is long enough for a link key');
  });

  test('a secret that cannot be read stops the start with its variable named, never its value', async () => {
    await expect(withSecrets({ LEADS_BUCKET: 'b', LEAD_LINK_SECRET_ID: 'arn:link' }, async () => { throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' }); }))
      .rejects.toThrow('LEAD_LINK_SECRET_ID: the secret could not be read (AccessDeniedException)');
  });

  test('without IDs (the preview, tests) the environment is used as it is', async () => {
    const env = await withSecrets({ LEADS_BUCKET: 'b', LEAD_LINK_SECRET: 'a local secret that is long enough for links' }, async () => { throw new Error('not called'); });
    expect(settingsFromEnv(baked, env).linkSecret).toBe('a local secret that is long enough for links');
  });
});
