// Bundle-only stand-in for @aws-sdk/credential-provider-node (scripts/bundle-function.mjs
// aliases it). In Lambda the runtime always puts the execution role's credentials in the
// environment, so the SSO, profile, process and web-identity chains are dead weight.
import { fromEnv } from '@aws-sdk/credential-provider-env';

export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
