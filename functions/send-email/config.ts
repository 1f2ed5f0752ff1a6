// Settings of the lead function. The site's facts (brand, inboxes, origin, phone, field labels)
// come from content/site.yaml and content/forms.yaml: `leadSettings()` in generator/leads/lead-settings.ts
// reads them for the preview and the CLI, and the bundle script bakes the same object into the
// Lambda as SITE_LEAD_SETTINGS. Infrastructure names (bucket, verified sender) come from the
// environment the template sets.
import { MIN_LINK_SECRET } from './consent.ts';
import type { EmailSettings } from './email.ts';

export interface LeadSettings extends EmailSettings {
  /** The production origin, e.g. https://www.trilliumfleet.example */
  origin: string;
  phone: string;
}

export interface FunctionEnv {
  LEADS_BUCKET?: string;
  LEAD_SENDER?: string;
  ALLOWED_ORIGINS?: string;
  /**
   * The secret CloudFront sends as X-Origin-Verify (the template resolves it from Secrets
   * Manager). Absent means local mode (`site preview`, tests): no header is required.
   */
  ORIGIN_SECRET?: string;
  /** The key of the confirm and unsubscribe links (HMAC-SHA256; the template resolves it from Secrets Manager). */
  LEAD_LINK_SECRET?: string;
  /** Where each archived lead is POSTed (optional), and the key of its signature header. */
  LEAD_WEBHOOK_URL?: string;
  LEAD_WEBHOOK_SECRET?: string;
  /**
   * In production the secrets are not in the environment: these name them in Secrets Manager
   * (the template passes their ARNs) and `withSecrets` reads them once, at start.
   */
  ORIGIN_SECRET_ID?: string;
  LEAD_LINK_SECRET_ID?: string;
  LEAD_WEBHOOK_SECRET_ID?: string;
}

/** Each `<NAME>_ID` variable and the secret variable its value fills. */
const SECRET_IDS = { ORIGIN_SECRET_ID: 'ORIGIN_SECRET', LEAD_LINK_SECRET_ID: 'LEAD_LINK_SECRET', LEAD_WEBHOOK_SECRET_ID: 'LEAD_WEBHOOK_SECRET' } as const;

/**
 * The environment with each secret named by a `*_SECRET_ID` read through `read` (Secrets
 * Manager's GetSecretValue), in parallel. Read once per container and kept in memory, so the
 * values never sit in the function's configuration, where anyone who may read it sees them.
 */
export async function withSecrets(env: FunctionEnv, read: (id: string) => Promise<string>): Promise<FunctionEnv> {
  const out: FunctionEnv = { ...env };
  await Promise.all(Object.entries(SECRET_IDS).map(async ([idName, name]) => {
    const id = env[idName as keyof typeof SECRET_IDS];
    if (!id) return;
    try {
      out[name] = await read(id);
    } catch (error) {
      throw new Error(`${idName}: the secret could not be read (${(error as Error)?.name ?? 'Error'})`, { cause: error });
    }
  }));
  return out;
}

/** A secret shorter than this is a mistake (the template generates 48 characters). */
const MIN_SECRET = 16;

/** The baked settings with the environment's overrides; throws when the bucket is not named or the secret is too short. */
export function settingsFromEnv(baked: LeadSettings, env: FunctionEnv): { settings: LeadSettings; bucket: string; allowedOrigins: string[]; originSecret: string | undefined; linkSecret: string | undefined; webhook: { url: string; secret: string } | undefined } {
  if (!env.LEADS_BUCKET) throw new Error('LEADS_BUCKET is not set');
  // Links signed with a short key could be forged by guessing it; unset, no visitor e-mail is sent.
  if (env.LEAD_LINK_SECRET !== undefined && env.LEAD_LINK_SECRET.length < MIN_LINK_SECRET) throw new Error(`LEAD_LINK_SECRET is set but shorter than ${MIN_LINK_SECRET} characters`);
  if (env.LEAD_WEBHOOK_URL && !/^https:\/\//.test(env.LEAD_WEBHOOK_URL)) throw new Error('LEAD_WEBHOOK_URL must be an https:// address');
  if (env.LEAD_WEBHOOK_URL && (env.LEAD_WEBHOOK_SECRET ?? '').length < MIN_LINK_SECRET) throw new Error(`LEAD_WEBHOOK_URL is set: LEAD_WEBHOOK_SECRET must be at least ${MIN_LINK_SECRET} characters`);
  // Set but empty or short is a broken deployment, not local mode: refuse to start rather than let everything through.
  if (env.ORIGIN_SECRET !== undefined && env.ORIGIN_SECRET.length < MIN_SECRET) throw new Error(`ORIGIN_SECRET is set but shorter than ${MIN_SECRET} characters; unset it for local mode`);
  const settings = { ...baked, sender: env.LEAD_SENDER || baked.sender };
  const extra = (env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return {
    settings, bucket: env.LEADS_BUCKET, allowedOrigins: [baked.origin, ...extra], originSecret: env.ORIGIN_SECRET,
    linkSecret: env.LEAD_LINK_SECRET, webhook: env.LEAD_WEBHOOK_URL ? { url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET! } : undefined,
  };
}
