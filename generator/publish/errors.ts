// The failures of `site publish` that a person or a pipeline can act on, each with its exit
// code and a message that says what happened and what to do. Anything else is a bug (exit 3).
import { EXIT, UserError } from '../problems/errors.ts';

/** Exit codes of `site publish` (0, 1, 2 and 3 mean what they mean for every command). */
export const PUBLISH_EXIT = {
  /** The build did not pass validation. */
  invalid: EXIT.content,
  /** Not a publishable build, bad flags, no region. */
  usage: EXIT.usage,
  /** S3 or the network failed after the retries; re-running is safe. */
  failed: EXIT.aws,
  /** No credentials, credentials rejected, or access denied. */
  credentials: EXIT.credentials,
  /** The bucket does not exist. */
  bucket: EXIT.bucket,
} as const;

export type PublishErrorKind = keyof typeof PUBLISH_EXIT;

/** A UserError of `site publish`: its kind decides its exit code. */
export class PublishError extends UserError {
  constructor(
    readonly kind: PublishErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, PUBLISH_EXIT[kind], options);
    this.name = 'PublishError';
  }
}

interface AwsError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number; attempts?: number };
}

const REJECTED = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'ExpiredToken', 'InvalidToken', 'TokenRefreshRequired', 'InvalidClientTokenId', 'ExpiredTokenException']);
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

/**
 * Turns an error thrown by the SDK into a PublishError that says what to do, or returns
 * undefined when the error did not come from AWS or the network (then it is a bug).
 */
export function fromAwsError(error: unknown, context: { bucket: string; action: string; key?: string }): PublishError | undefined {
  if (error instanceof PublishError) return error;
  const e = (error ?? {}) as AwsError;
  const name = e.name ?? '';
  const status = e.$metadata?.httpStatusCode;
  const where = `s3://${context.bucket}${context.key ? `/${context.key}` : ''}`;
  if (name === 'CredentialsProviderError') {
    return new PublishError('credentials', 'No AWS credentials found. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or in CI assume a role with OIDC (aws-actions/configure-aws-credentials).', { cause: error });
  }
  if (REJECTED.has(name)) {
    return new PublishError('credentials', `AWS rejected the credentials (${name}: ${e.message}). Check the access key and secret, or refresh the session.`, { cause: error });
  }
  if (name === 'NoSuchBucket' || (status === 404 && name === 'NotFound' && !context.key)) {
    return new PublishError('bucket', `Bucket "${context.bucket}" does not exist. Check --bucket (and --region); the infrastructure stack creates it.`, { cause: error });
  }
  if (name === 'AccessDenied' || name === 'Forbidden' || status === 403) {
    return new PublishError('credentials', `Access denied: ${context.action} on ${where}. The role needs s3:ListBucket, s3:GetObject, s3:PutObject and, for --delete, s3:DeleteObject on the site bucket.`, { cause: error });
  }
  if (name === 'PermanentRedirect' || name === 'AuthorizationHeaderMalformed') {
    return new PublishError('usage', `Bucket "${context.bucket}" is in another region than the one used (${name}: ${e.message}). Pass its region with --region.`, { cause: error });
  }
  if (/region is missing/i.test(e.message ?? '')) {
    return new PublishError('usage', 'No AWS region: pass --region or set AWS_REGION.', { cause: error });
  }
  if (e.$metadata || NETWORK.has(e.code ?? '') || name === 'TimeoutError' || name === 'RequestTimeout') {
    const attempts = e.$metadata?.attempts;
    const label = name && name !== 'Error' ? name : (e.code ?? 'Error');
    return new PublishError('failed', `${context.action} ${where} failed${attempts ? ` after ${attempts} attempts` : ''}: ${label}: ${e.message || 'no message'}. Visitors still get a consistent site; run the same publish again to finish.`, { cause: error });
  }
  return undefined;
}
